import type { TeamFormInput } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import type { Team } from '@shared/domain'

export interface TeamForm {
  name: string
  members: string[]
  teamLeaders: string[]
  requireTag: boolean
  aISettingTemplateId: string | null
}

export function initialTeamForm(team: Team | null): TeamForm {
  return {
    name: team?.name ?? '',
    members: team?.members.map((m) => m.id) ?? [],
    teamLeaders: team?.teamLeaders.map((m) => m.id) ?? [],
    requireTag: team?.requireTag ?? false,
    aISettingTemplateId: team?.aISettingTemplateId ?? null
  }
}

/** Leaders who are still among the chosen members (a removed member no longer leads). */
function leadersAmongMembers(form: Pick<TeamForm, 'members' | 'teamLeaders'>): string[] {
  return form.teamLeaders.filter((id) => form.members.includes(id))
}

/** Save is disabled while the name is empty or no team leader is chosen (spec §5). */
export function canSaveTeam(form: TeamForm): boolean {
  return form.name !== '' && form.teamLeaders.length > 0
}

/**
 * The alert to show instead of saving, or null (spec §5): a name that is empty after trimming is
 * 'Please enter a non-empty team name'; on edit, further 'Please enter a team name', 'Please add
 * at least one team member' and 'Please add a team leader'.
 */
export function teamFormProblem(form: TeamForm, mode: 'create' | 'edit'): string | null {
  if (mode === 'edit' && form.name === '') return MESSAGES.teamNameMissing
  if (form.name.trim() === '') return MESSAGES.teamNameEmpty
  if (mode === 'edit') {
    if (form.members.length === 0) return MESSAGES.teamMembersMissing
    if (leadersAmongMembers(form).length === 0) return MESSAGES.teamLeaderMissing
  }
  return null
}

/** The team fields to send (spec §7): the trimmed name, and leaders who are members. */
export function teamFormInput(form: TeamForm, options: { id?: string; imageRemoved: boolean }): TeamFormInput {
  return {
    ...(options.id !== undefined ? { id: options.id } : {}),
    name: form.name.trim(),
    members: form.members,
    teamLeaders: leadersAmongMembers(form),
    requireTag: form.requireTag,
    aISettingTemplateId: form.aISettingTemplateId,
    ...(options.imageRemoved ? { imageRemoved: true } : {})
  }
}

/** Alerts the server answers for a team that fails its checks (the same texts as the dialog's). */
export const TEAM_ALERTS: ReadonlySet<string> = new Set([
  MESSAGES.teamNameEmpty,
  MESSAGES.teamNameMissing,
  MESSAGES.teamMembersMissing,
  MESSAGES.teamLeaderMissing,
  MESSAGES.teamImageNotImage
])
