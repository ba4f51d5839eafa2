import { Select } from '@fluentui/react-components'
import { TIME_OPTIONS } from '@shared/constants'

/**
 * A time of day from the 96 quarter-hours of spec §2 (00:00 … 23:45). A value that is not a quarter
 * hour (a slot moved by other means) is listed first, so it shows as it is instead of a wrong time.
 */
export function QuarterHourSelect(props: { value: string; onChange: (time: string) => void; disabled?: boolean; 'data-testid'?: string }) {
  const options = TIME_OPTIONS.includes(props.value) ? TIME_OPTIONS : [props.value, ...TIME_OPTIONS]
  return (
    <Select value={props.value} onChange={(_, d) => props.onChange(d.value)} disabled={props.disabled} data-testid={props['data-testid']}>
      {options.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </Select>
  )
}
