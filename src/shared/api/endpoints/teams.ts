import { z } from 'zod'
import { teamSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { MESSAGES } from '../messages'
import { endpoint, none, ok } from './base'
import { idSchema } from './common'

/** A multipart text field that carries JSON (spec §7), decoded then checked against `schema`. */
function jsonField<S extends z.ZodType>(schema: S, missing: string) {
  return multiLineText({ error: missing })
    .max(1_000_000)
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: missing })
        return z.NEVER
      }
    })
    .pipe(schema)
}

/**
 * The text fields of POST /team/create and PUT /team/update (multipart/form-data, spec §7). The
 * client sends strings (z.input); the server reads the decoded values (z.output). The image is the
 * file part `image` (TEAM_IMAGE_FIELD); `imageRemoved: 'true'` drops the current image.
 */
export const teamFormFieldsSchema = z.object({
  name: singleLineText({ error: MESSAGES.teamNameEmpty })
    .max(200, 'Use at most 200 characters.')
    .transform((v) => v.trim())
    .pipe(singleLineText().min(1, MESSAGES.teamNameEmpty)),
  /** JSON array of user ids (ACTIVE members of the organization). */
  members: jsonField(z.array(idSchema, { error: MESSAGES.teamMembersMissing }).min(1, MESSAGES.teamMembersMissing).max(10_000), MESSAGES.teamMembersMissing),
  /** JSON array of user ids; each leader is also made a member. */
  teamLeaders: jsonField(z.array(idSchema, { error: MESSAGES.teamLeaderMissing }).min(1, MESSAGES.teamLeaderMissing).max(10_000), MESSAGES.teamLeaderMissing),
  /** JSON boolean; false when absent on create, unchanged when absent on update. */
  requireTag: jsonField(z.boolean({ error: 'requireTag must be true or false.' }), 'requireTag must be true or false.').optional(),
  /** JSON string or null; none when absent on create, unchanged when absent on update. */
  aISettingTemplateId: jsonField(idSchema.nullable(), 'aISettingTemplateId must be a template id or null.').optional(),
  imageRemoved: z.enum(['true', 'false']).optional()
})
export const updateTeamFormFieldsSchema = teamFormFieldsSchema.extend({ id: idSchema })
export const TEAM_IMAGE_FIELD = 'image'

export interface TeamFormInput {
  id?: string
  name: string
  members: string[]
  teamLeaders: string[]
  requireTag: boolean
  aISettingTemplateId: string | null
  imageRemoved?: boolean
}

/** The multipart text fields for a team form (JSON where spec §7 says JSON). */
export function toTeamFormFields(input: TeamFormInput): Record<string, string> {
  const fields: Record<string, string> = {
    name: input.name,
    members: JSON.stringify(input.members),
    teamLeaders: JSON.stringify(input.teamLeaders),
    requireTag: JSON.stringify(input.requireTag),
    aISettingTemplateId: JSON.stringify(input.aISettingTemplateId)
  }
  if (input.id !== undefined) fields.id = input.id
  if (input.imageRemoved) fields.imageRemoved = 'true'
  return fields
}

/** Where a team's image is served (GET, session cookie; not JSON, so not in `endpoints`). */
export const TEAM_IMAGE_PATH = '/team/image/:teamId'

export const teamEndpoints = {
  // Teams (create/update are multipart/form-data, spec §7)
  listTeams: endpoint({ method: 'GET', path: '/team/list', query: none, body: none, response: z.array(teamSchema) }),
  createTeam: endpoint({ role: 'admin', method: 'POST', path: '/team/create', query: none, body: teamFormFieldsSchema, response: teamSchema, multipart: { fileField: TEAM_IMAGE_FIELD } }),
  updateTeam: endpoint({ role: 'leaderOrAdmin', refused: 'Only admins and the leaders of this team can change it.', method: 'PUT', path: '/team/update', query: none, body: updateTeamFormFieldsSchema, response: teamSchema, multipart: { fileField: TEAM_IMAGE_FIELD } }),
  deleteTeam: endpoint({ role: 'leaderOrAdmin', refused: 'Only admins and the leaders of this team can change it.', method: 'DELETE', path: '/team/delete', query: z.object({ teamId: idSchema }), body: none, response: ok })
} as const
