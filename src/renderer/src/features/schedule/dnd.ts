import { useState, type DragEvent } from 'react'
import type { AssignedSlot } from '@shared/domain'
import { useSchedule } from './scheduleContext'

/** The MIME type a dragged slot carries (its id), so other drop zones ignore it. */
const SLOT_DRAG_TYPE = 'application/x-pagecrew-slot'

/** HTML5 drag start for a slot that may move; nothing for one that may not. */
export function useSlotDrag(slot: AssignedSlot) {
  const { canMove, beginDrag, endDrag } = useSchedule()
  const movable = canMove(slot)
  if (!movable) return { draggable: false as const }
  return {
    draggable: true as const,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.stopPropagation()
      if (event.dataTransfer) {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData(SLOT_DRAG_TYPE, slot.id)
        event.dataTransfer.setData('text/plain', slot.id)
      }
      beginDrag(slot)
    },
    onDragEnd: () => endDrag()
  }
}

/** A day that takes dropped slots: highlighted while a slot that may move there is over it. */
export function useDayDrop(day: string) {
  const { draggedSlot, canDropOn, moveToDay, endDrag } = useSchedule()
  const [over, setOver] = useState(false)
  const accepts = () => {
    const slot = draggedSlot()
    return slot && canDropOn(slot, day) ? slot : null
  }
  return {
    over,
    dropHandlers: {
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!accepts()) return
        event.preventDefault()
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move'
        if (!over) setOver(true)
      },
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return
        setOver(false)
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        setOver(false)
        const slot = accepts()
        if (!slot) return
        event.preventDefault()
        endDrag()
        moveToDay(slot, day)
      }
    }
  }
}
