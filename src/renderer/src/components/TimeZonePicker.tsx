import { useMemo, useState } from 'react'
import { Combobox, useComboboxFilter } from '@fluentui/react-components'

function supportedTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone')
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

/** A searchable IANA time zone picker over the browser's list. */
export function TimeZonePicker({
  value,
  onChange,
  id,
  'data-testid': testId
}: {
  value: string | null
  onChange: (timezone: string) => void
  id?: string
  'data-testid'?: string
}) {
  const zones = useMemo(() => supportedTimeZones(), [])
  const [query, setQuery] = useState(value ?? '')
  // Opening the list on the chosen zone shows every zone, not just that one.
  const filter = query === value ? '' : query
  const options = useComboboxFilter(filter, zones, {
    noOptionsMessage: 'No results found',
    filter: (option, q) => option.toLowerCase().replace(/_/g, ' ').includes(q.toLowerCase().replace(/_/g, ' '))
  })

  return (
    <Combobox
      id={id}
      data-testid={testId}
      placeholder="Search time zones"
      value={query}
      selectedOptions={value ? [value] : []}
      onChange={(event) => setQuery(event.target.value)}
      onOptionSelect={(_, data) => {
        if (!data.optionValue) return
        setQuery(data.optionValue)
        onChange(data.optionValue)
      }}
      onOpenChange={(_, data) => {
        if (!data.open) setQuery(value ?? '')
      }}
    >
      {options}
    </Combobox>
  )
}
