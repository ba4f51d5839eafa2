import { and, eq, exists, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { scheduleFilterSchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { DAY_MS, SLOT_WINDOW_DAYS } from '../../shared/constants'
import type { AssignedSlot, Calendar, CalendarPost, ScheduleItem } from '../../shared/domain'
import { postStatusSchema } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { assignedSlotPages, assignedSlots, businessPages, memberships, teamMembers, teams } from '../db/schema'
import { badRequest, notFound } from '../errors'
import type { OrganizationSession } from '../http/route'
import { isUuid } from './ids'
import { selectSlotRows, toSlotView, viewerOf } from './slots'

/**
 * The read side of the Plan (issue 5): one member's slots, the calendar and the list view.
 *
 * Decisions (README, "Plan: the schedule"):
 * - The plan is shared: everyone in the organization sees everyone's slots (canEdit says what
 *   they may change). Everything is scoped to the session's organization, and only slots whose
 *   assignee is still an ACTIVE member show.
 * - Ranges are [from, to). GET /schedule/assigned-slots: the session's user unless userId (a
 *   member of the organization, else 404 memberNotFound), from defaults to now, to to from + 90
 *   days. GET /schedule/calendar: from and to required. Both at most 100 days (400
 *   calendarRangeTooLong); to must be after from. GET /schedule (list view) is paged by a keyset
 *   cursor over (time, id), so it needs no range limit: from defaults to now, to is open-ended;
 *   limit 100 by default, at most 500.
 * - Filters: status OPEN / DONE / MISSED filters slots (a post status such as PUBLISHED matches
 *   no slot; it will filter the posts); type is the post type; accountId is a member's user id
 *   (their slots) or a business page id (the page slots for it), anything else 404; teamId the
 *   slots of that team's members (another organization's team is 404 teamNotFound).
 * - Posts do not exist yet (issue 6): `posts` is always [] — see postsInRange, the seam where
 *   they join the calendar and the list.
 * - Efficiency: ONE query for the slots with their assignee, creator, tags, pages and series
 *   size (selectSlotRows), plus one for the teams the viewer leads (canEdit) and, with filters,
 *   one to resolve accountId / teamId. Never one query per slot.
 */

export type ScheduleFilter = z.output<typeof scheduleFilterSchema>

export const CALENDAR_MAX_DAYS = 100
export const SCHEDULE_LIMIT_DEFAULT = 100
export const ACCOUNT_NOT_FOUND = 'No member or business page with this id in your organization.'
export const RANGE_BACKWARDS = 'The end of the range must be after its start.'
export const CURSOR_INVALID = 'This list position is no longer valid. Reload the list.'

export interface ScheduleService {
  listAssigned(session: OrganizationSession, query: { userId?: string; from?: string; to?: string }): Promise<AssignedSlot[]>
  calendar(session: OrganizationSession, query: ScheduleFilter & { from: string; to: string }): Promise<Calendar>
  list(
    session: OrganizationSession,
    query: ScheduleFilter & { from?: string; to?: string; cursor?: string; limit: number }
  ): Promise<{ items: ScheduleItem[]; nextCursor: string | null }>
}

/** [from, to) with to after from and at most `maxDays` long (null: no limit). */
export function checkRange(from: Date, to: Date | null, maxDays: number | null): void {
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
    const time = typeof parsed.t === 'string' ? new Date(parsed.t) : null
    if (time && !Number.isNaN(time.getTime()) && typeof parsed.id === 'string' && isUuid(parsed.id)) return { time, id: parsed.id }
  } catch {
    // falls through to the 400
  }
  throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
}

/**
 * Issue 6 seam: the organization's posts in the range matching the filters (post statuses,
 * type, account, team). Posts linked to slots will also decide a slot's DONE status (slotStatus).
 * No posts exist yet.
 */
async function postsInRange(_executor: Executor, _organizationId: string, _range: { from: Date; to: Date | null }, _filter: ScheduleFilter): Promise<CalendarPost[]> {
  return []
}

export function createScheduleService(deps: { db: Database; clock: Clock }): ScheduleService {
  const { db, clock } = deps

  /** SQL conditions on assigned_slots for the filters; null when no slot can match (a post status). */
  async function slotFilter(executor: Executor, organizationId: string, filter: ScheduleFilter, now: Date): Promise<SQL[] | null> {
    const conditions: SQL[] = []
    if (filter.type) conditions.push(eq(assignedSlots.postType, filter.type))
    if (filter.accountId) {
      const id = filter.accountId
      if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND)
      const [member] = await executor
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, id)))
        .limit(1)
      if (member) conditions.push(eq(assignedSlots.assigneeId, id))
      else {
        const [page] = await executor
          .select({ id: businessPages.id })
          .from(businessPages)
          .where(and(eq(businessPages.organizationId, organizationId), eq(businessPages.id, id)))
          .limit(1)
        if (!page) throw notFound(ACCOUNT_NOT_FOUND)
        conditions.push(
          exists(
            executor
              .select({ one: sql`1` })
              .from(assignedSlotPages)
              .where(and(eq(assignedSlotPages.slotId, assignedSlots.id), eq(assignedSlotPages.businessPageId, page.id)))
          )
        )
      }
    }
    if (filter.teamId) {
      if (!isUuid(filter.teamId)) throw notFound(MESSAGES.teamNotFound)
      const [team] = await executor
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.organizationId, organizationId), eq(teams.id, filter.teamId)))
        .limit(1)
      if (!team) throw notFound(MESSAGES.teamNotFound)
      conditions.push(inArray(assignedSlots.assigneeId, executor.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))))
    }
    // The status last, so an unknown account or team is a 404 whatever the status.
    if (filter.status && postStatusSchema.safeParse(filter.status).success) return null
    if (filter.status === 'OPEN') conditions.push(gte(assignedSlots.time, now))
    // Issue 6: MISSED excludes and DONE selects the slots with a published post.
    if (filter.status === 'MISSED') conditions.push(lt(assignedSlots.time, now))
    if (filter.status === 'DONE') return null
    return conditions
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
      const rows = await selectSlotRows(
        db,
        organizationId,
        and(eq(assignedSlots.assigneeId, userId), gte(assignedSlots.time, from), lt(assignedSlots.time, to))
      )
      return rows.map((r) => toSlotView(viewer, r, now))
    },

    async calendar(session, query) {
      const organizationId = session.organization.id
      const now = clock.now()
      const from = new Date(query.from)
      const to = new Date(query.to)
      checkRange(from, to, CALENDAR_MAX_DAYS)
      const conditions = await slotFilter(db, organizationId, query, now)
      const viewer = await viewerOf(db, session)
      const rows = conditions
        ? await selectSlotRows(db, organizationId, and(gte(assignedSlots.time, from), lt(assignedSlots.time, to), ...conditions))
        : []
      return { slots: rows.map((r) => toSlotView(viewer, r, now)), posts: await postsInRange(db, organizationId, { from, to }, query) }
    },

    async list(session, query) {
      const organizationId = session.organization.id
      const now = clock.now()
      const from = query.from ? new Date(query.from) : now
      const to = query.to ? new Date(query.to) : null
      checkRange(from, to, null)
      const after = query.cursor ? decodeCursor(query.cursor) : null
      const conditions = await slotFilter(db, organizationId, query, now)
      const viewer = await viewerOf(db, session)
      const rows = conditions
        ? await selectSlotRows(
            db,
            organizationId,
            and(
              gte(assignedSlots.time, from),
              to ? lt(assignedSlots.time, to) : undefined,
              after ? sql`(${assignedSlots.time}, ${assignedSlots.id}) > (${after.time.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
              ...conditions
            ),
            query.limit + 1
          )
        : []
      const page = rows.slice(0, query.limit)
      const slots = page.map((r) => toSlotView(viewer, r, now))
      // Issue 6: posts (postsInRange) merge in here by (time, id) under the same cursor.
      const last = page[page.length - 1]
      return {
        items: slots.map((slot) => ({ kind: 'slot' as const, time: slot.time, slot })),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.time, last.id) : null
      }
    }
  }
}
