import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components'
import { PERIOD_CHOICES, PERIOD_LABELS, customPeriodProblem, type PeriodChoice } from './analyticsState'

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  field: { minWidth: '150px', maxWidth: '200px' }
})

interface PeriodPickerProps {
  period: PeriodChoice
  customFrom: string | null
  customTo: string | null
  timeZone: string
  onPeriod: (period: PeriodChoice) => void
  onCustom: (changes: { from?: string | null; to?: string | null }) => void
}

/** 7 / 30 / 90 days, this month, last month, or two days of the viewer's own: all in their time zone. */
export function PeriodPicker({ period, customFrom, customTo, timeZone, onPeriod, onCustom }: PeriodPickerProps) {
  const styles = useStyles()
  const problem = period === 'custom' && customFrom !== null && customTo !== null ? customPeriodProblem(customFrom, customTo) : null
  return (
    <div className={styles.root} role="group" aria-label="Period" data-testid="analytics-period">
      <Field label="Period" size="small" className={styles.field} hint={`Days in your time zone (${timeZone}).`}>
        <Select size="small" value={period} onChange={(_, data) => onPeriod(data.value as PeriodChoice)} data-testid="analytics-period-select">
          {PERIOD_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {PERIOD_LABELS[choice]}
            </option>
          ))}
        </Select>
      </Field>
      {period === 'custom' ? (
        <>
          <Field label="From" size="small" className={styles.field}>
            <Input
              size="small"
              type="date"
              value={customFrom ?? ''}
              max={customTo ?? undefined}
              onChange={(_, data) => onCustom({ from: data.value || null })}
              data-testid="analytics-period-from"
            />
          </Field>
          <Field label="To" size="small" className={styles.field} validationState={problem ? 'error' : 'none'} validationMessage={problem ?? undefined}>
            <Input
              size="small"
              type="date"
              value={customTo ?? ''}
              min={customFrom ?? undefined}
              onChange={(_, data) => onCustom({ to: data.value || null })}
              data-testid="analytics-period-to"
            />
          </Field>
        </>
      ) : null}
    </div>
  )
}
