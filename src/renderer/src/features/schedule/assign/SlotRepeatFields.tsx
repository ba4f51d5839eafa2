import { Field, Select, Switch, makeStyles, tokens } from '@fluentui/react-components'
import { RECURRENCE_COUNT_MAX, WEEKLY_INTERVAL_MAX } from '@shared/constants'
import type { RecurrenceType } from '@shared/rules/slots'
import type { SlotForm } from './slotForm'

const useStyles = makeStyles({
  // Start-aligned: a field with a hint must not stretch its neighbour's control.
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '> *': { flex: '1 1 140px' } }
})

const COUNT_OPTIONS = Array.from({ length: RECURRENCE_COUNT_MAX + 1 }, (_, i) => i)
const WEEK_OPTIONS = Array.from({ length: WEEKLY_INTERVAL_MAX }, (_, i) => i + 1)

interface SlotRepeatFieldsProps {
  form: SlotForm
  set: <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => void
  /** Read-only: an existing slot's recurrence, or a slot the user may not change. */
  disabled: boolean
}

/** Repeat, and when it is on: weekly or monthly, every how many weeks, and how many occurrences. */
export function SlotRepeatFields({ form, set, disabled }: SlotRepeatFieldsProps) {
  const styles = useStyles()
  return (
    <>
      <Switch label="Repeat" checked={form.repeat} onChange={(_, d) => set('repeat', d.checked)} disabled={disabled} data-testid="slot-repeat" />
      {form.repeat ? (
        <div className={styles.row}>
          <Field label="Repeat type">
            <Select
              value={form.repeatType}
              onChange={(_, d) => set('repeatType', d.value as RecurrenceType)}
              disabled={disabled}
              data-testid="slot-repeat-type"
            >
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly</option>
            </Select>
          </Field>
          <Field label="Every">
            {form.repeatType === 'weekly' ? (
              <Select value={String(form.interval)} onChange={(_, d) => set('interval', Number(d.value))} disabled={disabled} data-testid="slot-repeat-interval">
                {WEEK_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n === 1 ? '1 week' : `${n} weeks`}
                  </option>
                ))}
              </Select>
            ) : (
              <Select value="1" disabled data-testid="slot-repeat-interval">
                <option value="1">1 month</option>
              </Select>
            )}
          </Field>
          <Field label="Occurrences" hint={form.count === 0 ? 'With 0 the slot does not repeat.' : undefined}>
            <Select value={String(form.count)} onChange={(_, d) => set('count', Number(d.value))} disabled={disabled} data-testid="slot-repeat-count">
              {COUNT_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}
    </>
  )
}
