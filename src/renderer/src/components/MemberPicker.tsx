import { useMemo } from 'react'
import {  } from '@fluentui/react-components'
import { MultiPicker, type PickerOption } from './MultiPicker'
import { memberName, type MemberOption, type PickableMember, type ReviewerOption } from './memberOptions'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const NO_TEAM_MEMBER_FOUND = 'No team member found'

const avatarOf = (m: { fullName: string; email: string; image: string | null }) => (
  <PersonAvatar name={memberName(m)} image={m.image ? { src: m.image } : undefined} size={24} color="colorful" />
)

/** A member of a team picker: one disabled for being in another team says where they are (spec §6: one team per person). */
function teamOption(m: PickableMember | MemberOption): PickerOption {
  const isDisable = 'isDisable' in m && m.isDisable
  const team = m.teams[0]?.name
  return {
    value: m.id,
    label: memberName(m),
    secondary: m.email || undefined,
    disabled: isDisable,
    disabledReason: isDisable ? (team ? `In ${team}` : 'In another team') : undefined,
    media: avatarOf(m)
  }
}

/** A possible reviewer: the author's team leaders are marked, people already asked are shown but not choosable. */
function reviewerOption(m: ReviewerOption): PickerOption {
  return {
    value: m.id,
    label: memberName(m),
    secondary: m.email || undefined,
    disabled: m.isDisable,
    disabledReason: m.isDisable ? 'Already asked' : undefined,
    note: m.isTeamLeader ? 'Team leader' : undefined,
    media: avatarOf(m)
  }
}

type MemberPickerProps = {
  selected: readonly string[]
  onChange: (ids: string[]) => void
  label: string
  placeholder?: string
  disabled?: boolean
  single?: boolean
  'data-testid'?: string
} & (
  | {
      /** Team mode (default): members of the organization; callers filter out who must not show at all. */
      mode?: 'team'
      members: readonly (PickableMember | MemberOption)[]
    }
  | {
      /** Feedback mode (spec §6, issue 13): the review candidates of a post, in the order given. */
      mode: 'feedback'
      members: readonly ReviewerOption[]
    }
)

/**
 * Picks members of the organization. Options marked isDisable show why and cannot be chosen (a
 * member already in another team, a reviewer already asked).
 */
export function MemberPicker(props: MemberPickerProps) {
  const { selected, onChange, label, placeholder = 'Search by name or email', disabled, single, 'data-testid': testId = 'member-picker' } = props
  const options = useMemo(
    () => (props.mode === 'feedback' ? props.members.map(reviewerOption) : props.members.map(teamOption)),
    [props.mode, props.members]
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
