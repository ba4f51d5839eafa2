import type { Member } from '@shared/domain'

export type PickableMember = Pick<Member, 'id' | 'fullName' | 'email' | 'image' | 'status' | 'teams'>

/** A member as the team member picker offers it; isDisable is computed on the client (spec §3). */
export type MemberOption = PickableMember & { isDisable: boolean }

/** The name to show, or the email for an invited person who has not chosen a name yet. */
export function memberName(member: Pick<Member, 'fullName' | 'email'>): string {
  return member.fullName.trim() || member.email
}

/**
 * The team member picker's options (spec §6): INVITED members are hidden; members already in
 * another team of the organization are disabled. `teamId` is the team being edited (its own members
 * stay pickable), or null for a new team.
 */
export function teamMemberOptions(members: readonly PickableMember[], teamId: string | null): MemberOption[] {
  return members
    .filter((m) => m.status !== 'INVITED')
    .map((m) => ({ ...m, isDisable: m.teams.some((t) => t.id !== teamId) }))
}
