import { Button, Select, makeStyles, tokens, useId } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'
import { shiftMonth } from '@shared/rules/periods'
import { monthLabel, monthOptions } from './months'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  label: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' }
})

/** Previous and next month around a select of the recent months; nothing after `current`. */
export function MonthPicker({ month, current, onChange }: { month: string; current: string; onChange: (month: string) => void }) {
  const styles = useStyles()
  const selectId = useId('month')
  return (
    <div className={styles.root} role="group" aria-label="Month" data-testid="month-picker">
      <Button
        appearance="subtle"
        icon={<ChevronLeft20Regular />}
        aria-label="Previous month"
        onClick={() => onChange(shiftMonth(month, -1))}
        data-testid="month-previous"
      />
      <label htmlFor={selectId} className={styles.label}>
        Month
      </label>
      <Select id={selectId} value={month} onChange={(_, data) => onChange(data.value)} data-testid="month-select">
        {monthOptions(current, month).map((m) => (
          <option key={m} value={m}>
            {monthLabel(m)}
          </option>
        ))}
      </Select>
      <Button
        appearance="subtle"
        icon={<ChevronRight20Regular />}
        aria-label="Next month"
        disabled={month >= current}
        onClick={() => onChange(shiftMonth(month, 1))}
        data-testid="month-next"
      />
    </div>
  )
}
