import { and, asc, eq, exists, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { isInstantInRange, type scheduleFilterSchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { DAY_MS, SLOT_WINDOW_DAYS } from '../../shared/constants'
import type { AssignedSlot, Calendar, CalendarPost, PostStatus, ScheduleItem, SlotStatus } from '../../shared/domain'
import { compactCalendar, type CompactCalendar } from '../../shared/domain/compactCalendar'
import { postStatusSchema, slotStatusSchema } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { assignedSlotPages, assignedSlots, businessPages, memberships, planVersions, posts, teamMembers, teams, users } from '../db/schema'
import { badRequest, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isUuid } from './ids'
import { postExcerpt } from './postLinks'
import { readSlots, viewerOf } from './slotView'

/**
 * The read side of the Plan (issue 5): one member's slots, the calendar and the list view.
 *
 * Decisions (docs/architecture.md, "Plan (assigned slots)"):
 * - The plan is shared: everyone in the organization sees everyone's slots (canEdit says what
 *   they may change). Everything is scoped to the session's organization, and only slots whose
 *   assignee is still an ACTIVE member show.
 * - Ranges are [from, to). GET /schedule/assigned-slots: the session's user unless userId (a
 *   member of the organization, else 404 memberNotFound), from defaults to now, to to from + 90
 *   days. GET /schedule/calendar: from and to required. Both at most 100 days (400
 *   calendarRangeTooLong); to must be after from. GET /schedule (list view) is paged by a keyset
 *   cursor over (time, id), so it needs no range limit: from defaults to now, to is open-ended;
 *   limit 100 by default, at most 500.
 * - Filters: status OPEN / DONE / MISSED filters slots and shows no posts; a post status filters
 *   posts and shows no slots (RECOMMENDED, issue 15: the reshares of recommended posts that are
 *   scheduled, being published or published — a draft has no place in time); type is the post
 *   type of both; accountId is a member's user id (their slots; the posts they publish as
 *   themselves) or a business page id (the page slots for
 *   it; the posts published as it), anything else 404; teamId the slots of that team's members and
 *   the posts they wrote (another organization's team is 404 teamNotFound).
 * - Posts (issue 6) on the Plan: SCHEDULED, PENDING_PUBLISH and PUBLISHED posts of everyone in
 *   the organization, at their publishedAt (published) or scheduledAt. Drafts are their author's
 *   own work in progress (a post that failed to publish is a draft again) and never show; the
 *   editor lists them (GET /posts). Posts show whoever wrote them, like published history.
 * - A slot is DONE when a published post is linked to it, whatever its time; OPEN and MISSED
 *   exclude DONE slots (the shared rule slotStatus; services/slotView.ts works out every slot's
 *   status, series size and post, and filters by status with the same rule in SQL).
 * - The list view merges slots and posts by (time, id) under one cursor: each side is read past
 *   the cursor up to limit + 1 rows, the merged page is the first `limit`.
 * - Efficiency: the slots in TWO statements whatever their number (slotView.readSlots: the slots
 *   with their series size, post and page ids as plain columns, then one look-up of the people,
 *   tags and pages they refer to), ONE for the posts with their account, plus one for the teams
 *   the viewer leads (canEdit) and, with filters, one to resolve accountId / teamId. Never one
 *   query per slot or post. The calendar (issue 16) answers in its compact wire shape, made by
 *   the shared encoder (compactCalendar in shared/domain/compactCalendar.ts).
 */

type ScheduleFilter = z.output<typeof scheduleFilterSchema>
type CalendarQuery = ScheduleFilter & { from: string; to: string }

/**
 * When a calendar answer changes without any write: a slot is OPEN until its time and MISSED just
 * after, so the answer holds until the earliest OPEN slot's time has passed (ms; Infinity when it
 * has none). Everything else in it changes only with the Plan version.
 */
export function calendarExpiresAt(calendar: CompactCalendar): number {
  let earliest = Number.POSITIVE_INFINITY
  for (const slot of calendar.slots) {
    if ((slot.status ?? calendar.defaults.status) !== 'OPEN') continue
    earliest = Math.min(earliest, Date.parse(slot.time) + 1)
  }
  return earliest
}

const CALENDAR_MAX_DAYS = 100
export const ACCOUNT_NOT_FOUND = 'No member or business page with this id in your organization.'
export const RANGE_BACKWARDS = 'The end of the range must be after its start.'
export const CURSOR_INVALID = 'This list position is no longer valid. Reload the list.'

/**
 * What a request's answer is cached under and the version of the data it was read at (e.g. the
 * organization's Plan version kept by triggers, read before the data). An entry is served only to
 * a request with the same key and the same version, before the entry expires.
 */
export interface CacheTicket {
  key: string
  version: string
  /** The request's "now" (the server's clock), in ms. */
  now: number
}

export interface ScheduleService {
  listAssigned(session: OrganizationSession, query: { userId?: string; from?: string; to?: string }): Promise<AssignedSlot[]>
  /** The calendar's slots and posts, each slot in full (the CSV export; `calendar` compacts it). */
  plan(session: OrganizationSession, query: CalendarQuery): Promise<Calendar>
  /** The calendar in its wire shape (shared/domain/compactCalendar.ts): `plan` compacted by the shared encoder. */
  calendar(session: OrganizationSession, query: CalendarQuery): Promise<CompactCalendar>
  /**
   * What the calendar's answer may be kept under (issue 16): the viewer and the query as the key,
   * and the organization's Plan version (migration 0015's triggers bump it with every change the
   * calendar shows), read now, before the calendar is. Null for OPEN and MISSED, whose slots
   * enter and leave the answer as time passes.
   */
  calendarTicket(session: OrganizationSession, query: CalendarQuery): Promise<CacheTicket | null>
  list(
    session: OrganizationSession,
    query: ScheduleFilter & { from?: string; to?: string; cursor?: string; limit: number }
  ): Promise<{ items: ScheduleItem[]; nextCursor: string | null }>
}

/** [from, to) with to after from and at most `maxDays` long (null: no limit). */
function checkRange(from: Date, to: Date | null, maxDays: number | null): void {
  if (to === null) return
  if (to.getTime() <= from.getTime()) throw badRequest(RANGE_BACKWARDS, { to: RANGE_BACKWARDS })
  if (maxDays !== null && to.getTime() - from.getTime() > maxDays * DAY_MS) {
    throw badRequest(MESSAGES.calendarRangeTooLong, { to: MESSAGES.calendarRangeTooLong })
  }
}

/** The list view's position: the last item's (time, id), base64url JSON. */
export function encodeCursor(time: Date, id: string): string {
  return Buffer.from(JSON.stringify({ t: time.toISOString(), id })).toString('base64url')
}

export function decodeCursor(cursor: string): { time: Date; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; id?: unknown }
    // A cursor the server could have written: a real instant in the API's [1970, 9000) (year 0 or
    // +275760 reached PostgreSQL and answered 500).
    const time = typeof parsed.t === 'string' && isInstantInRange(parsed.t) ? new Date(parsed.t) : null
    if (time && typeof parsed.id === 'string' && isUuid(parsed.id)) return { time, id: parsed.id }
  } catch {
    // falls through to the 400
  }
  throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
}

/** The post statuses the Plan shows. */
const PLAN_POST_STATUSES: PostStatus[] = ['SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED']

/** SQL conditions on the organization's posts for the filters; null when no post can match (a slot status). */
function postConditions(account: Account | null, teamId: string | null, filter: ScheduleFilter): SQL[] | null {
  const status = postStatusSchema.safeParse(filter.status)
  if (filter.status && !status.success) return null
  // RECOMMENDED (issue 15): the reshares of recommended posts on the Plan, whatever their Plan status.
  const recommended = status.success && status.data === 'RECOMMENDED'
  if (status.success && !recommended && !PLAN_POST_STATUSES.includes(status.data)) return null
  const conditions: SQL[] = [status.success && !recommended ? eq(posts.status, status.data) : inArray(posts.status, PLAN_POST_STATUSES)]
  if (recommended) conditions.push(isNotNull(posts.recommendationId))
  if (filter.type) conditions.push(eq(posts.type, filter.type))
  if (account?.kind === 'user') conditions.push(eq(posts.authorUserId, account.id), isNull(posts.businessPageId))
  if (account?.kind === 'page') conditions.push(eq(posts.businessPageId, account.id))
  if (teamId) conditions.push(inArray(posts.authorUserId, sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`))
  return conditions
}

/**
 * The organization's posts on the Plan in [from, to) (to null: open-ended), after `after` in
 * (time, id) order, matching the filters, with who they are published as. One query.
 */
async function postsInRange(
  executor: Executor,
  organizationId: string,
  range: { from: Date; to: Date | null; after?: { time: Date; id: string } | null; limit?: number },
  conditions: SQL[] | null
): Promise<CalendarPost[]> {
  if (!conditions) return []
  // Published posts sit at their publishing time, the others at their scheduled time.
  const time = sql`coalesce(${posts.publishedAt}, ${posts.scheduledAt})`
  const query = executor
    .select({
      id: posts.id,
      time: sql<Date>`coalesce(${posts.publishedAt}, ${posts.scheduledAt})`.mapWith(posts.scheduledAt),
      status: posts.status,
      type: posts.type,
      slotId: posts.slotId,
      head: sql<string>`left(${posts.text}, 200)`,
      authorId: posts.authorUserId,
      authorName: users.fullName,
      authorImage: users.image,
      pageId: posts.businessPageId,
      pageName: businessPages.linkedInCompanyName,
      pageImage: businessPages.image
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
    .where(
      and(
        eq(posts.organizationId, organizationId),
        sql`${time} >= ${range.from.toISOString()}::timestamptz`,
        range.to ? sql`${time} < ${range.to.toISOString()}::timestamptz` : undefined,
        range.after ? sql`(${time}, ${posts.id}) > (${range.after.time.toISOString()}::timestamptz, ${range.after.id}::uuid)` : undefined,
        ...conditions
      )
    )
    .orderBy(asc(time), asc(posts.id))
  const rows = range.limit === undefined ? await query : await query.limit(range.limit)
  return rows.map((r) => ({
    id: r.id,
    time: r.time.toISOString(),
    status: r.status,
    postType: r.type,
    account:
      r.pageId && r.pageName !== null
        ? { id: r.pageId, name: r.pageName, kind: 'page' as const, image: r.pageImage }
        : { id: r.authorId, name: r.authorName, kind: 'user' as const, image: r.authorImage },
    excerpt: postExcerpt(r.head, 120),
    slotId: r.slotId
  }))
}

type Account = { kind: 'user' | 'page'; id: string }

/** The slot side of the filters: conditions on assigned_slots and the slot status asked for. */
interface SlotFilter {
  where: SQL | undefined
  status: SlotStatus | undefined
}

export function createScheduleService(deps: { db: Database; clock: Clock }): ScheduleService {
  const { db, clock } = deps

  /**
   * SQL conditions for the filters, on assigned_slots and on posts; null on a side nothing can
   * match (a post status shows no slot, a slot status no post). Unknown accounts and teams are 404.
   */
  async function filters(executor: Executor, organizationId: string, filter: ScheduleFilter): Promise<{ slots: SlotFilter | null; posts: SQL[] | null }> {
    let account: Account | null = null
    if (filter.accountId) {
      const id = filter.accountId
      if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND)
      const [member] = await executor
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, id)))
        .limit(1)
      if (member) account = { kind: 'user', id }
      else {
        const [page] = await executor
          .select({ id: businessPages.id })
          .from(businessPages)
          .where(and(eq(businessPages.organizationId, organizationId), eq(businessPages.id, id)))
          .limit(1)
        if (!page) throw notFound(ACCOUNT_NOT_FOUND)
        account = { kind: 'page', id: page.id }
      }
    }
    let teamId: string | null = null
    if (filter.teamId) {
      if (!isUuid(filter.teamId)) throw notFound(MESSAGES.teamNotFound)
      const [team] = await executor
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.organizationId, organizationId), eq(teams.id, filter.teamId)))
        .limit(1)
      if (!team) throw notFound(MESSAGES.teamNotFound)
      teamId = team.id
    }
    return { slots: slotFilter(executor, account, teamId, filter), posts: postConditions(account, teamId, filter) }
  }

  /** The slot side of the filters; the status is readSlots' own (slotView.ts works it out). */
  function slotFilter(executor: Executor, account: Account | null, teamId: string | null, filter: ScheduleFilter): SlotFilter | null {
    if (filter.status && postStatusSchema.safeParse(filter.status).success) return null
    const conditions: SQL[] = []
    if (filter.type) conditions.push(eq(assignedSlots.postType, filter.type))
    if (account?.kind === 'user') conditions.push(eq(assignedSlots.assigneeId, account.id))
    if (account?.kind === 'page') {
      conditions.push(
        exists(
          executor
            .select({ one: sql`1` })
            .from(assignedSlotPages)
            .where(and(eq(assignedSlotPages.slotId, assignedSlots.id), eq(assignedSlotPages.businessPageId, account.id)))
        )
      )
    }
    if (teamId) conditions.push(inArray(assignedSlots.assigneeId, executor.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId))))
    const status = slotStatusSchema.safeParse(filter.status)
    return { where: and(...conditions), status: status.success ? status.data : undefined }
  }

  /** The calendar's slots and posts: the same filters, range and scope; each slot in full. */
  async function plan(session: OrganizationSession, query: CalendarQuery): Promise<Calendar> {
    const organizationId = session.organization.id
    const now = clock.now()
    const from = new Date(query.from)
    const to = new Date(query.to)
    checkRange(from, to, CALENDAR_MAX_DAYS)
    const conditions = await filters(db, organizationId, query)
    const viewer = await viewerOf(db, session)
    const slots = conditions.slots
      ? await readSlots(db, viewer, { where: and(gte(assignedSlots.time, from), lt(assignedSlots.time, to), conditions.slots.where), status: conditions.slots.status, now })
      : []
    return { slots, posts: await postsInRange(db, organizationId, { from, to }, conditions.posts) }
  }

  return {
    async listAssigned(session, query) {
      const organizationId = session.organization.id
      const now = clock.now()
      const userId = query.userId ?? session.userId
      const from = query.from ? new Date(query.from) : now
      const to = query.to ? new Date(query.to) : new Date(from.getTime() + SLOT_WINDOW_DAYS * DAY_MS)
      checkRange(from, to, CALENDAR_MAX_DAYS)
      if (!isUuid(userId)) throw notFound(MESSAGES.memberNotFound)
      const [member] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
        .limit(1)
      if (!member) throw notFound(MESSAGES.memberNotFound)
      const viewer = await viewerOf(db, session)
      return readSlots(db, viewer, { where: and(eq(assignedSlots.assigneeId, userId), gte(assignedSlots.time, from), lt(assignedSlots.time, to)), now })
    },

    plan,

    async calendar(session, query) {
      return compactCalendar(await plan(session, query))
    },

    async calendarTicket(session, query) {
      if (query.status === 'OPEN' || query.status === 'MISSED') return null
      const now = clock.now().getTime()
      const [row] = await db.select({ version: planVersions.version }).from(planVersions).where(eq(planVersions.organizationId, session.organization.id))
      const key = JSON.stringify([
        session.organization.id,
        session.userId,
        session.organization.role,
        new Date(query.from).toISOString(),
        new Date(query.to).toISOString(),
        query.accountId ?? null,
        query.teamId ?? null,
        query.status ?? null,
        query.type ?? null
      ])
      return { key, version: String(row?.version ?? 0), now }
    },

    async list(session, query) {
      const organizationId = session.organization.id
      const now = clock.now()
      const from = query.from ? new Date(query.from) : now
      const to = query.to ? new Date(query.to) : null
      checkRange(from, to, null)
      const after = query.cursor ? decodeCursor(query.cursor) : null
      const conditions = await filters(db, organizationId, query)
      const viewer = await viewerOf(db, session)
      const slots = conditions.slots
        ? await readSlots(db, viewer, {
            where: and(
              gte(assignedSlots.time, from),
              to ? lt(assignedSlots.time, to) : undefined,
              after ? sql`(${assignedSlots.time}, ${assignedSlots.id}) > (${after.time.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
              conditions.slots.where
            ),
            status: conditions.slots.status,
            now,
            limit: query.limit + 1
          })
        : []
      const postRows = await postsInRange(db, organizationId, { from, to, after, limit: query.limit + 1 }, conditions.posts)
      const items: ScheduleItem[] = [
        ...slots.map((slot) => ({ kind: 'slot' as const, time: slot.time, slot })),
        ...postRows.map((post) => ({ kind: 'post' as const, time: post.time, post }))
      ].sort((a, b) => a.time.localeCompare(b.time) || itemId(a).localeCompare(itemId(b)))
      const page = items.slice(0, query.limit)
      const last = page[page.length - 1]
      return {
        items: page,
        nextCursor: items.length > query.limit && last ? encodeCursor(new Date(last.time), itemId(last)) : null
      }
    }
  }
}

const itemId = (item: ScheduleItem) => (item.kind === 'slot' ? item.slot.id : item.post.id)
