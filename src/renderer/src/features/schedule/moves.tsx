import { useCallback, useState, type ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text
} from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { SlotScope } from '@shared/api/contract'
import type { AssignedSlot } from '@shared/domain'
import { isDateInSlotWindow, localDate, localTime, slotDateWindow, zonedInstant } from '@shared/rules/slots'
import { useMoveSlot } from '@renderer/api/schedule'
import { useNotify } from '@renderer/lib/toasts'
import { failureToast } from '@renderer/lib/failureToast'
import { addDays, dayLabel, daysBetween } from './calendarDates'

const MOVE_ONE_LABEL = 'Move only this slot'
const MOVE_SERIES_LABEL = 'Move this and following slots'

/** Whether moving this slot can take later occurrences with it. */
function hasLaterOccurrences(slot: AssignedSlot): boolean {
  return slot.seriesSize > 1 && slot.occurrence < slot.seriesSize - 1
}

/** Editable (canEdit) and its time has not passed. */
export function canMoveSlot(slot: AssignedSlot, now: Date): boolean {
  return slot.canEdit && Date.parse(slot.time) > now.getTime()
}

/** Another day, within tomorrow…90 days ahead (spec §5) in the viewer's timezone. */
export function canMoveSlotTo(slot: AssignedSlot, day: string, now: Date, timeZone: string): boolean {
  return canMoveSlot(slot, now) && day !== localDate(slot.time, timeZone) && isDateInSlotWindow(day, now, timeZone)
}

/** The slot's instant on another day at the same wall-clock time in the viewer's timezone. */
function movedTime(slot: AssignedSlot, day: string, timeZone: string): string {
  return zonedInstant(day, localTime(slot.time, timeZone), timeZone).toISOString()
}

function ScopeDialog({ pending, onChoose, onCancel }: { pending: { slot: AssignedSlot; day: string; timeZone: string } | null; onChoose: (scope: SlotScope) => void; onCancel: () => void }) {
  return (
    <Dialog open={pending !== null} onOpenChange={(_, data) => (data.open ? undefined : onCancel())}>
      <DialogSurface data-testid="move-scope-dialog" aria-describedby="move-scope-text">
        <DialogBody>
          <DialogTitle>Move a repeating slot</DialogTitle>
          <DialogContent>
            {pending ? (
              <Text id="move-scope-text">
                {`This slot is one of ${pending.slot.seriesSize} in a series. Move it to ${dayLabel(pending.day)} at ${localTime(pending.slot.time, pending.timeZone)}?`}
              </Text>
            ) : null}
          </DialogContent>
          <DialogActions fluid>
            <Button appearance="primary" onClick={() => onChoose('one')} data-testid="move-scope-one">
              {MOVE_ONE_LABEL}
            </Button>
            <Button onClick={() => onChoose('series')} data-testid="move-scope-series">
              {MOVE_SERIES_LABEL}
            </Button>
            <Button appearance="subtle" onClick={onCancel} data-testid="move-scope-cancel">
              Cancel
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

function MoveToDialog({
  slot,
  timeZone,
  now,
  onMove,
  onCancel
}: {
  slot: AssignedSlot
  timeZone: string
  now: Date
  onMove: (day: string) => void
  onCancel: () => void
}) {
  const current = localDate(slot.time, timeZone)
  const allowed = slotDateWindow(now, timeZone)
  const [day, setDay] = useState(current)
  const valid = canMoveSlotTo(slot, day, now, timeZone)
  const hint = day === current ? 'Choose another day.' : isDateInSlotWindow(day, now, timeZone) ? undefined : MESSAGES.slotDateOutsideWindow
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onCancel())}>
      <DialogSurface data-testid="move-to-dialog">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (valid) onMove(day)
          }}
        >
          <DialogBody>
            <DialogTitle>Move slot</DialogTitle>
            <DialogContent>
              <Field
                label="New day"
                hint={`The slot keeps its time, ${localTime(slot.time, timeZone)} (${timeZone}).`}
                validationMessage={day !== current ? hint : undefined}
              >
                <Input
                  type="date"
                  value={day}
                  min={allowed.min}
                  max={allowed.max}
                  onChange={(_, data) => setDay(data.value)}
                  data-testid="move-to-date"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onCancel} data-testid="move-to-cancel">
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={!valid} data-testid="move-to-submit">
                Move
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}

/**
 * Moving slots to another day (drag and drop, or 'Move to…'): the same wall-clock time on the
 * new day; a slot with later occurrences asks whether they move too; the calendar shows the move
 * at once and snaps back with a 'Slot update failed' toast when the server refuses (spec §8).
 */
export function useSlotMoves({ timeZone, now }: { timeZone: string; now: Date }): {
  moveToDay: (slot: AssignedSlot, day: string) => void
  openMoveTo: (slot: AssignedSlot) => void
  dialogs: ReactNode
} {
  const notify = useNotify()
  const mutation = useMoveSlot()
  const { mutate } = mutation
  const [pending, setPending] = useState<{ slot: AssignedSlot; day: string; timeZone: string } | null>(null)
  const [movingTo, setMovingTo] = useState<AssignedSlot | null>(null)

  const perform = useCallback(
    (slot: AssignedSlot, day: string, scope: SlotScope) => {
      const time = movedTime(slot, day, timeZone)
      const wallClock = localTime(slot.time, timeZone)
      const shift = daysBetween(localDate(slot.time, timeZone), day)
      mutate(
        {
          slot,
          time,
          scope,
          shiftLater: (later) => zonedInstant(addDays(localDate(later.time, timeZone), shift), wallClock, timeZone).toISOString()
        },
        {
          onSuccess: (answer) =>
            notify({
              title: 'Slot moved ✅',
              body: `${answer.slots.length > 1 ? `${answer.slots.length} slots moved` : 'Moved'} to ${dayLabel(day)} at ${wallClock}.`
            }),
          onError: (error) => notify(failureToast(`${MESSAGES.slotUpdateFailedTitle} ⚠️`, error))
        }
      )
    },
    [mutate, notify, timeZone]
  )

  const moveToDay = useCallback(
    (slot: AssignedSlot, day: string) => {
      if (!canMoveSlotTo(slot, day, now, timeZone)) return
      if (hasLaterOccurrences(slot)) setPending({ slot, day, timeZone })
      else perform(slot, day, 'one')
    },
    [now, timeZone, perform]
  )

  const dialogs = (
    <>
      <ScopeDialog
        pending={pending}
        onCancel={() => setPending(null)}
        onChoose={(scope) => {
          if (pending) perform(pending.slot, pending.day, scope)
          setPending(null)
        }}
      />
      {movingTo ? (
        <MoveToDialog
          key={movingTo.id}
          slot={movingTo}
          timeZone={timeZone}
          now={now}
          onCancel={() => setMovingTo(null)}
          onMove={(day) => {
            setMovingTo(null)
            moveToDay(movingTo, day)
          }}
        />
      ) : null}
    </>
  )

  return { moveToDay, openMoveTo: setMovingTo, dialogs }
}
