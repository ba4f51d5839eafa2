import { randomUUID } from 'node:crypto'
import { MESSAGES } from '../../../shared/api/messages'
import type { Team } from '../../../shared/domain'
import { teams } from '../../db/schema'
import { lockOrganization, requireEntitled, requireTemplate } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { discard, type UploadedImage } from '../uploads'
import { removeFile, storeImage, teamImagesDir } from './images'
import { checkPeople, concurrentTeamChange, notifyAdded, replacePeople } from './people'
import type { TeamDeps, TeamFormFields } from './types'
import { views } from './views'

/* A new team with its people and image, within the plan's limit (docs/architecture.md, "Organizations and members"). */

export async function createTeam(deps: TeamDeps, session: OrganizationSession, fields: TeamFormFields, image: UploadedImage | null): Promise<Team> {
  const { db, clock, notifications, entitlements } = deps
  const imagesDir = teamImagesDir(deps.uploadsDir)
  try {
    const organizationId = session.organization.id
    // A cheap early answer before an upload is kept; the binding check runs under the lock below.
    await requireEntitled(entitlements, organizationId, 'TEAMS', MESSAGES.teamsLimit)
    const stored = await storeImage(imagesDir, image)
    image = null
    try {
      return await db.transaction(async (tx) => {
        // Counted under the organization lock: two simultaneous creates cannot both take the last team.
        await lockOrganization(tx, organizationId)
        await entitlements.requireWithin(tx, organizationId, 'TEAMS', MESSAGES.teamsLimit)
        await requireTemplate(tx, organizationId, fields.aISettingTemplateId)
        const people = await checkPeople(tx, organizationId, fields, null)
        const now = clock.now()
        const id = randomUUID()
        const [row] = await tx
          .insert(teams)
          .values({
            id,
            organizationId,
            name: fields.name,
            requireTag: fields.requireTag ?? false,
            aiSettingTemplateId: fields.aISettingTemplateId ?? null,
            ...(stored ?? {}),
            createdAt: now,
            updatedAt: now
          })
          .returning()
        const { added, now: peopleNow } = await replacePeople(clock, tx, organizationId, id, people.members, people.leaders)
        await notifyAdded(notifications, tx, organizationId, fields.name, added, session.userId)
        await record(tx, {
          organizationId,
          at: now,
          actor: sessionActor(session),
          action: 'team.created',
          target: { type: 'team', id, label: fields.name },
          after: { name: fields.name, requireTag: row!.requireTag, aiSettingTemplateId: row!.aiSettingTemplateId, ...peopleNow }
        })
        return (await views(tx, [row!]))[0]!
      })
    } catch (err) {
      await removeFile(imagesDir, stored?.imageFile)
      throw concurrentTeamChange(err)
    }
  } finally {
    await discard(image)
  }
}
