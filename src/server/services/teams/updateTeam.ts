import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Team } from '../../../shared/domain'
import { teams } from '../../db/schema'
import { notFound } from '../../errors'
import { requireTemplate } from '../access'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { discard, type UploadedImage } from '../uploads'
import { removeFile, storeImage, teamImagesDir } from './images'
import { checkPeople, concurrentTeamChange, notifyAdded, replacePeople, requireAdminOrLeader } from './people'
import type { TeamDeps, UpdateTeamFormFields } from './types'
import { findTeam, views } from './views'

/* Editing a team, its people and its image; admins or its leaders (docs/architecture.md, "Organizations and members"). */

export async function updateTeam(
  deps: Pick<TeamDeps, 'db' | 'clock' | 'notifications' | 'uploadsDir'>,
  session: OrganizationSession,
  fields: UpdateTeamFormFields,
  image: UploadedImage | null
): Promise<Team> {
  const { db, clock, notifications } = deps
  const imagesDir = teamImagesDir(deps.uploadsDir)
  try {
    const organizationId = session.organization.id
    const existing = await findTeam(db, organizationId, fields.id)
    if (!existing) throw notFound(MESSAGES.teamNotFound)
    await requireAdminOrLeader(db, session, existing.id)
    const stored = await storeImage(imagesDir, image)
    image = null
    let replaced: string | null = null
    try {
      const team = await db.transaction(async (tx) => {
        await requireTemplate(tx, organizationId, fields.aISettingTemplateId)
        const people = await checkPeople(tx, organizationId, fields, existing.id)
        const changes: Partial<typeof teams.$inferInsert> = { name: fields.name, updatedAt: clock.now() }
        if (fields.requireTag !== undefined) changes.requireTag = fields.requireTag
        if (fields.aISettingTemplateId !== undefined) changes.aiSettingTemplateId = fields.aISettingTemplateId
        if (stored) {
          Object.assign(changes, stored)
          replaced = existing.imageFile
        } else if (fields.imageRemoved === 'true') {
          Object.assign(changes, { imageFile: null, imageName: null, imageContentType: null, imageVersion: null })
          replaced = existing.imageFile
        }
        // Deleted since it was read (a racing delete): nothing to update, and no members to add to it.
        const [row] = await tx.update(teams).set(changes).where(eq(teams.id, existing.id)).returning()
        if (!row) throw notFound(MESSAGES.teamNotFound)
        const { added, was, now } = await replacePeople(clock, tx, organizationId, existing.id, people.members, people.leaders)
        await notifyAdded(notifications, tx, organizationId, fields.name, added, session.userId)
        const settings = (t: typeof existing) => ({ name: t.name, requireTag: t.requireTag, aiSettingTemplateId: t.aiSettingTemplateId, imageName: t.imageName })
        const changed = changedFields({ ...settings(existing), ...was }, { ...settings(row), ...now })
        if (changed) {
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'team.updated',
            target: { type: 'team', id: existing.id, label: row.name },
            ...changed
          })
        }
        return (await views(tx, [row]))[0]!
      })
      await removeFile(imagesDir, replaced)
      return team
    } catch (err) {
      await removeFile(imagesDir, stored?.imageFile)
      throw concurrentTeamChange(err)
    }
  } finally {
    await discard(image)
  }
}
