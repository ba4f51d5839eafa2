import { Suspense, lazy, type ComponentType } from 'react'
import type { AssignedSlot } from '@shared/domain'

/** The assign-slot modal's preset (spec §4: date, member and business page). */
export interface AssignSlotPreset {
  /** yyyy-MM-dd */
  date?: string
  memberId?: string
  businessPageId?: string
}

export interface SlotModalProps {
  open: boolean
  onClose: () => void
  preset?: AssignSlotPreset
  /** Edit mode. */
  slot?: AssignedSlot
}

/**
 * The Plan screen's one seam to the assign-slot modal (AssignSlotModal.tsx, written beside this
 * file by the modal's owner). Until that module exists this renders nothing; the screen's tests
 * mock this module.
 */
const loaders = import.meta.glob<{ AssignSlotModal: ComponentType<SlotModalProps> }>('./AssignSlotModal.tsx')
const load = loaders['./AssignSlotModal.tsx']
const AssignSlotModal = load ? lazy(async () => ({ default: (await load()).AssignSlotModal })) : null

export function ScheduleSlotModal(props: SlotModalProps) {
  if (!AssignSlotModal) return null
  return (
    <Suspense fallback={null}>
      <AssignSlotModal {...props} />
    </Suspense>
  )
}
