import { inArray } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { AssignedSlot } from '../../../shared/domain'
import { assignedSlots } from '../../db/schema'
import { badRequest } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { viewerOf } from '../slotView'
import { checkPagesAndTags } from './checks'
import type { SlotDeps, UpdateSlotTagsInput } from './shared'
import { editableSlot, pagesOf, scopeRows, viewsOf } from './storedSlots'

/**
 * Re-tagging a slot or the rest of its series (PUT /schedule/assign-slots/updateTags): undefined
 * leaves a tag as it is, null clears it, and each affected row must follow the create rules.
 * Decisions: docs/architecture.md, "Plan (assigned slots)".
 */
export async function updateSlotTags(deps: SlotDeps, session: OrganizationSession, input: UpdateSlotTagsInput): Promise<AssignedSlot[]> {
  const { db, clock } = deps
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
}
