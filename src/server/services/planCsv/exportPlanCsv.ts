import { Readable } from 'node:stream'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { PLAN_IMPORT_COLUMNS } from '../../../shared/api/contract'
import { localDate, localTime } from '../../../shared/rules'
import { posts, users } from '../../db/schema'
import { badRequest } from '../../errors'
import type { CsvDownload } from '../analytics/csvDownload'
import { checkedTimeZone, UNKNOWN_TIME_ZONE } from '../analytics/timeZones'
import { csvWriter } from '../csv'
import { postExcerpt } from '../postLinks'
import type { OrganizationSession } from '../sessions'
import { chunked, safeTimeZone } from '../slots'
import type { ExportQuery, PlanCsvDeps } from './types'

/*
 * GET /schedule/export: the calendar's own read as one row per slot and one per post on the Plan
 * that is not an exported slot's post, in time order, in the viewer's zone (docs/architecture.md,
 * "The plan as CSV": export is the calendar).
 */

export const EXPORT_HEADER = [
  'Kind',
  PLAN_IMPORT_COLUMNS.memberEmail,
  'Member',
  PLAN_IMPORT_COLUMNS.date,
  PLAN_IMPORT_COLUMNS.time,
  PLAN_IMPORT_COLUMNS.timeZone,
  PLAN_IMPORT_COLUMNS.topicTag,
  PLAN_IMPORT_COLUMNS.page,
  PLAN_IMPORT_COLUMNS.postType,
  PLAN_IMPORT_COLUMNS.audience,
  PLAN_IMPORT_COLUMNS.contentIdea,
  'Slot status',
  'Post status',
  'Post text'
]

const EXCERPT_LENGTH = 120

type Calendar = Awaited<ReturnType<PlanCsvDeps['schedule']['plan']>>
interface Entry {
  time: string
  id: string
  cells: unknown[]
}

/** The export's zone: `timezone` when given (400 unless Intl knows it), else the viewer's. */
async function exportTimeZone(deps: Pick<PlanCsvDeps, 'db'>, session: OrganizationSession, query: ExportQuery): Promise<string> {
  const [me] = await deps.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, session.userId))
  let timeZone = safeTimeZone(me?.timezone)
  if (query.timezone) {
    const zone = checkedTimeZone(query.timezone)
    if (!zone) throw badRequest(UNKNOWN_TIME_ZONE, { timezone: UNKNOWN_TIME_ZONE })
    timeZone = zone
  }
  return timeZone
}

/** The calendar as file rows: it names people and posts; the file also wants emails, each slot's post and each post's author. */
async function entriesOf(deps: Pick<PlanCsvDeps, 'db'>, session: OrganizationSession, calendar: Calendar, timeZone: string): Promise<Entry[]> {
  const { db } = deps
  const slotPostIds = calendar.slots.map((s) => s.postId).filter((id): id is string => id !== null)
  const postInfo = new Map<string, { status: string; head: string; authorId: string }>()
  for (const part of chunked([...new Set([...slotPostIds, ...calendar.posts.map((p) => p.id)])], 5000)) {
    const found = await db
      .select({ id: posts.id, status: posts.status, head: sql<string>`left(${posts.text}, 200)`, authorId: posts.authorUserId })
      .from(posts)
      .where(and(eq(posts.organizationId, session.organization.id), inArray(posts.id, part)))
    for (const p of found) postInfo.set(p.id, p)
  }
  const userIds = [...new Set([...calendar.slots.map((s) => s.assignee.id), ...[...postInfo.values()].map((p) => p.authorId)])]
  const people = new Map<string, { email: string; fullName: string }>()
  for (const part of chunked(userIds, 5000)) {
    for (const u of await db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(inArray(users.id, part))) people.set(u.id, u)
  }

  const when = (instant: string) => [localDate(instant, timeZone), localTime(instant, timeZone), timeZone]
  const exported = new Set(slotPostIds)
  const entries: Entry[] = []
  for (const slot of calendar.slots) {
    const post = slot.postId ? postInfo.get(slot.postId) : undefined
    entries.push({ time: slot.time, id: slot.id, cells: [
      'Slot',
      people.get(slot.assignee.id)?.email,
      slot.assignee.fullName,
      ...when(slot.time),
      slot.tag?.title,
      slot.businessPages.map((p) => p.linkedInCompanyName).join('; '),
      slot.postType,
      slot.targetAudience,
      slot.comment,
      slot.status,
      post?.status ?? '',
      post ? postExcerpt(post.head, EXCERPT_LENGTH) : ''
    ] })
  }
  for (const post of calendar.posts) {
    if (exported.has(post.id)) continue
    const author = people.get(postInfo.get(post.id)?.authorId ?? '')
    entries.push({ time: post.time, id: post.id, cells: [
      'Post',
      author?.email,
      author?.fullName,
      ...when(post.time),
      '',
      post.account.kind === 'page' ? post.account.name : '',
      post.postType,
      '',
      '',
      '',
      post.status,
      post.excerpt
    ] })
  }
  return entries
}

export async function exportPlanCsv(deps: Pick<PlanCsvDeps, 'db' | 'schedule'>, session: OrganizationSession, query: ExportQuery): Promise<CsvDownload> {
  const timeZone = await exportTimeZone(deps, session, query)
  const calendar = await deps.schedule.plan(session, query)
  const entries = await entriesOf(deps, session, calendar, timeZone)
  entries.sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id))
  const records = [EXPORT_HEADER, ...entries.map((e) => e.cells)]
  const first = localDate(query.from, timeZone)
  const last = localDate(new Date(Math.max(new Date(query.from).getTime(), new Date(query.to).getTime() - 1)), timeZone)
  return { fileName: `pagecrew-plan-${first}-${last}.csv`, body: Readable.from(records).pipe(csvWriter()) }
}
