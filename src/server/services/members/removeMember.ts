import { MESSAGES } from '../../../shared/api/messages'
import { badRequest, conflict, notFound } from '../../errors'
import { lockOrganization, requireUuid } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { removeUserPhotoFiles } from '../userPhotos'
import { activeAdminCount, findMembership } from './lookups'
import { removeMemberships } from './removal'
import type { MemberDeps } from './types'

/* DELETE /members/delete: an admin takes someone else out, never the last ACTIVE ADMIN (docs/architecture.md, "Organizations and members"). */

export async function removeMember(deps: Pick<MemberDeps, 'db' | 'clock' | 'uploadsDir'>, session: OrganizationSession, userId: string): Promise<void> {
  const { db, clock, uploadsDir } = deps
  const organizationId = session.organization.id
  requireUuid(userId, MESSAGES.memberNotFound)
  const deletedPhotos = await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const found = await findMembership(tx, organizationId, userId)
    if (!found) throw notFound(MESSAGES.memberNotFound)
    if (userId === session.userId) throw badRequest(MESSAGES.cannotDeleteYourself, { userId: MESSAGES.cannotDeleteYourself })
    const m = found.membership
    if (m.role === 'ADMIN' && m.status === 'ACTIVE' && (await activeAdminCount(tx, organizationId)) <= 1) {
      throw conflict(MESSAGES.lastAdmin)
    }
    const photos = await removeMemberships(tx, organizationId, [userId], clock.now(), { type: 'user', userId: session.userId })
    await record(tx, {
      organizationId,
      at: clock.now(),
      actor: sessionActor(session),
      action: 'member.removed',
      target: { type: 'member', id: userId, label: found.email },
      before: { email: found.email, role: m.role, status: m.status }
    })
    return photos
  })
  await removeUserPhotoFiles(uploadsDir, deletedPhotos)
}
