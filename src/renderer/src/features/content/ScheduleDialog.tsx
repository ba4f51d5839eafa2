import { useState } from 'react'
import { Field, Input, Radio, RadioGroup, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot } from '@shared/domain'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { QuarterHourSelect } from '@renderer/components/QuarterHourSelect'
import { useNow } from '@renderer/hooks/useNow'
import { ActionError, refusalMessages, type Failure } from './ActionError'
import { initialScheduleTime, scheduleInstant, slotLabel, todayIn, type ScheduleTime } from './postTimes'

const NO_RESULTS = 'No results found'
/** Refusals shown beside their field; the others (LinkedIn limits, connection, page) go under the fields. */
const SHOWN_BESIDE = ['scheduledAt', 'slotId']

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '> *': { flex: '1 1 160px' } },
  slots: { maxHeight: '280px', overflowY: 'auto' },
  empty: { color: tokens.colorNeutralForeground3 }
})

type ScheduleMode = 'time' | 'slot'
export type ScheduleTarget = { scheduledAt: string } | { slotId: string }

/** The dialog's fields: how the post is scheduled, the picked day and quarter-hour, the picked slot. */
interface ScheduleForm {
  mode: ScheduleMode
  pick: ScheduleTime
  slotId: string | null
}

interface ScheduleDialogProps {
  timeZone: string
  /** The user's open slots the post may go into. */
  slots: AssignedSlot[]
  slotsLoading: boolean
  /** Where the pickers start: the post's time when it has one (Edit time), the post's slot. */
  initial: { mode: ScheduleMode; scheduledAt: string | null; slotId: string | null }
  /** Schedules the post and closes the dialog; a refusal rejects, and `describeRefusal` says what it was. */
  onSchedule: (target: ScheduleTarget) => Promise<void>
  /** The refusal as the dialog shows it: messages beside the time or slot, the others under the fields. */
  describeRefusal: (error: unknown) => Failure
  onClose: () => void
}

/**
 * 'Schedule post': at a day and quarter-hour in the user's timezone, or into one of their open
 * assigned slots (the slot's time). A FormDialog (DESIGN.md §7): closing a changed pick asks
 * first, closing waits while the post is being scheduled, and a second click on Schedule post
 * while it is does nothing. Mounted per opening, so it starts from `initial` each time.
 */
export function ScheduleDialog({ timeZone, slots, slotsLoading, initial, onSchedule, describeRefusal, onClose }: ScheduleDialogProps) {
  const styles = useStyles()
  const now = useNow()
  const [start] = useState<ScheduleForm>(() => ({
    mode: initial.mode,
    pick: initialScheduleTime(initial.scheduledAt, new Date(), timeZone),
    slotId: initial.slotId ?? (slots.length === 1 ? slots[0]!.id : null)
  }))
  // The answer closes the dialog or shows the refusal in it, so closing waits for it.
  const form = useFormDialog({ initial: start, onClose, whileSaving: 'block' })
  /** The refusal's message when it names no field. */
  const [refusal, setRefusal] = useState<string | null>(null)
  const { mode, pick, slotId } = form.values
  const instant = scheduleInstant(pick, timeZone)
  const past = instant !== null && instant.getTime() <= now.getTime()
  const timeError = past ? MESSAGES.scheduleInPast : (form.errors.scheduledAt ?? null)
  const slotChosen = slotId !== null && slots.some((s) => s.id === slotId)
  const ready = mode === 'time' ? instant !== null && !past : slotChosen

  const submit = async ({ values }: Submission<ScheduleForm>) => {
    setRefusal(null)
    const at = scheduleInstant(values.pick, timeZone)
    if (values.mode === 'slot' && values.slotId) await onSchedule({ slotId: values.slotId })
    else if (values.mode === 'time' && at) await onSchedule({ scheduledAt: at.toISOString() })
  }

  const refused = (error: unknown) => {
    const failure = describeRefusal(error)
    form.setErrors(failure.fields)
    setRefusal(failure.message)
  }

  return (
    <FormDialog
      form={form}
      title="Schedule post"
      label="Schedule post"
      onSubmit={submit}
      onError={refused}
      canSubmit={ready}
      submitLabel="Schedule post"
      testIds={{ dialog: 'schedule-dialog', submit: 'schedule-submit', cancel: 'schedule-cancel' }}
    >
      <RadioGroup value={mode} onChange={(_, d) => form.set('mode', d.value as ScheduleMode)} layout="horizontal" aria-label="When">
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
              onChange={(_, d) => form.update((f) => ({ ...f, pick: { ...f.pick, date: d.value } }))}
              data-testid="schedule-date"
            />
          </Field>
          <Field label="Time" hint={`In your timezone (${timeZone}).`}>
            <QuarterHourSelect
              value={pick.time}
              onChange={(time) => form.update((f) => ({ ...f, pick: { ...f.pick, time } }))}
              data-testid="schedule-time"
            />
          </Field>
        </div>
      ) : (
        <Field
          label="Your open slots"
          hint="The post goes out at the slot’s time."
          validationState={form.errors.slotId ? 'error' : 'none'}
          validationMessage={form.errors.slotId}
        >
          {slotsLoading ? (
            <Spinner size="tiny" label="Loading your slots…" />
          ) : slots.length === 0 ? (
            <Text className={styles.empty} data-testid="schedule-no-slots">
              {NO_RESULTS}
            </Text>
          ) : (
            <RadioGroup className={styles.slots} value={slotId ?? ''} onChange={(_, d) => form.set('slotId', d.value)} data-testid="schedule-slots">
              {slots.map((slot) => (
                <Radio key={slot.id} value={slot.id} label={slotLabel(slot, timeZone)} data-testid={`schedule-slot-${slot.id}`} />
              ))}
            </RadioGroup>
          )}
        </Field>
      )}
      {refusalMessages({ fields: form.errors, message: refusal }, SHOWN_BESIDE).map((message) => (
        <ActionError key={message} message={message} data-testid="schedule-error" />
      ))}
    </FormDialog>
  )
}
