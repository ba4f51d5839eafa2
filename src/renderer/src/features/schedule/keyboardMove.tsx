import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { makeStyles } from '@fluentui/react-components'
import type { AssignedSlot } from '@shared/domain'
import { addDays, dayLabel } from './calendarDates'

/** Days an arrow moves a lifted slot: a day sideways, a week up or down (the month's rows). */
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

export const KEYBOARD_MOVE_HINT = 'Space picks a slot up to move it: arrow keys choose a day, Enter or Space drops it, Escape cancels.'

const useStyles = makeStyles({
  live: { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }
})

export interface KeyboardMove {
  /** The lifted slot's id and the day it would drop on; null when nothing is lifted. */
  lifted: { slotId: string; day: string } | null
  /** A key on a slot's chip: true when the keyboard move used it (the chip does nothing else with it). */
  onChipKey: (slot: AssignedSlot, slotDay: string, event: KeyboardEvent<HTMLElement>) => boolean
  /** The chip lost focus: a lifted slot is put back. */
  onChipBlur: (slot: AssignedSlot) => void
}

/**
 * Drag-to-move from the keyboard (the mouse's drag and drop, spec §7): Space on a slot that may
 * move picks it up, the arrows choose a day among those on screen (highlighted as a drop target,
 * each announced with whether the slot may go there), Enter or Space drops it there — the same
 * move as a drop, the series question included — and Escape (or leaving the slot) puts it back.
 * Every step is said in a polite live region; after the drop focus follows the slot to its new day.
 */
export function useKeyboardMove({
  canMove,
  canDropOn,
  moveToDay,
  first,
  last
}: {
  canMove: (slot: AssignedSlot) => boolean
  canDropOn: (slot: AssignedSlot, day: string) => boolean
  moveToDay: (slot: AssignedSlot, day: string) => void
  /** The days on screen. */
  first: string
  last: string
}) {
  const styles = useStyles()
  const [lifted, setLifted] = useState<{ slot: AssignedSlot; from: string; day: string } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const follow = useRef<string | null>(null)

  const say = useCallback((slot: AssignedSlot, day: string, from: string) => {
    if (day === from) setAnnouncement(`${dayLabel(day)}: the slot’s own day.`)
    else setAnnouncement(canDropOn(slot, day) ? `${dayLabel(day)}. Enter drops the slot here.` : `${dayLabel(day)}: a slot cannot move here (tomorrow to 90 days ahead).`)
  }, [canDropOn])

  const onChipKey = useCallback(
    (slot: AssignedSlot, slotDay: string, event: KeyboardEvent<HTMLElement>): boolean => {
      const mine = lifted?.slot.id === slot.id ? lifted : null
      if (!mine) {
        if (event.key !== ' ' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !canMove(slot)) return false
        setLifted({ slot, from: slotDay, day: slotDay })
        setAnnouncement(`Picked up the slot of ${dayLabel(slotDay)} for ${slot.assignee.fullName}. Arrow keys choose a day, Enter drops it, Escape cancels.`)
        return true
      }
      if (event.key in STEPS) {
        const day = addDays(mine.day, STEPS[event.key]!)
        if (day >= first && day <= last) {
          setLifted({ ...mine, day })
          say(slot, day, mine.from)
        }
        return true
      }
      if (event.key === 'Escape') {
        setLifted(null)
        setAnnouncement('Move cancelled: the slot stays where it was.')
        return true
      }
      if (event.key === 'Enter' || event.key === ' ') {
        setLifted(null)
        if (mine.day !== mine.from && canDropOn(slot, mine.day)) {
          follow.current = slot.id
          setAnnouncement(`Dropped on ${dayLabel(mine.day)}.`)
          moveToDay(slot, mine.day)
        } else setAnnouncement(mine.day === mine.from ? 'Move cancelled: the slot stays where it was.' : 'The slot cannot move there: it stays where it was.')
        return true
      }
      // Tab and the rest go on as usual (leaving the slot puts it back).
      return false
    },
    [lifted, canMove, canDropOn, moveToDay, first, last, say]
  )

  const onChipBlur = useCallback(
    (slot: AssignedSlot) => {
      if (lifted?.slot.id !== slot.id) return
      setLifted(null)
      setAnnouncement('Move cancelled: the slot stays where it was.')
    },
    [lifted]
  )

  // The moved chip is drawn anew in its new day: focus goes with it once it is there, unless the
  // person has gone on somewhere else meanwhile (or the series question holds it).
  useEffect(() => {
    if (!follow.current) return
    let frames = 0
    let handle = 0
    const tick = () => {
      const id = follow.current
      if (!id) return
      const chip = document.querySelector<HTMLElement>(`[data-slot-id="${CSS.escape(id)}"]`)
      const idle = document.activeElement === null || document.activeElement === document.body
      if (chip && idle) {
        chip.focus()
        follow.current = null
        return
      }
      // The series question holds the move until it is answered: wait for it as long as it is open.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) frames = 0
      if (frames++ < 120) handle = requestAnimationFrame(tick)
      else follow.current = null
    }
    handle = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(handle)
  })

  const live = (
    <div className={styles.live} aria-live="polite" data-testid="keyboard-move-announcement">
      {announcement}
    </div>
  )
  const liftedId = lifted?.slot.id ?? null
  const liftedDay = lifted?.day ?? null
  const move = useMemo<KeyboardMove>(
    () => ({ lifted: liftedId && liftedDay ? { slotId: liftedId, day: liftedDay } : null, onChipKey, onChipBlur }),
    [liftedId, liftedDay, onChipKey, onChipBlur]
  )
  return { move, live }
}
