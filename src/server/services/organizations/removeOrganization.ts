import { rm } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { businessPages, memberships, organizations, sessions, teams } from '../../db/schema'
import { notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import { deleteOrphanPlaceholders } from '../members'
import type { OrganizationSession } from '../sessions'
import { removeUserPhotoFiles } from '../userPhotos'
import type { OrganizationDeps } from './types'

/* DELETE /organization: everything of it goes, then its files (docs/architecture.md, "Organizations and members"). */

export async function removeOrganization(deps: Pick<OrganizationDeps, 'db' | 'clock' | 'uploadsDir'>, session: OrganizationSession, files: string[]): Promise<void> {
  const { db, clock, uploadsDir } = deps
  const organizationId = session.organization.id
  const deletedPhotos = await db.transaction(async (tx) => {
    const people = await tx.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.organizationId, organizationId))
    await tx.delete(sessions).where(eq(sessions.organizationId, organizationId))
    // Cross references inside the organization first, then the cascade from the organization row.
    await tx.update(organizations).set({ defaultBusinessPageId: null }).where(eq(organizations.id, organizationId))
    await tx.update(businessPages).set({ aiSettingTemplateId: null }).where(eq(businessPages.organizationId, organizationId))
    await tx.update(teams).set({ aiSettingTemplateId: null }).where(eq(teams.organizationId, organizationId))
    // Several deletes at once (sessions resolved before the first one ended them): one answers 200.
    const deleted = await tx.delete(organizations).where(eq(organizations.id, organizationId)).returning({ id: organizations.id, name: organizations.name })
    if (deleted.length === 0) throw notFound('Organization not found.')
    const photos = await deleteOrphanPlaceholders(tx, people.map((p) => p.userId))
    // Kept after the organization (the log has no foreign keys): the server's record of who deleted it.
    await record(tx, {
      organizationId,
      at: clock.now(),
      actor: sessionActor(session),
      action: 'organization.deleted',
      target: { type: 'organization', id: organizationId, label: deleted[0]!.name },
      before: { name: deleted[0]!.name }
    })
    return photos
  })
  for (const file of files) await rm(file, { force: true }).catch(() => undefined)
  await removeUserPhotoFiles(uploadsDir, deletedPhotos)
}
