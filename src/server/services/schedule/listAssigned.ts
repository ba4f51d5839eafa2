import { and, eq, gte, lt } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { DAY_MS, SLOT_WINDOW_DAYS } from '../../../shared/constants'
import type { AssignedSlot } from '../../../shared/domain'
import { assignedSlots, memberships } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import { readSlots, viewerOf } from '../slotView'
import { CALENDAR_MAX_DAYS, checkRange } from './range'
import type { ScheduleDeps } from './types'

/* GET /schedule/assigned-slots: one member's slots (docs/architecture.md, "Plan (assigned slots)"). */

export async function listAssigned({ db, clock }: ScheduleDeps, session: OrganizationSession, query: { userId?: string; from?: string; to?: string }): Promise<AssignedSlot[]> {
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
}
