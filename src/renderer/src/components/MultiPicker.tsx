import { useMemo, useState, type ReactElement } from 'react'
import {
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'

export interface PickerOption {
  value: string
  label: string
  /** Shown under the label, and searched. */
  secondary?: string
  media?: ReactElement
  disabled?: boolean
  /** Why a disabled option cannot be chosen, shown with it (e.g. 'In Sales'). */
  disabledReason?: string
  /** A mark shown the same way on a choosable option (e.g. 'Team leader'). */
  note?: string
}

const useStyles = makeStyles({
  note: { display: 'block', padding: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  // A chosen value with a long name keeps to the control's width, cut with an ellipsis.
  group: { minWidth: 0, maxWidth: '100%' },
  tag: { maxWidth: '100%', minWidth: 0 },
  tagText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // Fluent styles every TagPickerOption as enabled: a disabled one must not look choosable.
  disabled: {
    color: tokens.colorNeutralForegroundDisabled,
    cursor: 'not-allowed',
    ':hover': { backgroundColor: 'transparent', color: tokens.colorNeutralForegroundDisabled },
    ':active': { backgroundColor: 'transparent', color: tokens.colorNeutralForegroundDisabled }
  },
  disabledMedia: { opacity: 0.5 },
  reason: { fontWeight: tokens.fontWeightSemibold }
})

/** Long lists render this many matches; typing narrows them (the members of a big organization). */
const PICKER_MATCH_LIMIT = 100

const matches = (option: PickerOption, query: string) => {
  const q = query.trim().toLowerCase()
  return q === '' || option.label.toLowerCase().includes(q) || (option.secondary ?? '').toLowerCase().includes(q)
}

interface MultiPickerProps {
  options: readonly PickerOption[]
  selected: readonly string[]
  onChange: (selected: string[]) => void
  /** The input's accessible name. */
  label: string
  placeholder?: string
  /** Shown when nothing matches (spec §2 texts, e.g. 'No team member found'). */
  noOptionsMessage: string
  disabled?: boolean
  /** Only one value at a time: picking another replaces it. */
  single?: boolean
  'data-testid'?: string
}

/**
 * A searchable multi-select over Fluent's TagPicker: chosen values show as dismissible tags,
 * options can be disabled, and the list is keyboard-driven (arrows, Enter, Backspace).
 */
export function MultiPicker({
  options,
  selected,
  onChange,
  label,
  placeholder,
  noOptionsMessage,
  disabled = false,
  single = false,
  'data-testid': testId = 'multi-picker'
}: MultiPickerProps) {
  const styles = useStyles()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options])
  const available = useMemo(() => options.filter((o) => !selected.includes(o.value) && matches(o, query)), [options, selected, query])
  const shown = available.slice(0, PICKER_MATCH_LIMIT)

  return (
    <TagPicker
      disabled={disabled}
      selectedOptions={[...selected]}
      onOpenChange={(_, data) => setOpen(data.open)}
      onOptionSelect={(_, data) => {
        if (data.value === undefined) return
        const option = byValue.get(data.value)
        if (option?.disabled && !selected.includes(data.value)) return
        setQuery('')
        if (single) onChange(selected.includes(data.value) ? [] : [data.value])
        else onChange(data.selectedOptions)
      }}
    >
      <TagPickerControl data-testid={testId}>
        <TagPickerGroup className={styles.group} aria-label={`Chosen: ${label}`}>
          {selected.map((value) => {
            const option = byValue.get(value)
            const text = option?.label ?? value
            return (
              <Tag
                key={value}
                shape="rounded"
                value={value}
                media={option?.media}
                className={styles.tag}
                primaryText={{ className: styles.tagText, title: text }}
                data-testid={`${testId}-tag-${value}`}
              >
                {text}
              </Tag>
            )
          })}
        </TagPickerGroup>
        <TagPickerInput
          aria-label={label}
          placeholder={selected.length === 0 ? placeholder : undefined}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Escape closes the open list only, not the dialog around the picker (Fluent's dialog
            // ignores an Escape whose default was prevented).
            if (event.key === 'Escape' && open) event.preventDefault()
          }}
          data-testid={`${testId}-input`}
        />
      </TagPickerControl>
      <TagPickerList data-testid={`${testId}-list`}>
        {shown.length === 0 ? (
          <Text className={styles.note} role="status">
            {noOptionsMessage}
          </Text>
        ) : (
          shown.map((option) => {
            // TagPickerOption hands its props to Combobox's option, which honours `disabled`
            // (aria-disabled, not selectable) though TagPickerOption's props type omits it.
            const disabledProp: object = { disabled: option.disabled }
            const reason = option.disabled ? option.disabledReason : undefined
            const mark = reason ?? option.note
            return (
              <TagPickerOption
                key={option.value}
                value={option.value}
                media={option.media ? { children: option.media, className: option.disabled ? styles.disabledMedia : undefined } : undefined}
                secondaryContent={
                  mark ? (
                    <>
                      <span className={styles.reason}>{mark}</span>
                      {option.secondary ? ` · ${option.secondary}` : null}
                    </>
                  ) : (
                    option.secondary
                  )
                }
                className={option.disabled ? styles.disabled : undefined}
                title={reason}
                data-disabled={option.disabled ? 'true' : undefined}
                data-testid={`${testId}-option-${option.value}`}
                {...disabledProp}
              >
                {option.label}
              </TagPickerOption>
            )
          })
        )}
        {available.length > shown.length ? (
          <Text className={styles.note}>{`${available.length - shown.length} more: type to narrow the list.`}</Text>
        ) : null}
      </TagPickerList>
    </TagPicker>
  )
}
