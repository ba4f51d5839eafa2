import { and, gte, lt } from 'drizzle-orm'
import type { Calendar } from '../../../shared/domain'
import { assignedSlots } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { readSlots, viewerOf } from '../slotView'
import { filters } from './filters'
import { postsInRange } from './planPosts'
import { CALENDAR_MAX_DAYS, checkRange } from './range'
import type { CalendarQuery, ScheduleDeps } from './types'

/* GET /schedule/calendar and the CSV export: the calendar's slots and posts (docs/architecture.md, "Plan (assigned slots)"). */

/** The calendar's slots and posts: the same filters, range and scope; each slot in full. */
export async function plan({ db, clock }: ScheduleDeps, session: OrganizationSession, query: CalendarQuery): Promise<Calendar> {
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
