import type { Team } from '../../../shared/domain'
import type { OrganizationSession } from '../sessions'
import type { UploadedImage } from '../uploads'
import { createTeam } from './createTeam'
import { listTeams } from './listTeams'
import { removeTeam } from './removeTeam'
import { teamImage, teamImageFiles } from './teamImage'
import type { TeamDeps, TeamFormFields, TeamImageFile, UpdateTeamFormFields } from './types'
import { updateTeam } from './updateTeam'

/*
 * Teams: their members, leaders and image — list, create, update, remove. One use case per file;
 * this facade only delegates. The rules are in docs/architecture.md, "Organizations and members".
 */

export type { TeamDeps } from './types'

export interface TeamService {
  list(organizationId: string): Promise<Team[]>
  create(session: OrganizationSession, fields: TeamFormFields, image: UploadedImage | null): Promise<Team>
  update(session: OrganizationSession, fields: UpdateTeamFormFields, image: UploadedImage | null): Promise<Team>
  remove(session: OrganizationSession, teamId: string): Promise<void>
  /** The image of a team of this organization; null when there is none (or the team is another organization's). */
  image(organizationId: string, teamId: string): Promise<TeamImageFile | null>
  /** Image files of the organization's teams (for DELETE /organization). */
  imageFiles(organizationId: string): Promise<string[]>
}

export function createTeamService(deps: TeamDeps): TeamService {
  return {
    list: (organizationId) => listTeams(deps, organizationId),
    create: (session, fields, image) => createTeam(deps, session, fields, image),
    update: (session, fields, image) => updateTeam(deps, session, fields, image),
    remove: (session, teamId) => removeTeam(deps, session, teamId),
    image: (organizationId, teamId) => teamImage(deps, organizationId, teamId),
    imageFiles: (organizationId) => teamImageFiles(deps, organizationId)
  }
}
