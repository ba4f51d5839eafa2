import type { JSX } from 'react'
import type { AssignedSlot } from '@shared/domain'
import { useUser } from '@renderer/api/user'
import { CreateSlotDialog } from './assign/CreateSlotDialog'
import { EditSlotDialog } from './assign/EditSlotDialog'
import type { AssignSlotPreset } from './assign/slotForm'

export type { AssignSlotPreset } from './assign/slotForm'

export interface AssignSlotModalProps {
  open: boolean
  onClose: () => void
  /** The day, member and business page a new slot starts with. */
  preset?: AssignSlotPreset
  /** Edit mode: the slot to change. */
  slot?: AssignedSlot
}

/**
 * The Assign slot modal (spec §2, §4, §5): creates slots, or edits one when `slot` is given. Its
 * form is mounted per open, so every open starts again from the preset or the slot. The form
 * starts from the user's timezone and role, so it shows once the user is known (the shell has
 * loaded them already; a second dialog standing in meanwhile would confuse focus and screen readers).
 */
export function AssignSlotModal({ open, onClose, preset, slot }: AssignSlotModalProps): JSX.Element {
  const user = useUser({ enabled: open })
  if (!open || !user.data) return <></>
  return slot ? (
    <EditSlotDialog key={slot.id} user={user.data} slot={slot} onClose={onClose} />
  ) : (
    <CreateSlotDialog user={user.data} preset={preset} onClose={onClose} />
  )
}
