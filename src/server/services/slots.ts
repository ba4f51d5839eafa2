import { randomUUID } from 'node:crypto'
import { TZDate } from '@date-fns/tz'
import { addMonths, format, startOfMonth } from 'date-fns'
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm'
import type { z } from 'zod'
import type { createSlotBodySchema, endpoints, SlotScope } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { DAY_MS, TIME_OPTIONS } from '../../shared/constants'
import type { AssignedSlot } from '../../shared/domain'
import { checkRecurrence, expandRecurrence, isDateInSlotWindow, localDate, localTime, slotDateWindow, zonedInstant, type Recurrence } from '../../shared/rules'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import {
  assignedSlotPages,
  assignedSlots,
  businessPageMembers,
  businessPages,
  businessPostTags,
  memberships,
  postTagAssignments,
  postTags,
  users
} from '../db/schema'
import { badRequest, forbidden, notFound } from '../errors'
import { recordEvents } from '../events/outbox'
import type { OrganizationSession } from './sessions'
import { lockOrganization } from './access'
import { isUuid } from './ids'
import type { NotificationService } from './notifications'
import { canEditSlot, readSlots, viewerOf, type Viewer } from './slotView'
import { linkTo } from '../../shared/routes'

/**
 * Assigned slots of the Plan (issue 5): create, edit, move, delete and re-tag. The read side
 * (lists, calendar) is ./schedule.ts; both show slots through ./slotView.ts (readSlots).
 *
 * Decisions (docs/architecture.md, "Plan (assigned slots)"):
 * - Who may assign (spec §6): ADMIN and GHOST any ACTIVE member; a team leader (someone who leads
 *   at least one team) the members of the teams they lead and themselves (403 slotOnlyYourTeams);
 *   everyone else only themselves (403 slotOnlySelf). Assignees must be ACTIVE members of the
 *   session's organization: INVITED, unknown and other organizations' users are 400 slotMemberUnknown
 *   (checked before the permission, so a member learns nothing they could not see in the member list).
 * - Who may edit, move, re-tag or delete a slot: ADMIN/GHOST, the leaders of the assignee's team
 *   and the slot's creator (403 slotNotEditable). A slot of another organization, an unknown or a
 *   malformed id, or a slot whose assignee is no longer a member is 404 slotNotFound.
 * - Time: an instant. Its wall-clock time in the acting user's timezone (users.timezone, 'UTC'
 *   when unset) must be one of the 96 TIME_OPTIONS with zero seconds (400 slotTimeNotOption; every
 *   current IANA offset is a multiple of 15 minutes, so this is the same in every zone). Its day
 *   must lie from tomorrow to 90 days ahead in EACH assignee's timezone (400 slotDateOutsideWindow);
 *   the window binds the first occurrence only, later occurrences of a recurrence may lie beyond.
 * - Recurrence (spec §5): only when recurrenceType is set and recurrenceCount > 0; otherwise the
 *   interval and count are ignored and one slot is made. A missing interval counts as 1; weekly
 *   1–4, monthly exactly 1 (the client sends 1; any other value is 400 like a weekly 5), count
 *   1–16 occurrences in all, the first included (400 slotRecurrenceInvalid). Occurrences keep
 *   the wall-clock time of the slot's timezone across DST changes (expandRecurrence).
 * - The slot's timezone column: the assigner's timezone, in which recurrences are expanded and
 *   series moves are computed. Auto mode picks the time in the assignee's timezone, so an
 *   auto-assigned slot stores the assignee's timezone.
 * - Business pages: a slot is a business page slot exactly when businessPageId is non-empty (the
 *   payload's isBusinessPageSlot flag is derived, not trusted). The pages must be the
 *   organization's (404 businessPageNotFound); every assignee must be linked to every page
 *   (400 slotPageNotLinked); a topic tag is not allowed with pages (400 slotTagWithPages); the
 *   optional business post tag must belong to one of the pages (400 slotBusinessTagNotAllowed),
 *   and is not allowed without pages.
 * - Topic tag (no pages): at most one; a tag of the organization assigned to every assignee in
 *   post_tag_assignments, the same definition as POST /postTag/get-user-tags (400 slotTagNotAllowed).
 * - One create call is one series: a shared seriesId for every assignee and occurrence, one row
 *   per assignee and occurrence (occurrence 0, 1, …), all inserted in one transaction together
 *   with the notifications. The organization row is locked for the transaction, so a slot can
 *   never be created for a member who is being removed at the same moment.
 * - Notification: every assignee other than the assigner gets ONE notification per call, 'New
 *   posting slot 📅', naming the assigner, the first occurrence's day and time in the assignee's
 *   timezone and '(×N)' for N > 1 occurrences, linking to /schedule?slotId=<their first slot>.
 * - A move keeps those notifications true, in the same transaction: every notification linking to
 *   a moved slot gets the slot's new day and time (same wording otherwise); when someone other than
 *   the assignee moved it, it is retitled 'Posting slot moved 📅' and turns unread and newest again,
 *   rather than adding a second notification that a later move would make wrong in turn.
 * - Auto mode: see pickFairly and bestQuarterHour. The payload's time is ignored (the client
 *   sends tomorrow); so is currentDate, which is informational only.
 * - Edits (scope 'one' = this occurrence, 'series' = this occurrence and the same assignee's later
 *   ones in the series, time ≥ this one's): past slots (time < now) cannot be edited, moved or
 *   re-tagged (400 slotInPast) but can be deleted. A move shifts every affected occurrence by the
 *   same number of calendar days (in the slot's stored timezone) as this one moves, to the new
 *   wall-clock time (DST-safe); only this slot's target is checked against the time options and
 *   the window of the (new) assignee. A time equal to the current one is no move. A new assignee
 *   passes the create checks (membership, permission, page links, topic tags of the affected
 *   rows) and is notified like on create; the window is checked on a reassignment only when the
 *   time moves too. A page change re-checks the links and the rows' tags (strict: a topic tag or
 *   a business tag that no longer fits is a 400, never silently dropped).
 * - Tags (PUT /schedule/assign-slots/updateTags): undefined leaves a tag as it is, null clears
 *   it; the result must follow the create rules for each affected row.
 * - Status: DONE when a published post is linked to the slot (issue 6), MISSED when its time is
 *   before now, else OPEN: the shared rule slotStatus (shared/rules/slots.ts), applied in ./slotView.ts.
 * - Members leaving: removing a member from an organization deletes their slots from now on
 *   (deleteFutureSlots); past ones stay for the record but, like every slot of a non-member,
 *   never show.
 */

export type CreateSlotInput = z.output<typeof createSlotBodySchema>
export type UpdateSlotInput = z.output<(typeof endpoints)['updateAssignedSlot']['body']>
export type UpdateSlotTagsInput = z.output<(typeof endpoints)['updateSlotTags']['body']>

export const NEW_SLOT_TITLE = 'New posting slot 📅'
export const MOVED_SLOT_TITLE = 'Posting slot moved 📅'

/** How a slot notification names the slot's day and time, in the recipient's timezone: 'Tue 17 Mar 2026 at 09:00'. */
export function slotWhen(time: Date, timeZone: string): string {
  return format(new TZDate(time.getTime(), timeZone), "EEE d MMM yyyy 'at' HH:mm")
}
/** slotWhen's text inside a stored notification, so a move can put the new one in its place. */
const SLOT_WHEN_IN_MESSAGE = /(?<=posting slot on )[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2}/
/** The date, the series' count and the full stop that end an assignment's notification. */
const SLOT_WHEN_TO_END = /(?<=posting slot on ).*$/
export const slotLink = (slotId: string) => linkTo('schedule', { slotId })
export const DEFAULT_AUTO_HOUR = 9
/** Auto mode: how far back a member's slots count for their usual posting time. */
export const AUTO_HISTORY_DAYS = 90
/** Auto mode: the look-ahead of the second tie-break. */
export const AUTO_UPCOMING_DAYS = 30
/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters per statement). */
const INSERT_CHUNK = 1000
/** Ids per IN (…) list. */
const ID_CHUNK = 5000

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** A stored timezone, or UTC when missing or unknown to this runtime. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}

/** The quarter-hour option an 'HH:mm' wall-clock time falls in (floored). */
export function quarterOf(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number]
  return `${String(h).padStart(2, '0')}:${String(Math.floor(m / 15) * 15).padStart(2, '0')}`
}

/** Whether an instant's wall-clock time in the timezone is one of the TIME_OPTIONS (whole minutes). */
export function isOptionInstant(instant: Date, timeZone: string): boolean {
  return instant.getUTCSeconds() === 0 && instant.getUTCMilliseconds() === 0 && TIME_OPTIONS.includes(localTime(instant, timeZone))
}

const DATE_ONLY = (date: string) => Date.parse(`${date}T00:00:00Z`)
/** Calendar days from one 'yyyy-MM-dd' to another. */
export const daysBetween = (from: string, to: string) => Math.round((DATE_ONLY(to) - DATE_ONLY(from)) / DAY_MS)
export const addDaysTo = (date: string, days: number) => new Date(DATE_ONLY(date) + days * DAY_MS).toISOString().slice(0, 10)

/**
 * Auto mode, the time: the member's usual quarter-hour, i.e. the most common quarter-hour (in
 * their timezone) among their slots of the past 90 days; on a tie the quarter-hour used most
 * recently. Null without history (the caller then takes currentHour:00, default 09:00).
 */
export function bestQuarterHour(times: readonly Date[], timeZone: string): string | null {
  const seen = new Map<string, { n: number; last: number }>()
  for (const t of times) {
    const q = quarterOf(localTime(t, timeZone))
    const entry = seen.get(q) ?? { n: 0, last: -Infinity }
    entry.n++
    entry.last = Math.max(entry.last, t.getTime())
    seen.set(q, entry)
  }
  let best: { q: string; n: number; last: number } | null = null
  for (const [q, { n, last }] of seen) {
    if (!best || n > best.n || (n === best.n && last > best.last)) best = { q, n, last }
  }
  return best?.q ?? null
}

export interface AutoCandidate {
  id: string
  fullName: string
  /** Monthly target posts (memberships.assignedNumberOfPosts). */
  target: number
  /** Slots assigned to them in the current calendar month of their timezone (past and future). */
  thisMonth: number
  /** Their slots from now to 30 days ahead. */
  upcoming: number
}

/**
 * Auto mode, the member: the one furthest below their monthly target (target − slots this
 * month, largest first; may be negative for everyone, the largest still wins); ties → fewer
 * slots in the next 30 days → full name (case-insensitive) → id. Null when nobody is eligible.
 */
export function pickFairly(candidates: readonly AutoCandidate[]): AutoCandidate | null {
  const sorted = [...candidates].sort(
    (a, b) =>
      b.target - b.thisMonth - (a.target - a.thisMonth) ||
      a.upcoming - b.upcoming ||
      a.fullName.toLowerCase().localeCompare(b.fullName.toLowerCase(), 'en') ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
  return sorted[0] ?? null
}

// ---------------------------------------------------------------------------------------------
// Who may assign (the viewer and the slot views themselves: ./slotView.ts)
// ---------------------------------------------------------------------------------------------

/** 403 unless the viewer may assign slots to every one of these users (spec §6). */
export function requireMayAssign(viewer: Viewer, assigneeIds: readonly string[]): void {
  if (viewer.isAdmin) return
  const allowed = (id: string) => id === viewer.userId || viewer.led.has(id)
  if (assigneeIds.every(allowed)) return
  throw forbidden(viewer.led.size > 0 ? MESSAGES.slotOnlyYourTeams : MESSAGES.slotOnlySelf)
}

/** Removing members: their slots from `now` on go (members.removeMemberships). Past ones stay for the record. */
export async function deleteFutureSlots(executor: Executor, organizationId: string, userIds: readonly string[], now: Date): Promise<number> {
  const ids = [...new Set(userIds)].filter(isUuid)
  if (ids.length === 0) return 0
  const deleted = await executor
    .delete(assignedSlots)
    .where(and(eq(assignedSlots.organizationId, organizationId), inArray(assignedSlots.assigneeId, ids), gte(assignedSlots.time, now)))
    .returning({ id: assignedSlots.id })
  return deleted.length
}

/** Users among `userIds` linked to every page of `pageIds`. */
export async function linkedToAll(executor: Executor, organizationId: string, userIds: readonly string[], pageIds: readonly string[]): Promise<Set<string>> {
  if (pageIds.length === 0) return new Set(userIds)
  if (userIds.length === 0) return new Set()
  const rows = await executor
    .select({ userId: businessPageMembers.userId, n: count() })
    .from(businessPageMembers)
    .where(
      and(
        eq(businessPageMembers.organizationId, organizationId),
        inArray(businessPageMembers.userId, [...userIds]),
        inArray(businessPageMembers.businessPageId, [...pageIds])
      )
    )
    .groupBy(businessPageMembers.userId)
  return new Set(rows.filter((r) => Number(r.n) === pageIds.length).map((r) => r.userId))
}

/** Users among `userIds` who have the organization's topic tag `tagId` (post_tag_assignments, as /postTag/get-user-tags). */
export async function withTag(executor: Executor, organizationId: string, userIds: readonly string[], tagId: string): Promise<Set<string>> {
  if (!isUuid(tagId) || userIds.length === 0) return new Set()
  const rows = await executor
    .select({ userId: postTagAssignments.userId })
    .from(postTagAssignments)
    .innerJoin(postTags, eq(postTags.id, postTagAssignments.tagId))
    .where(
      and(
        eq(postTags.organizationId, organizationId),
        eq(postTagAssignments.organizationId, organizationId),
        eq(postTagAssignments.tagId, tagId),
        inArray(postTagAssignments.userId, [...userIds])
      )
    )
  return new Set(rows.map((r) => r.userId))
}

/** 400 slotDateOutsideWindow unless the instant's day lies from tomorrow to 90 days ahead in each of the timezones. */
export function requireWindow(time: Date, now: Date, timeZones: Iterable<string>): void {
  for (const tz of timeZones) {
    if (!isDateInSlotWindow(localDate(time, tz), now, tz)) throw fieldError(MESSAGES.slotDateOutsideWindow, 'time')
  }
}

/** One `slot.assigned` event per slot given to someone (created, imported or reassigned), in the caller's transaction. */
export async function recordSlotsAssigned(
  executor: Executor,
  at: Date,
  session: OrganizationSession,
  slots: readonly { id: string; assigneeId: string; time: Date; seriesId: string | null }[]
): Promise<void> {
  await recordEvents(
    executor,
    at,
    slots.map((slot) => ({
      organizationId: session.organization.id,
      name: 'slot.assigned' as const,
      payload: { slotId: slot.id, assigneeId: slot.assigneeId, startAt: slot.time.toISOString(), seriesId: slot.seriesId },
      actor: { type: 'user' as const, userId: session.userId }
    }))
  )
}

/** The assignee's ONE notification for the slots just assigned to them (none for the assigner themselves). */
export async function notifyAssignee(
  notifications: NotificationService,
  executor: Executor,
  organizationId: string,
  assigner: Person,
  assignee: Person,
  slots: readonly { id: string; time: Date }[]
): Promise<void> {
  if (assignee.id === assigner.id || slots.length === 0) return
  const first = [...slots].sort((a, b) => a.time.getTime() - b.time.getTime())[0]!
  const when = slotWhen(first.time, assignee.timezone)
  const times = slots.length > 1 ? ` (×${slots.length})` : ''
  await notifications.notify(
    {
      organizationId,
      userId: assignee.id,
      title: NEW_SLOT_TITLE,
      message: `${assigner.fullName || 'A teammate'} assigned you a posting slot on ${when}${times}.`,
      link: slotLink(first.id)
    },
    executor
  )
}

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

export interface SlotService {
  create(session: OrganizationSession, input: CreateSlotInput): Promise<AssignedSlot[]>
  update(session: OrganizationSession, input: UpdateSlotInput): Promise<AssignedSlot[]>
  updateTags(session: OrganizationSession, input: UpdateSlotTagsInput): Promise<AssignedSlot[]>
  remove(session: OrganizationSession, slotId: string, scope: SlotScope): Promise<number>
}

export interface Person {
  id: string
  fullName: string
  timezone: string
}

type StoredSlot = typeof assignedSlots.$inferSelect

const fieldError = (message: string, field: string) => badRequest(message, { [field]: message })

/** Recurrence of the create payload (spec §5): null when there is none. */
export function recurrenceOf(input: Pick<CreateSlotInput, 'recurrenceType' | 'recurrenceInterval' | 'recurrenceCount'>): Recurrence | null {
  if (!input.recurrenceType) return null
  const count = input.recurrenceCount ?? 0
  if (count === 0) return null
  const interval = input.recurrenceInterval ?? 1
  const problem = checkRecurrence({ type: input.recurrenceType, interval, count })
  if (problem) {
    const field = problem === 'type' ? 'recurrenceType' : problem === 'interval' ? 'recurrenceInterval' : 'recurrenceCount'
    throw fieldError(MESSAGES.slotRecurrenceInvalid, field)
  }
  return { type: input.recurrenceType, interval: input.recurrenceType === 'monthly' ? 1 : interval, count }
}

export function createSlotService(deps: { db: Database; clock: Clock; notifications: NotificationService }): SlotService {
  const { db, clock, notifications } = deps

  async function people(executor: Executor, ids: readonly string[]): Promise<Map<string, Person>> {
    const unique = [...new Set(ids)].filter(isUuid)
    if (unique.length === 0) return new Map()
    const rows = await executor.select({ id: users.id, fullName: users.fullName, timezone: users.timezone }).from(users).where(inArray(users.id, unique))
    return new Map(rows.map((r) => [r.id, { id: r.id, fullName: r.fullName, timezone: safeTimeZone(r.timezone) }]))
  }

  async function person(executor: Executor, id: string): Promise<Person> {
    const found = (await people(executor, [id])).get(id)
    if (!found) throw notFound('User not found.')
    return found
  }

  /** 400 slotMemberUnknown unless every id is an ACTIVE member of the organization. */
  async function requireActiveMembers(executor: Executor, organizationId: string, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)]
    if (!unique.every(isUuid)) throw fieldError(MESSAGES.slotMemberUnknown, 'assignedUserId')
    if (unique.length === 0) return
    const rows = await executor
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, unique), eq(memberships.status, 'ACTIVE')))
    if (rows.length !== unique.length) throw fieldError(MESSAGES.slotMemberUnknown, 'assignedUserId')
  }

  /** The organization's pages among `ids` (404 when one is not the organization's). */
  async function requirePages(executor: Executor, organizationId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return []
    if (!unique.every(isUuid)) throw notFound(MESSAGES.businessPageNotFound)
    const rows = await executor
      .select({ id: businessPages.id })
      .from(businessPages)
      .where(and(eq(businessPages.organizationId, organizationId), inArray(businessPages.id, unique)))
    if (rows.length !== unique.length) throw notFound(MESSAGES.businessPageNotFound)
    return unique
  }

  /** 400 slotBusinessTagNotAllowed unless the business post tag belongs to one of the pages. */
  async function requireBusinessTag(executor: Executor, organizationId: string, businessPostTagId: string, pageIds: readonly string[]): Promise<void> {
    const fail = () => fieldError(MESSAGES.slotBusinessTagNotAllowed, 'businessPostTagId')
    if (pageIds.length === 0 || !isUuid(businessPostTagId)) throw fail()
    const [row] = await executor
      .select({ id: businessPostTags.id })
      .from(businessPostTags)
      .where(
        and(
          eq(businessPostTags.id, businessPostTagId),
          eq(businessPostTags.organizationId, organizationId),
          inArray(businessPostTags.businessPageId, [...pageIds])
        )
      )
      .limit(1)
    if (!row) throw fail()
  }

  /** The create rules for pages and tags, for one set of assignees (spec §4, §5). */
  async function checkPagesAndTags(
    executor: Executor,
    organizationId: string,
    assigneeIds: readonly string[],
    pageIds: readonly string[],
    tagId: string | null,
    businessPostTagId: string | null
  ): Promise<void> {
    if (pageIds.length > 0) {
      const linked = await linkedToAll(executor, organizationId, assigneeIds, pageIds)
      if (!assigneeIds.every((id) => linked.has(id))) throw fieldError(MESSAGES.slotPageNotLinked, 'businessPageId')
      if (tagId) throw fieldError(MESSAGES.slotTagWithPages, 'tagId')
    } else if (tagId) {
      const tagged = await withTag(executor, organizationId, assigneeIds, tagId)
      if (!assigneeIds.every((id) => tagged.has(id))) throw fieldError(MESSAGES.slotTagNotAllowed, 'tagId')
    }
    if (businessPostTagId) await requireBusinessTag(executor, organizationId, businessPostTagId, pageIds)
  }

  /** Everyone the viewer may assign to among the organization's ACTIVE members (auto mode without a given member). */
  async function assignablePool(executor: Executor, viewer: Viewer): Promise<string[]> {
    const rows = await executor
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, viewer.organizationId), eq(memberships.status, 'ACTIVE')))
    return rows.map((r) => r.userId).filter((id) => viewer.isAdmin || id === viewer.userId || viewer.led.has(id))
  }

  /** Auto mode: one member of `pool` (pickFairly) and the first occurrence's time (bestQuarterHour). */
  async function autoPick(executor: Executor, organizationId: string, pool: readonly string[], currentHour: number | undefined, now: Date) {
    const candidates = await executor
      .select({ id: users.id, fullName: users.fullName, timezone: users.timezone, target: memberships.assignedNumberOfPosts })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, [...pool])))
    if (candidates.length === 0) throw badRequest(MESSAGES.noEligibleMember, { assignedUserId: MESSAGES.noEligibleMember })
    const zones = new Map(candidates.map((c) => [c.id, safeTimeZone(c.timezone)]))
    const monthOf = (id: string) => {
      const start = startOfMonth(new TZDate(now.getTime(), zones.get(id)!))
      return { start: start.getTime(), end: addMonths(start, 1).getTime() }
    }
    const months = new Map(candidates.map((c) => [c.id, monthOf(c.id)]))
    // One query covers the month (≤ 31 days back), the 90-day history and the next 30 days.
    const from = Math.min(now.getTime() - AUTO_HISTORY_DAYS * DAY_MS, ...[...months.values()].map((m) => m.start))
    const to = Math.max(now.getTime() + AUTO_UPCOMING_DAYS * DAY_MS, ...[...months.values()].map((m) => m.end))
    const slots = await executor
      .select({ assigneeId: assignedSlots.assigneeId, time: assignedSlots.time })
      .from(assignedSlots)
      .where(
        and(
          eq(assignedSlots.organizationId, organizationId),
          inArray(assignedSlots.assigneeId, candidates.map((c) => c.id)),
          gte(assignedSlots.time, new Date(from)),
          lt(assignedSlots.time, new Date(to))
        )
      )
    const nowMs = now.getTime()
    const picked = pickFairly(
      candidates.map((c) => {
        const month = months.get(c.id)!
        const mine = slots.filter((s) => s.assigneeId === c.id).map((s) => s.time.getTime())
        return {
          id: c.id,
          fullName: c.fullName,
          target: c.target,
          thisMonth: mine.filter((t) => t >= month.start && t < month.end).length,
          upcoming: mine.filter((t) => t >= nowMs && t < nowMs + AUTO_UPCOMING_DAYS * DAY_MS).length
        }
      })
    )!
    const timeZone = zones.get(picked.id)!
    const history = slots.filter((s) => s.assigneeId === picked.id && s.time.getTime() < nowMs && s.time.getTime() >= nowMs - AUTO_HISTORY_DAYS * DAY_MS)
    const hour = bestQuarterHour(history.map((s) => s.time), timeZone) ?? `${String(currentHour ?? DEFAULT_AUTO_HOUR).padStart(2, '0')}:00`
    const wallClock = TIME_OPTIONS.includes(hour) ? hour : quarterOf(hour)
    return { assigneeId: picked.id, timeZone, time: zonedInstant(slotDateWindow(now, timeZone).min, wallClock, timeZone) }
  }

  /**
   * A move re-dates the notifications that name a moved slot (each links to the slot whose date it
   * states), in the move's transaction, so nobody reads an old date. When someone other than the
   * assignee moved it, the assignee's notification also comes back unread as 'Posting slot moved',
   * so they learn of it from the bell; the previous assignee of a reassigned slot only gets the date
   * corrected.
   */
  async function redateNotifications(
    executor: Executor,
    organizationId: string,
    editor: Person,
    recipient: Person,
    stillAssigned: boolean,
    times: ReadonlyMap<string, Date>
  ): Promise<void> {
    const timeOf = new Map([...times].map(([id, time]) => [slotLink(id), time]))
    const resurface = stillAssigned && recipient.id !== editor.id
    await notifications.revise(
      { organizationId, userId: recipient.id, links: [...timeOf.keys()] },
      (notification) => {
        const time = notification.link ? timeOf.get(notification.link) : undefined
        if (!time || !SLOT_WHEN_IN_MESSAGE.test(notification.message)) return null
        return {
          title: resurface ? MOVED_SLOT_TITLE : notification.title,
          message: notification.message.replace(SLOT_WHEN_IN_MESSAGE, slotWhen(time, recipient.timezone)),
          resurface
        }
      },
      executor
    )
  }

  /**
   * Slots taken from `recipient` (deleted, or given to someone else): the notification that told
   * them of the assignment counts only the slots of it still theirs and names and links to the first
   * of them, so it never says "(×4)" of three; with none left it says so and leads to the schedule.
   * Not brought back unread: nothing new is asked of them.
   */
  async function recountNotifications(executor: Executor, organizationId: string, recipient: Person, gone: readonly StoredSlot[]): Promise<void> {
    const groups = new Map<string, StoredSlot[]>()
    for (const slot of gone) groups.set(slot.seriesId ?? slot.id, [...(groups.get(slot.seriesId ?? slot.id) ?? []), slot])
    for (const [, slots] of groups) {
      const seriesId = slots[0]!.seriesId
      const goneIds = new Set(slots.map((s) => s.id))
      const left = seriesId
        ? (
            await executor
              .select({ id: assignedSlots.id, time: assignedSlots.time })
              .from(assignedSlots)
              .where(and(eq(assignedSlots.organizationId, organizationId), eq(assignedSlots.seriesId, seriesId), eq(assignedSlots.assigneeId, recipient.id)))
              .orderBy(asc(assignedSlots.time), asc(assignedSlots.id))
          ).filter((s) => !goneIds.has(s.id))
        : []
      const first = left[0]
      await notifications.revise(
        { organizationId, userId: recipient.id, links: [...slots, ...left].map((s) => slotLink(s.id)) },
        (notification) => {
          if (!SLOT_WHEN_IN_MESSAGE.test(notification.message)) return null
          const ending = first
            ? `${slotWhen(first.time, recipient.timezone)}${left.length > 1 ? ` (×${left.length})` : ''}.`
            : notification.message.match(SLOT_WHEN_TO_END)![0].replace(/\.$/, /\(×\d+\)/.test(notification.message) ? '; they were removed since.' : '; it was removed since.')
          const message = notification.message.replace(SLOT_WHEN_TO_END, ending)
          const link = first ? slotLink(first.id) : linkTo('schedule')
          return message === notification.message && link === notification.link ? null : { title: notification.title, message, link, resurface: false }
        },
        executor
      )
    }
  }

  /** The slot `slotId` of the organization, editable by the viewer (404 / 403). */
  async function editableSlot(executor: Executor, viewer: Viewer, slotId: string): Promise<StoredSlot> {
    if (!isUuid(slotId)) throw notFound(MESSAGES.slotNotFound)
    const [row] = await executor
      .select({ slot: assignedSlots })
      .from(assignedSlots)
      .innerJoin(
        memberships,
        and(eq(memberships.organizationId, assignedSlots.organizationId), eq(memberships.userId, assignedSlots.assigneeId), eq(memberships.status, 'ACTIVE'))
      )
      .where(and(eq(assignedSlots.id, slotId), eq(assignedSlots.organizationId, viewer.organizationId)))
      .limit(1)
      // Locked for the caller's transaction: edits and deletes of one slot take turns, and one that
      // waited for a delete finds the slot gone (404) instead of changing nothing and answering 200.
      .for('update', { of: assignedSlots })
    if (!row) throw notFound(MESSAGES.slotNotFound)
    if (!canEditSlot(viewer, row.slot)) throw forbidden(MESSAGES.slotNotEditable)
    return row.slot
  }

  /** 'one': the slot; 'series': it and the same assignee's later occurrences of its series, time-ordered. */
  async function scopeRows(executor: Executor, slot: StoredSlot, scope: SlotScope): Promise<StoredSlot[]> {
    if (scope === 'one') return [slot]
    return executor
      .select()
      .from(assignedSlots)
      .where(
        and(
          eq(assignedSlots.organizationId, slot.organizationId),
          eq(assignedSlots.seriesId, slot.seriesId),
          eq(assignedSlots.assigneeId, slot.assigneeId),
          gte(assignedSlots.time, slot.time)
        )
      )
      .orderBy(asc(assignedSlots.time), asc(assignedSlots.id))
      .for('update')
  }

  async function viewsOf(executor: Executor, viewer: Viewer, ids: readonly string[], now: Date): Promise<AssignedSlot[]> {
    if (ids.length === 0) return []
    const slots: AssignedSlot[] = []
    for (const part of chunked(ids, ID_CHUNK)) slots.push(...(await readSlots(executor, viewer, { where: inArray(assignedSlots.id, part), now })))
    // Each part is in (time, id) order; the ISO times of one format compare as text.
    slots.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : 1))
    return slots
  }

  async function pagesOf(executor: Executor, slotIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(slotIds.map((id) => [id, []]))
    for (const ids of chunked(slotIds, ID_CHUNK)) {
      const rows = await executor.select().from(assignedSlotPages).where(inArray(assignedSlotPages.slotId, ids))
      for (const r of rows) out.get(r.slotId)!.push(r.businessPageId)
    }
    return out
  }

  return {
    async create(session, input) {
      const organizationId = session.organization.id
      const now = clock.now()
      const recurrence = recurrenceOf(input)
      const requested = [...new Set(input.assignedUserId)]
      if (!input.autoAssign && requested.length === 0) throw fieldError(MESSAGES.slotNeedsUser, 'assignedUserId')
      const pageInput = [...new Set(input.businessPageId ?? [])]
      const tagId = input.tagId ?? null
      const businessPostTagId = input.businessPostTagId ?? null

      const created = await db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const viewer = await viewerOf(tx, session)
        const assigner = await person(tx, session.userId)

        let time = new Date(input.time)
        let timeZone = assigner.timezone
        if (!input.autoAssign && !isOptionInstant(time, assigner.timezone)) throw fieldError(MESSAGES.slotTimeNotOption, 'time')

        await requireActiveMembers(tx, organizationId, requested)
        requireMayAssign(viewer, requested)
        const pageIds = await requirePages(tx, organizationId, pageInput)

        let assigneeIds = requested
        if (input.autoAssign) {
          // A given member list is checked strictly like a manual one; the implicit pool (everyone
          // the assigner may assign to) is narrowed to those who can take this slot: linked to
          // every chosen page, holding the chosen topic tag.
          let pool = requested
          if (pool.length === 0) {
            pool = await assignablePool(tx, viewer)
            if (pageIds.length > 0) {
              const linked = await linkedToAll(tx, organizationId, pool, pageIds)
              pool = pool.filter((id) => linked.has(id))
            } else if (tagId) {
              const tagged = await withTag(tx, organizationId, pool, tagId)
              pool = pool.filter((id) => tagged.has(id))
            }
          } else {
            await checkPagesAndTags(tx, organizationId, pool, pageIds, tagId, businessPostTagId)
          }
          if (pool.length === 0) throw badRequest(MESSAGES.noEligibleMember, { assignedUserId: MESSAGES.noEligibleMember })
          const pick = await autoPick(tx, organizationId, pool, input.currentHour, now)
          assigneeIds = [pick.assigneeId]
          time = pick.time
          timeZone = pick.timeZone
        }

        const assignees = await people(tx, assigneeIds)
        requireWindow(time, now, [...assignees.values()].map((a) => a.timezone))
        await checkPagesAndTags(tx, organizationId, assigneeIds, pageIds, tagId, businessPostTagId)

        const seriesId = randomUUID()
        const occurrences = expandRecurrence(time, timeZone, recurrence)
        const rows = assigneeIds.flatMap((assigneeId) =>
          occurrences.map((at, occurrence) => ({
            id: randomUUID(),
            organizationId,
            seriesId,
            occurrence,
            assigneeId,
            time: at,
            timezone: timeZone,
            comment: input.comment,
            autoAssign: input.autoAssign,
            tagId: pageIds.length > 0 ? null : tagId,
            isBusinessPageSlot: pageIds.length > 0,
            businessPostTagId,
            targetAudience: input.targetAudience,
            postType: input.postType,
            recurrenceType: recurrence?.type ?? null,
            recurrenceInterval: recurrence?.interval ?? null,
            recurrenceCount: recurrence?.count ?? null,
            createdById: session.userId,
            createdAt: now,
            updatedAt: now
          }))
        )
        for (const part of chunked(rows, INSERT_CHUNK)) await tx.insert(assignedSlots).values(part)
        await recordSlotsAssigned(tx, now, session, rows)
        const links = rows.flatMap((r) => pageIds.map((businessPageId) => ({ slotId: r.id, businessPageId, organizationId })))
        for (const part of chunked(links, INSERT_CHUNK * 3)) await tx.insert(assignedSlotPages).values(part)
        for (const assigneeId of assigneeIds) {
          await notifyAssignee(notifications, tx, organizationId, assigner, assignees.get(assigneeId)!, rows.filter((r) => r.assigneeId === assigneeId))
        }
        return { viewer, ids: rows.map((r) => r.id) }
      })
      return viewsOf(db, created.viewer, created.ids, now)
    },

    async update(session, input) {
      const now = clock.now()
      const organizationId = session.organization.id
      return db.transaction(async (tx) => {
        const reassigning = input.assigneeId !== undefined
        if (reassigning) await lockOrganization(tx, organizationId)
        const viewer = await viewerOf(tx, session)
        const slot = await editableSlot(tx, viewer, input.slotId)
        if (slot.time.getTime() < now.getTime()) throw badRequest(MESSAGES.slotInPast)
        const rows = await scopeRows(tx, slot, input.scope)
        const ids = rows.map((r) => r.id)
        const editor = await person(tx, session.userId)

        const newAssigneeId = reassigning && input.assigneeId !== slot.assigneeId ? input.assigneeId! : null
        if (newAssigneeId) {
          await requireActiveMembers(tx, organizationId, [newAssigneeId])
          requireMayAssign(viewer, [newAssigneeId])
        }
        const assigneeId = newAssigneeId ?? slot.assigneeId
        const assignee = await person(tx, assigneeId)

        // The move: this slot to the new instant; the others by the same number of calendar days
        // (in the slot's timezone) to the same new wall-clock time.
        const newTime = input.time !== undefined ? new Date(input.time) : null
        const moving = newTime !== null && newTime.getTime() !== slot.time.getTime()
        const times = new Map<string, Date>()
        if (moving) {
          if (!isOptionInstant(newTime, editor.timezone)) throw fieldError(MESSAGES.slotTimeNotOption, 'time')
          requireWindow(newTime, now, [assignee.timezone])
          const tz = safeTimeZone(slot.timezone)
          const shift = daysBetween(localDate(slot.time, tz), localDate(newTime, tz))
          const wallClock = localTime(newTime, tz)
          for (const r of rows) times.set(r.id, r.id === slot.id ? newTime : zonedInstant(addDaysTo(localDate(r.time, tz), shift), wallClock, tz))
        }

        // Pages and tags: the create rules, per affected row, with the new assignee and pages.
        const pageChange = input.businessPageId !== undefined ? await requirePages(tx, organizationId, input.businessPageId) : null
        if (newAssigneeId || pageChange) {
          const currentPages = await pagesOf(tx, ids)
          for (const r of rows) {
            const pages = pageChange ?? currentPages.get(r.id)!
            await checkPagesAndTags(tx, organizationId, [assigneeId], pages, r.tagId, r.businessPostTagId)
          }
        }

        const changes: Partial<typeof assignedSlots.$inferInsert> = { updatedAt: now }
        if (input.comment !== undefined) changes.comment = input.comment
        if (input.targetAudience !== undefined) changes.targetAudience = input.targetAudience
        if (input.postType !== undefined) changes.postType = input.postType
        if (newAssigneeId) changes.assigneeId = newAssigneeId
        if (pageChange) changes.isBusinessPageSlot = pageChange.length > 0
        await tx.update(assignedSlots).set(changes).where(inArray(assignedSlots.id, ids))
        // A new time is a new chance: a slot told of as missed may be missed again.
        for (const [id, time] of times) await tx.update(assignedSlots).set({ time, missedAt: null }).where(eq(assignedSlots.id, id))
        if (pageChange) {
          await tx.delete(assignedSlotPages).where(inArray(assignedSlotPages.slotId, ids))
          const links = ids.flatMap((slotId) => pageChange.map((businessPageId) => ({ slotId, businessPageId, organizationId })))
          for (const part of chunked(links, INSERT_CHUNK * 3)) await tx.insert(assignedSlotPages).values(part)
        }
        if (moving) {
          const previous = newAssigneeId ? await person(tx, slot.assigneeId) : assignee
          await redateNotifications(tx, organizationId, editor, previous, !newAssigneeId, times)
        }
        if (newAssigneeId) {
          await recountNotifications(tx, organizationId, await person(tx, slot.assigneeId), rows)
          await notifyAssignee(notifications, tx, organizationId, editor, assignee, rows.map((r) => ({ id: r.id, time: times.get(r.id) ?? r.time })))
          await recordSlotsAssigned(tx, now, session, rows.map((r) => ({ ...r, assigneeId, time: times.get(r.id) ?? r.time })))
        } else if (moving) {
          await recordEvents(
            tx,
            now,
            rows.map((r) => ({
              organizationId,
              name: 'slot.moved' as const,
              payload: { slotId: r.id, assigneeId, startAt: (times.get(r.id) ?? r.time).toISOString() },
              actor: { type: 'user' as const, userId: session.userId }
            }))
          )
        }
        // Read in the transaction: a delete right after the commit cannot empty the answer.
        return viewsOf(tx, viewer, ids, now)
      })
    },

    async updateTags(session, input) {
      const now = clock.now()
      const organizationId = session.organization.id
      return db.transaction(async (tx) => {
        const viewer = await viewerOf(tx, session)
        const slot = await editableSlot(tx, viewer, input.slotId)
        if (slot.time.getTime() < now.getTime()) throw badRequest(MESSAGES.slotInPast)
        const rows = await scopeRows(tx, slot, input.scope)
        const ids = rows.map((r) => r.id)
        const pages = await pagesOf(tx, ids)
        for (const r of rows) {
          const tagId = input.tagId === undefined ? r.tagId : input.tagId
          const businessPostTagId = input.businessPostTagId === undefined ? r.businessPostTagId : input.businessPostTagId
          await checkPagesAndTags(tx, organizationId, [r.assigneeId], pages.get(r.id)!, tagId, businessPostTagId)
        }
        const changes: Partial<typeof assignedSlots.$inferInsert> = { updatedAt: now }
        if (input.tagId !== undefined) changes.tagId = input.tagId
        if (input.businessPostTagId !== undefined) changes.businessPostTagId = input.businessPostTagId
        await tx.update(assignedSlots).set(changes).where(inArray(assignedSlots.id, ids))
        return viewsOf(tx, viewer, ids, now)
      })
    },

    async remove(session, slotId, scope) {
      return db.transaction(async (tx) => {
        const viewer = await viewerOf(tx, session)
        const slot = await editableSlot(tx, viewer, slotId)
        const rows = await scopeRows(tx, slot, scope)
        // Counted from what this statement removed: a delete that lost a race answers 404, not 200.
        const deleted = await tx
          .delete(assignedSlots)
          .where(and(eq(assignedSlots.organizationId, viewer.organizationId), inArray(assignedSlots.id, rows.map((r) => r.id))))
          .returning({ id: assignedSlots.id, assigneeId: assignedSlots.assigneeId })
        if (!deleted.some((d) => d.id === slot.id)) throw notFound(MESSAGES.slotNotFound)
        await recountNotifications(tx, viewer.organizationId, await person(tx, slot.assigneeId), rows)
        await recordEvents(
          tx,
          clock.now(),
          deleted.map((d) => ({
            organizationId: viewer.organizationId,
            name: 'slot.deleted' as const,
            payload: { slotId: d.id, assigneeId: d.assigneeId },
            actor: { type: 'user' as const, userId: session.userId }
          }))
        )
        return deleted.length
      })
    }
  }
}
