import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { teams } from '../../db/schema'
import { notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { removeFile, teamImagesDir } from './images'
import { requireAdminOrLeader } from './people'
import type { TeamDeps } from './types'
import { findTeam } from './views'

/* Deleting a team and its image; admins or its leaders (docs/architecture.md, "Organizations and members"). */

export async function removeTeam(deps: Pick<TeamDeps, 'db' | 'clock' | 'uploadsDir'>, session: OrganizationSession, teamId: string): Promise<void> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await findTeam(db, organizationId, teamId)
  if (!existing) throw notFound(MESSAGES.teamNotFound)
  await requireAdminOrLeader(db, session, existing.id)
  // Only the request whose delete removed the row answers 200 (and removes the image it had);
  // the others of a burst found it already gone.
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(teams)
      .where(and(eq(teams.id, existing.id), eq(teams.organizationId, organizationId)))
      .returning({ imageFile: teams.imageFile, name: teams.name })
    if (!row) throw notFound(MESSAGES.teamNotFound)
    await record(tx, {
      organizationId,
      at: clock.now(),
      actor: sessionActor(session),
      action: 'team.deleted',
      target: { type: 'team', id: existing.id, label: row.name },
      before: { name: row.name }
    })
    return row
  })
  await removeFile(teamImagesDir(deps.uploadsDir), deleted.imageFile)
}
