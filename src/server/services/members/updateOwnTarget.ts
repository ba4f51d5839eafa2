import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { memberships } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { findMembership } from './lookups'
import type { MemberDeps } from './types'

/* PUT /user/update-user-org-settings: the session user's own monthly target; an invitation's stays locked (docs/architecture.md, "Organizations and members"). */

export async function updateOwnTarget(deps: Pick<MemberDeps, 'db' | 'clock'>, session: OrganizationSession, assignedNumberOfPosts: number | undefined): Promise<void> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const found = await findMembership(db, organizationId, session.userId)
  if (!found) throw notFound(MESSAGES.memberNotFound)
  if (found.membership.status === 'INVITED' && assignedNumberOfPosts !== undefined && assignedNumberOfPosts !== found.membership.assignedNumberOfPosts) {
    throw badRequest(MESSAGES.invitedTargetLocked, { assignedNumberOfPosts: MESSAGES.invitedTargetLocked })
  }
  if (assignedNumberOfPosts === undefined) return
  await db
    .update(memberships)
    .set({ assignedNumberOfPosts, updatedAt: clock.now() })
    .where(eq(memberships.id, found.membership.id))
}
