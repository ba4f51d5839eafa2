import { useState } from 'react'
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
  Radio,
  RadioGroup,
  Spinner,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot } from '@shared/domain'
import { QuarterHourSelect } from '@renderer/components/QuarterHourSelect'
import { useNow } from '@renderer/hooks/useNow'
import { ActionError, refusalMessages, type Failure } from './ActionError'
import { initialScheduleTime, scheduleInstant, slotLabel, todayIn, type ScheduleTime } from './postTimes'

const NO_RESULTS = 'No results found'
/** Refusals shown beside their field; the others (LinkedIn limits, connection, page) go under the fields. */
const SHOWN_BESIDE = ['scheduledAt', 'slotId']

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '> *': { flex: '1 1 160px' } },
  slots: { maxHeight: '280px', overflowY: 'auto' },
  empty: { color: tokens.colorNeutralForeground3 }
})

type ScheduleMode = 'time' | 'slot'
export type ScheduleTarget = { scheduledAt: string } | { slotId: string }

interface ScheduleDialogProps {
  timeZone: string
  /** The user's open slots the post may go into. */
  slots: AssignedSlot[]
  slotsLoading: boolean
  /** Where the pickers start: the post's time when it has one (Edit time), the post's slot. */
  initial: { mode: ScheduleMode; scheduledAt: string | null; slotId: string | null }
  busy: boolean
  /** The server's refusal of the last try. */
  error: Failure | null
  onSchedule: (target: ScheduleTarget) => void
  onCancel: () => void
}

/**
 * 'Schedule post': at a day and quarter-hour in the user's timezone, or into one of their open
 * assigned slots (the slot's time). Mounted per opening, so it starts from `initial` each time.
 */
export function ScheduleDialog({ timeZone, slots, slotsLoading, initial, busy, error, onSchedule, onCancel }: ScheduleDialogProps) {
  const styles = useStyles()
  const now = useNow()
  const [mode, setMode] = useState<ScheduleMode>(initial.mode)
  const [pick, setPick] = useState<ScheduleTime>(() => initialScheduleTime(initial.scheduledAt, new Date(), timeZone))
  const [slotId, setSlotId] = useState<string | null>(initial.slotId ?? (slots.length === 1 ? slots[0]!.id : null))
  const instant = scheduleInstant(pick, timeZone)
  const past = instant !== null && instant.getTime() <= now.getTime()
  const timeError = past ? MESSAGES.scheduleInPast : (error?.fields.scheduledAt ?? null)
  const slotChosen = slotId !== null && slots.some((s) => s.id === slotId)
  const ready = mode === 'time' ? instant !== null && !past : slotChosen

  const submit = () => {
    if (!ready || busy) return
    if (mode === 'slot' && slotId) onSchedule({ slotId })
    else if (instant) onSchedule({ scheduledAt: instant.toISOString() })
  }

  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onCancel()
      }}
    >
      <DialogSurface data-testid="schedule-dialog">
        <DialogBody>
          <DialogTitle>Schedule post</DialogTitle>
          <DialogContent className={styles.content}>
            <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as ScheduleMode)} layout="horizontal" aria-label="When">
              <Radio value="time" label="At a time" />
              <Radio value="slot" label="Into an assigned slot" />
            </RadioGroup>
            {mode === 'time' ? (
              <div className={styles.row}>
                <Field label="Date" validationState={timeError ? 'error' : 'none'} validationMessage={timeError ?? undefined}>
                  <Input
                    type="date"
                    value={pick.date}
                    min={todayIn(now, timeZone)}
                    onChange={(_, d) => setPick((p) => ({ ...p, date: d.value }))}
                    data-testid="schedule-date"
                  />
                </Field>
                <Field label="Time" hint={`In your timezone (${timeZone}).`}>
                  <QuarterHourSelect value={pick.time} onChange={(time) => setPick((p) => ({ ...p, time }))} data-testid="schedule-time" />
                </Field>
              </div>
            ) : (
              <Field
                label="Your open slots"
                hint="The post goes out at the slot’s time."
                validationState={error?.fields.slotId ? 'error' : 'none'}
                validationMessage={error?.fields.slotId}
              >
                {slotsLoading ? (
                  <Spinner size="tiny" label="Loading your slots…" />
                ) : slots.length === 0 ? (
                  <Text className={styles.empty} data-testid="schedule-no-slots">
                    {NO_RESULTS}
                  </Text>
                ) : (
                  <RadioGroup
                    className={styles.slots}
                    value={slotId ?? ''}
                    onChange={(_, d) => setSlotId(d.value)}
                    data-testid="schedule-slots"
                  >
                    {slots.map((slot) => (
                      <Radio key={slot.id} value={slot.id} label={slotLabel(slot, timeZone)} data-testid={`schedule-slot-${slot.id}`} />
                    ))}
                  </RadioGroup>
                )}
              </Field>
            )}
            {error
              ? refusalMessages(error, SHOWN_BESIDE).map((message) => <ActionError key={message} message={message} data-testid="schedule-error" />)
              : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={submit} disabled={!ready || busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
              Schedule post
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
