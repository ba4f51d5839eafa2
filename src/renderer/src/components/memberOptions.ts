import type { Member, ReviewCandidate } from '@shared/domain'

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

/**
 * A person as the member picker's feedback mode offers them (spec §6, issue 13): any active member
 * but the post's author, from GET /review/candidates, the author's team leaders marked. isDisable:
 * already a reviewer of the open request, listed but not chosen twice.
 */
export type ReviewerOption = ReviewCandidate & { isDisable: boolean }

/** The picker's feedback mode: the author's team leaders first, each group in the server's order; `asked` are the open request's reviewers. */
export function reviewerOptions(candidates: readonly ReviewCandidate[], asked: ReadonlySet<string>): ReviewerOption[] {
  const ordered = [...candidates.filter((c) => c.isTeamLeader), ...candidates.filter((c) => !c.isTeamLeader)]
  return ordered.map((c) => ({ ...c, isDisable: asked.has(c.id) }))
}
