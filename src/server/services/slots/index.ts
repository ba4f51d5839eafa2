import type { SlotScope } from '../../../shared/api/contract'
import type { AssignedSlot } from '../../../shared/domain'
import type { OrganizationActor } from '../actor'
import type { OrganizationSession } from '../sessions'
import { createSlots } from './createSlots'
import { deleteSlot } from './deleteSlot'
import type { CreateSlotInput, SlotDeps, UpdateSlotInput, UpdateSlotTagsInput } from './shared'
import { updateSlot } from './updateSlot'
import { updateSlotTags } from './updateSlotTags'

/**
 * Assigned slots of the Plan (issue 5): create, edit, move, delete and re-tag, one use case per
 * file in this folder. The read side (lists, calendar) is ../schedule/; both show slots through
 * ../slotView.ts (readSlots). Decisions: docs/architecture.md, "Plan (assigned slots)".
 */
export { bestQuarterHour, pickFairly, type AutoCandidate } from './autoPick'
export { linkedToAll, requireMayAssign, withTag } from './checks'
export { deleteFutureSlots } from './deleteFutureSlots'
export { MOVED_SLOT_TITLE, NEW_SLOT_TITLE, notifyAssignee, recordSlotsAssigned, slotLink } from './notices'
export { chunked, type CreateSlotInput, type Person, type SlotDeps, type UpdateSlotInput, type UpdateSlotTagsInput } from './shared'
export { addDaysTo, daysBetween, isOptionInstant, quarterOf, recurrenceOf, requireWindow, safeTimeZone } from './time'

export interface SlotService {
  /** A person or an API key (issue 28) assigns slots. */
  create(actor: OrganizationActor, input: CreateSlotInput): Promise<AssignedSlot[]>
  update(actor: OrganizationActor, input: UpdateSlotInput): Promise<AssignedSlot[]>
  updateTags(session: OrganizationSession, input: UpdateSlotTagsInput): Promise<AssignedSlot[]>
  remove(actor: OrganizationActor, slotId: string, scope: SlotScope): Promise<number>
}

export function createSlotService(deps: SlotDeps): SlotService {
  return {
    create: (session, input) => createSlots(deps, session, input),
    update: (session, input) => updateSlot(deps, session, input),
    updateTags: (session, input) => updateSlotTags(deps, session, input),
    remove: (session, slotId, scope) => deleteSlot(deps, session, slotId, scope)
  }
}
