import { useMemo } from 'react'
import { Avatar } from '@fluentui/react-components'
import { MultiPicker } from './MultiPicker'
import { memberName, type MemberOption, type PickableMember } from './memberOptions'

const NO_TEAM_MEMBER_FOUND = 'No team member found'

/**
 * Picks members of the organization. Options marked isDisable show why and cannot be chosen (a
 * member already in another team); callers filter out members that must not show at all.
 */
export function MemberPicker({
  members,
  selected,
  onChange,
  label,
  placeholder = 'Search by name or email',
  disabled,
  single,
  'data-testid': testId = 'member-picker'
}: {
  members: readonly (PickableMember | MemberOption)[]
  selected: readonly string[]
  onChange: (ids: string[]) => void
  label: string
  placeholder?: string
  disabled?: boolean
  single?: boolean
  'data-testid'?: string
}) {
  const options = useMemo(
    () =>
      members.map((m) => {
        const isDisable = 'isDisable' in m && m.isDisable
        const team = m.teams[0]?.name
        return {
          value: m.id,
          label: memberName(m),
          secondary: m.email || undefined,
          disabled: isDisable,
          // Why it cannot be chosen (spec §6: one team per person), where the member is now.
          disabledReason: isDisable ? (team ? `In ${team}` : 'In another team') : undefined,
          media: <Avatar name={memberName(m)} image={m.image ? { src: m.image } : undefined} size={24} color="colorful" />
        }
      }),
    [members]
  )
  return (
    <MultiPicker
      options={options}
      selected={selected}
      onChange={onChange}
      label={label}
      placeholder={placeholder}
      noOptionsMessage={NO_TEAM_MEMBER_FOUND}
      disabled={disabled}
      single={single}
      data-testid={testId}
    />
  )
}
