import { and, eq, inArray } from 'drizzle-orm'
import type { SlotScope } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import { assignedSlots } from '../../db/schema'
import { notFound } from '../../errors'
import { recordEvents } from '../../events/outbox'
import { eventActorOf, type OrganizationActor } from '../actor'
import { viewerOf } from '../slotView'
import { person } from './checks'
import { recountNotifications } from './notices'
import type { SlotDeps } from './shared'
import { editableSlot, scopeRows } from './storedSlots'

/**
 * Deleting a slot or the rest of its series, past ones included: the count of what this
 * statement removed (a delete that lost a race is a 404), the assignee's notification recounted.
 * Decisions: docs/architecture.md, "Plan (assigned slots)".
 */
export async function deleteSlot(deps: SlotDeps, actor: OrganizationActor, slotId: string, scope: SlotScope): Promise<number> {
  const { db, clock, notifications } = deps
  return db.transaction(async (tx) => {
    const viewer = await viewerOf(tx, actor)
    const slot = await editableSlot(tx, viewer, slotId)
    const rows = await scopeRows(tx, slot, scope)
    // Counted from what this statement removed: a delete that lost a race answers 404, not 200.
    const deleted = await tx
      .delete(assignedSlots)
      .where(and(eq(assignedSlots.organizationId, viewer.organizationId), inArray(assignedSlots.id, rows.map((r) => r.id))))
      .returning({ id: assignedSlots.id, assigneeId: assignedSlots.assigneeId })
    if (!deleted.some((d) => d.id === slot.id)) throw notFound(MESSAGES.slotNotFound)
    await recountNotifications(notifications, tx, viewer.organizationId, await person(tx, slot.assigneeId), rows)
    await recordEvents(
      tx,
      clock.now(),
      deleted.map((d) => ({
        organizationId: viewer.organizationId,
        name: 'slot.deleted' as const,
        payload: { slotId: d.id, assigneeId: d.assigneeId },
        actor: eventActorOf(actor)
      }))
    )
    return deleted.length
  })
}
