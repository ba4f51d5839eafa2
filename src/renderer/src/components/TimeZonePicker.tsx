import { useMemo, useState } from 'react'
import { Combobox, useComboboxFilter } from '@fluentui/react-components'

function supportedTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone')
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

const searchable = (text: string) => text.toLowerCase().replace(/_/g, ' ')

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
  const [query, setQuery] = useState('')
  const [searching, setSearching] = useState(false)
  const [open, setOpen] = useState(false)
  // Until the user types, the field shows the chosen zone and the list shows every zone.
  const options = useComboboxFilter(searching ? query : '', zones, {
    noOptionsMessage: 'No results found',
    filter: (option, q) => searchable(option).includes(searchable(q))
  })

  return (
    <Combobox
      id={id}
      data-testid={testId}
      placeholder="Search time zones"
      value={searching ? query : (value ?? '')}
      open={open}
      selectedOptions={value ? [value] : []}
      onChange={(event) => {
        setQuery(event.target.value)
        setSearching(true)
        // Typing or pasting a search opens the list.
        setOpen(true)
      }}
      onOpenChange={(_, data) => {
        setOpen(data.open)
        if (!data.open) setSearching(false)
      }}
      onOptionSelect={(_, data) => {
        setSearching(false)
        if (data.optionValue) onChange(data.optionValue)
      }}
    >
      {options}
    </Combobox>
  )
}
