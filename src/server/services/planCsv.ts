import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  createSlotBodySchema,
  PLAN_IMPORT_COLUMNS,
  PLAN_IMPORT_MAX_ROWS,
  type endpoints,
  type PlanImportField,
  type PlanImportPreview
} from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { TIME_OPTIONS } from '../../shared/constants'
import { postTypeSchema, type PostType } from '../../shared/domain'
import { localDate, localTime, zonedInstant } from '../../shared/rules'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { assignedSlotPages, assignedSlots, businessPages, memberships, postTags, posts, users } from '../db/schema'
import { ApiError, badRequest } from '../errors'
import type { OrganizationSession } from './sessions'
import { lockOrganization } from './access'
import { checkedTimeZone, UNKNOWN_TIME_ZONE, type CsvDownload } from './analytics'
import { csvUnguarded, csvWriter } from './csv'
import type { NotificationService } from './notifications'
import { postExcerpt } from './postLinks'
import type { ScheduleService } from './schedule'
import {
  chunked,
  isOptionInstant,
  linkedToAll,
  notifyAssignee,
  recordSlotsAssigned,
  requireMayAssign,
  requireWindow,
  safeTimeZone,
  withTag,
  type Person
} from './slots'
import { viewerOf, type Viewer } from './slotView'

/**
 * The Plan as CSV (issue 17): export the calendar, import slots.
 *
 * Decisions (docs/architecture.md, "The plan as CSV"):
 * - Export is the calendar (schedule.plan: the calendar's slots in full, read like every other
 *   slot answer in services/slotView.ts, with the same filters, range limit and scope, so it shows
 *   exactly what the Plan shows) as one row per slot and one per post on the Plan that is not the
 *   post of an exported slot, in time order. Times are the wall-clock date and time in the viewer's
 *   time zone (or `timezone`), with the zone in its own column. Text a spreadsheet would run as a
 *   formula starts with a quote, wherever in a cell one could start (services/csv.ts).
 * - Import rows are checked with the assign-slot modal's rules, through the functions slot
 *   creation uses (services/slots/): an ACTIVE member of the organization (slotMemberUnknown;
 *   another organization's people, tags and pages are simply unknown), one the caller may assign
 *   to (requireMayAssign: a MEMBER only themselves, a team leader their teams), a quarter-hour time
 *   (isOptionInstant), the day from tomorrow to 90 days ahead in the assignee's time zone
 *   (requireWindow), a topic tag assigned to the member (withTag) or a page the member is linked
 *   to (linkedToAll), never both (slotTagWithPages), and the create payload's own limits for
 *   the audience and the content idea (createSlotBodySchema). The time zone column is optional:
 *   empty means the assignee's. Post type is the API's name (textOnly, images, …), default textOnly.
 * - Lookups are batched: one query for the members by email, one for the tags, one for the pages,
 *   then one per distinct (tag) and (page) for assignments and links. Never a query per row.
 * - Commit checks again inside the transaction (organization locked, like slot creation) and
 *   writes every slot or none: one invalid row is a 400 whose fields name each row's problems
 *   ('<line>.<column key>'). Each row is a slot of its own series. Each assignee other than the
 *   importer gets ONE notification for all of their new slots (notifyAssignee, '(×N)').
 * - A cell that export guarded with quotes (csvSafeText) loses them on import (csvUnguarded).
 */

type ExportQuery = z.output<(typeof endpoints)['exportSchedule']['query']>

export const IMPORT_NO_ROWS = 'The file has no rows to import.'
export const IMPORT_TOO_MANY_ROWS = `Import at most ${PLAN_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.`
export const IMPORT_UNREADABLE = 'This file is not a readable CSV.'
export const IMPORT_ROWS_INVALID = (n: number) => `${n === 1 ? '1 row needs' : `${n} rows need`} fixing. Nothing was imported.`
export const IMPORT_NEEDS_EMAIL = "Enter the member's email."
export const IMPORT_DATE_FORMAT = 'Use a date as YYYY-MM-DD.'
export const IMPORT_TAG_UNKNOWN = 'No topic tag with this title in your organization.'
export const IMPORT_PAGE_UNKNOWN = 'No business page with this name in your organization.'
export const IMPORT_POST_TYPE = `Use one of: ${postTypeSchema.options.join(', ')}.`
export const importMissingColumns = (names: string[]) => `The header row needs the column${names.length > 1 ? 's' : ''} ${names.join(', ')}.`

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

const REQUIRED: PlanImportField[] = ['memberEmail', 'date', 'time']
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const EXCERPT_LENGTH = 120

export interface PlanCsvService {
  exportCsv(session: OrganizationSession, query: ExportQuery): Promise<CsvDownload>
  preview(session: OrganizationSession, csv: string): Promise<PlanImportPreview>
  commit(session: OrganizationSession, csv: string): Promise<{ created: number }>
}

type RowValues = Record<PlanImportField, string>
interface ParsedRow {
  line: number
  values: RowValues
}

/** The file's rows under its header (400 when it is unreadable, lacks a column or has no or too many rows). */
export function parseImportCsv(csv: string): ParsedRow[] {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: true }) as unknown as typeof records
  } catch (err) {
    const line = (err as { lines?: unknown }).lines
    throw badRequest(typeof line === 'number' ? `${IMPORT_UNREADABLE} Check line ${line}.` : IMPORT_UNREADABLE, { csv: IMPORT_UNREADABLE })
  }
  const [header, ...body] = records
  if (!header) throw badRequest(IMPORT_NO_ROWS, { csv: IMPORT_NO_ROWS })
  const names = header.record.map((name) => name.trim().toLowerCase())
  const index = {} as Record<PlanImportField, number>
  const missing: string[] = []
  for (const [field, title] of Object.entries(PLAN_IMPORT_COLUMNS) as [PlanImportField, string][]) {
    index[field] = names.indexOf(title.toLowerCase())
    if (index[field] < 0 && REQUIRED.includes(field)) missing.push(title)
  }
  if (missing.length > 0) throw badRequest(importMissingColumns(missing), { csv: importMissingColumns(missing) })
  const rows = body.filter((r) => r.record.some((cell) => cell !== ''))
  if (rows.length === 0) throw badRequest(IMPORT_NO_ROWS, { csv: IMPORT_NO_ROWS })
  if (rows.length > PLAN_IMPORT_MAX_ROWS) throw badRequest(IMPORT_TOO_MANY_ROWS, { csv: IMPORT_TOO_MANY_ROWS })
  return rows.map(({ record, info }) => {
    const values = {} as RowValues
    for (const field of Object.keys(PLAN_IMPORT_COLUMNS) as PlanImportField[]) {
      values[field] = index[field] < 0 ? '' : csvUnguarded(record[index[field]] ?? '')
    }
    return { line: info.lines, values }
  })
}

/** 'HH:MM' or 'H:MM' as 'HH:MM'; anything else as typed. */
const paddedTime = (time: string) => (/^\d:\d{2}$/.test(time) ? `0${time}` : time)

/** An ApiError's message (the slot rules throw them), else rethrow. */
function messageOf(run: () => void): string | null {
  try {
    run()
    return null
  } catch (err) {
    if (err instanceof ApiError) return err.message
    throw err
  }
}

/** What a checked row creates. */
interface SlotPlan {
  assignee: Person
  time: Date
  timeZone: string
  tagId: string | null
  pageId: string | null
  postType: PostType
  targetAudience: string
  comment: string
}

export function createPlanCsvService(deps: { db: Database; clock: Clock; notifications: NotificationService; schedule: ScheduleService }): PlanCsvService {
  const { db, clock, notifications, schedule } = deps

  /** Every row's errors and, for valid rows, the slot it makes. A bounded number of queries whatever the row count. */
  async function check(executor: Executor, session: OrganizationSession, rows: ParsedRow[]) {
    const organizationId = session.organization.id
    const now = clock.now()
    const viewer: Viewer = await viewerOf(executor, session)

    const emails = [...new Set(rows.map((r) => r.values.memberEmail.toLowerCase()).filter(Boolean))]
    const members = new Map<string, Person>()
    for (const part of chunked(emails, 5000)) {
      const found = await executor
        .select({ id: users.id, email: users.email, fullName: users.fullName, timezone: users.timezone })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'ACTIVE'), inArray(sql`lower(${users.email})`, part)))
      for (const m of found) members.set(m.email.toLowerCase(), { id: m.id, fullName: m.fullName, timezone: safeTimeZone(m.timezone) })
    }
    const tagRows = await executor.select({ id: postTags.id, title: postTags.title }).from(postTags).where(eq(postTags.organizationId, organizationId))
    const tagsByTitle = new Map(tagRows.map((t) => [t.title.trim().toLowerCase(), t.id]))
    const pageRows = await executor
      .select({ id: businessPages.id, name: businessPages.linkedInCompanyName })
      .from(businessPages)
      .where(eq(businessPages.organizationId, organizationId))
    const pagesByName = new Map(pageRows.map((p) => [p.name.trim().toLowerCase(), p.id]))

    // Per row: the member, tag and page it names (for the batched assignment and link checks).
    const named = rows.map((r) => ({
      member: members.get(r.values.memberEmail.toLowerCase()) ?? null,
      tagId: r.values.topicTag ? (tagsByTitle.get(r.values.topicTag.toLowerCase()) ?? null) : null,
      pageId: r.values.page ? (pagesByName.get(r.values.page.toLowerCase()) ?? null) : null
    }))
    const usersPer = (key: 'tagId' | 'pageId') => {
      const out = new Map<string, Set<string>>()
      for (const n of named) {
        if (!n.member || !n[key]) continue
        const set = out.get(n[key]) ?? new Set<string>()
        set.add(n.member.id)
        out.set(n[key], set)
      }
      return out
    }
    const tagged = new Map<string, Set<string>>()
    for (const [tagId, ids] of usersPer('tagId')) tagged.set(tagId, await withTag(executor, organizationId, [...ids], tagId))
    const linked = new Map<string, Set<string>>()
    for (const [pageId, ids] of usersPer('pageId')) linked.set(pageId, await linkedToAll(executor, organizationId, [...ids], [pageId]))

    // Per distinct value, not per row: both build Intl formatters, about 0.15 ms a call.
    const zones = new Map<string, string | null>()
    const zoneOf = (name: string) => {
      if (!zones.has(name)) zones.set(name, checkedTimeZone(name))
      return zones.get(name)!
    }
    const windows = new Map<string, string | null>()
    const outsideWindow = (time: Date, timeZone: string) => {
      const key = `${localDate(time, timeZone)}|${timeZone}`
      if (!windows.has(key)) windows.set(key, messageOf(() => requireWindow(time, now, [timeZone])))
      return windows.get(key)!
    }

    return rows.map((row, i) => {
      const { values } = row
      const { member, tagId, pageId } = named[i]!
      const errors: Partial<Record<PlanImportField, string>> = {}
      if (!values.memberEmail) errors.memberEmail = IMPORT_NEEDS_EMAIL
      else if (!member) errors.memberEmail = MESSAGES.slotMemberUnknown
      else {
        const refused = messageOf(() => requireMayAssign(viewer, [member.id]))
        if (refused) errors.memberEmail = refused
      }

      let timeZone = member?.timezone ?? 'UTC'
      if (values.timeZone) {
        const zone = zoneOf(values.timeZone)
        if (zone) timeZone = zone
        else errors.timeZone = UNKNOWN_TIME_ZONE
      }
      const date = values.date
      // A day that does not exist (2026-13-01, 0000-00-00) is this row's problem: no Date to format.
      const noon = DATE_PATTERN.test(date) ? new Date(`${date}T12:00:00Z`) : null
      const dateOk = noon !== null && !Number.isNaN(noon.getTime()) && localDate(noon, 'UTC') === date
      if (!dateOk) errors.date = IMPORT_DATE_FORMAT
      const wallClock = paddedTime(values.time)
      if (!TIME_OPTIONS.includes(wallClock)) errors.time = MESSAGES.slotTimeNotOption
      let time: Date | null = null
      if (dateOk && !errors.time && !errors.timeZone) {
        time = zonedInstant(date, wallClock, timeZone)
        // A wall-clock time that does not exist that day (a DST gap) is no time option either.
        if (!isOptionInstant(time, timeZone) || localTime(time, timeZone) !== wallClock) errors.time = MESSAGES.slotTimeNotOption
        else if (member) {
          const outside = outsideWindow(time, member.timezone)
          if (outside) errors.date = outside
        }
      }

      if (values.topicTag && !tagId) errors.topicTag = IMPORT_TAG_UNKNOWN
      if (values.page && !pageId) errors.page = IMPORT_PAGE_UNKNOWN
      if (values.topicTag && values.page) errors.topicTag = MESSAGES.slotTagWithPages
      else if (member && tagId && !tagged.get(tagId)?.has(member.id)) errors.topicTag = MESSAGES.slotTagNotAllowed
      if (member && pageId && !linked.get(pageId)?.has(member.id)) errors.page = MESSAGES.slotPageNotLinked

      const postType = values.postType ? postTypeSchema.options.find((t) => t.toLowerCase() === values.postType.toLowerCase()) : 'textOnly'
      if (!postType) errors.postType = IMPORT_POST_TYPE
      const audience = createSlotBodySchema.shape.targetAudience.safeParse(values.audience)
      if (!audience.success) errors.audience = audience.error.issues[0]?.message ?? IMPORT_UNREADABLE
      const comment = createSlotBodySchema.shape.comment.safeParse(values.contentIdea)
      if (!comment.success) errors.contentIdea = comment.error.issues[0]?.message ?? IMPORT_UNREADABLE

      const plan: SlotPlan | null =
        Object.keys(errors).length === 0 && member && time && postType && audience.success && comment.success
          ? { assignee: member, time, timeZone, tagId, pageId, postType, targetAudience: audience.data, comment: comment.data }
          : null
      return { line: row.line, values: values as Record<string, string>, errors: errors as Record<string, string>, plan }
    })
  }

  const summary = (checked: { errors: Record<string, string> }[]) => {
    const invalid = checked.filter((r) => Object.keys(r.errors).length > 0).length
    return { total: checked.length, valid: checked.length - invalid, invalid }
  }

  return {
    async exportCsv(session, query) {
      const [me] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, session.userId))
      let timeZone = safeTimeZone(me?.timezone)
      if (query.timezone) {
        const zone = checkedTimeZone(query.timezone)
        if (!zone) throw badRequest(UNKNOWN_TIME_ZONE, { timezone: UNKNOWN_TIME_ZONE })
        timeZone = zone
      }
      const calendar = await schedule.plan(session, query)

      // The calendar names people and posts; the file also wants emails, each slot's post and each post's author.
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
      const entries: { time: string; id: string; cells: unknown[] }[] = []
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
      entries.sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id))
      const records = [EXPORT_HEADER, ...entries.map((e) => e.cells)]
      const first = localDate(query.from, timeZone)
      const last = localDate(new Date(Math.max(new Date(query.from).getTime(), new Date(query.to).getTime() - 1)), timeZone)
      return { fileName: `pagecrew-plan-${first}-${last}.csv`, body: Readable.from(records).pipe(csvWriter()) }
    },

    async preview(session, csv) {
      const checked = await check(db, session, parseImportCsv(csv))
      return { rows: checked.map(({ line, values, errors }) => ({ line, values, errors })), ...summary(checked) }
    },

    async commit(session, csv) {
      const rows = parseImportCsv(csv)
      const organizationId = session.organization.id
      const now = clock.now()
      return db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const checked = await check(tx, session, rows)
        const { invalid } = summary(checked)
        if (invalid > 0) {
          const fields: Record<string, string> = {}
          for (const row of checked) for (const [field, message] of Object.entries(row.errors)) fields[`${row.line}.${field}`] = message
          throw badRequest(IMPORT_ROWS_INVALID(invalid), fields)
        }
        const [assigner] = await tx.select({ id: users.id, fullName: users.fullName, timezone: users.timezone }).from(users).where(eq(users.id, session.userId))
        const slotRows = checked.map(({ plan }) => ({
          id: randomUUID(),
          organizationId,
          seriesId: randomUUID(),
          occurrence: 0,
          assigneeId: plan!.assignee.id,
          time: plan!.time,
          timezone: plan!.timeZone,
          comment: plan!.comment,
          autoAssign: false,
          tagId: plan!.tagId,
          isBusinessPageSlot: plan!.pageId !== null,
          businessPostTagId: null,
          targetAudience: plan!.targetAudience,
          postType: plan!.postType,
          recurrenceType: null,
          recurrenceInterval: null,
          recurrenceCount: null,
          createdById: session.userId,
          createdAt: now,
          updatedAt: now
        }))
        for (const part of chunked(slotRows, 1000)) await tx.insert(assignedSlots).values(part)
        await recordSlotsAssigned(tx, now, session, slotRows)
        const links = slotRows.flatMap((r, i) => {
          const pageId = checked[i]!.plan!.pageId
          return pageId ? [{ slotId: r.id, businessPageId: pageId, organizationId }] : []
        })
        for (const part of chunked(links, 3000)) await tx.insert(assignedSlotPages).values(part)
        const byAssignee = new Map<string, { assignee: Person; slots: { id: string; time: Date }[] }>()
        checked.forEach(({ plan }, i) => {
          const entry = byAssignee.get(plan!.assignee.id) ?? { assignee: plan!.assignee, slots: [] }
          entry.slots.push({ id: slotRows[i]!.id, time: slotRows[i]!.time })
          byAssignee.set(plan!.assignee.id, entry)
        })
        const importer: Person = { id: session.userId, fullName: assigner?.fullName ?? '', timezone: safeTimeZone(assigner?.timezone) }
        for (const { assignee, slots } of byAssignee.values()) await notifyAssignee(notifications, tx, organizationId, importer, assignee, slots)
        return { created: slotRows.length }
      })
    }
  }
}
