import type { AssignedSlot, Calendar, ScheduleItem } from '../../../shared/domain'
import { compactCalendar, type CompactCalendar } from '../../../shared/domain/compactCalendar'
import type { OrganizationActor } from '../actor'
import type { OrganizationSession } from '../sessions'
import { calendarTicket } from './calendarTicket'
import { listAssigned } from './listAssigned'
import { listSchedule } from './listSchedule'
import { listSlots } from './listSlots'
import { plan } from './plan'
import type { CacheTicket, CalendarQuery, ScheduleDeps, ScheduleFilter } from './types'

/*
 * The read side of the Plan (issue 5): one member's slots, the calendar and the list view. One use
 * case per file, filters.ts, planPosts.ts and range.ts beneath them; this facade only delegates.
 * The rules are in docs/architecture.md, "Plan (assigned slots)".
 */

export { ACCOUNT_NOT_FOUND } from './filters'
export { calendarExpiresAt, CURSOR_INVALID, decodeCursor, encodeCursor, RANGE_BACKWARDS } from './range'
export type { CacheTicket } from './types'

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
  /** The Plan's slots only, keyset-paged, for a person or an API key (GET /api/v1/slots, issue 28). */
  listSlots(
    actor: OrganizationActor,
    query: { from?: string; to?: string; assigneeId?: string; cursor?: string; limit: number }
  ): Promise<{ items: AssignedSlot[]; next: string | null }>
}

export function createScheduleService(deps: ScheduleDeps): ScheduleService {
  return {
    listAssigned: (session, query) => listAssigned(deps, session, query),
    plan: (session, query) => plan(deps, session, query),
    calendar: async (session, query) => compactCalendar(await plan(deps, session, query)),
    calendarTicket: (session, query) => calendarTicket(deps, session, query),
    list: (session, query) => listSchedule(deps, session, query),
    listSlots: (actor, query) => listSlots(deps, actor, query)
  }
}
