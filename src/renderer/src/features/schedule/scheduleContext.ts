import { createContext, useContext } from 'react'
import type { AssignedSlot } from '@shared/domain'
import type { ZonedParts } from './calendarDates'
import type { KeyboardMove } from './keyboardMove'

/** What the month, week and list views need from the Plan screen around them. */
export interface ScheduleActions {
  timeZone: string
  /** Places an instant in the viewer's timezone. */
  clock: (instant: string) => ZonedParts
  today: string
  /** The assign-slot modal, preset to a day. */
  openCreate: (date: string) => void
  /** The assign-slot modal in edit mode. */
  openEdit: (slot: AssignedSlot) => void
  /** The slot's context menu (Edit, Move to…), next to `target`. */
  openMenu: (slot: AssignedSlot, target: HTMLElement) => void
  /** Editable and not yet past. */
  canMove: (slot: AssignedSlot) => boolean
  /** Dragging starts and ends; the dragged slot is kept here (DataTransfer is not readable during dragover). */
  beginDrag: (slot: AssignedSlot) => void
  endDrag: () => void
  draggedSlot: () => AssignedSlot | null
  /** Whether the slot may move to that day: another day, from tomorrow to 90 days ahead. */
  canDropOn: (slot: AssignedSlot, day: string) => boolean
  /** Moves the slot to the day at the same wall-clock time (asking the scope for a series). */
  moveToDay: (slot: AssignedSlot, day: string) => void
  /** Drag-to-move from the keyboard (keyboardMove.tsx). */
  keyboardMove: KeyboardMove
}

export const ScheduleContext = createContext<ScheduleActions | null>(null)

export function useSchedule(): ScheduleActions {
  const actions = useContext(ScheduleContext)
  if (!actions) throw new Error('useSchedule needs the Plan screen around it.')
  return actions
}
