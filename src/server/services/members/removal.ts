import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm'
import type { EventActor } from '../../../shared/api/events'
import { MESSAGES } from '../../../shared/api/messages'
import type { Executor } from '../../db/client'
import { businessPageMembers, memberships, postTagAssignments, posts, teamMembers, users } from '../../db/schema'
import { recordEvents } from '../../events/outbox'
import { isUuid } from '../ids'
import { applyPostTransitionToMany } from '../postLifecycle'
import { deleteFutureSlots } from '../slots/deleteFutureSlots'

/*
 * Taking people out of an organization, shared by DELETE /members/delete, Manage seats
 * (billing/manageSeats.ts) and the organization's deletion (docs/architecture.md, "Organizations and members").
 */

/**
 * Deletes users without a password (an invitation's placeholder, or someone who signs in through
 * single sign-on) once they belong nowhere. Returns the photo files of the users deleted, for the
 * caller to remove once its transaction has ended (removeUserPhotoFiles).
 */
export async function deleteOrphanPlaceholders(executor: Executor, userIds: readonly string[]): Promise<string[]> {
  const ids = userIds.filter(isUuid)
  if (ids.length === 0) return []
  const deleted = await executor
    .delete(users)
    .where(
      and(
        inArray(users.id, ids),
        isNull(users.passwordHash),
        notExists(executor.select({ one: sql`1` }).from(memberships).where(eq(memberships.userId, users.id)))
      )
    )
    .returning({ photoFile: users.photoFile })
  return deleted.flatMap((d) => (d.photoFile ? [d.photoFile] : []))
}

/**
 * Takes members out of an organization (DELETE /members/delete, and the members picked when seats
 * are reduced): their team memberships, topic tag assignments and business page links go with
 * the membership (and its invitation, by cascade); users without a password who now belong nowhere go
 * too (deleteOrphanPlaceholders: their photo files are returned). Their sessions lose this organization at once: a session only reaches an organization
 * through an ACTIVE membership (sessions.resolve). The caller holds the organization lock and has
 * checked who may be removed. Their assigned slots from `now` on go too (past ones stay, never shown).
 * Their posts waiting to be published here go back to DRAFT with a reason (version bumped, so a
 * worker holding one drops it): nothing is published in the organization's name after they leave.
 */
export async function removeMemberships(tx: Executor, organizationId: string, userIds: readonly string[], now: Date, removedBy: EventActor): Promise<string[]> {
  const ids = [...new Set(userIds)].filter(isUuid)
  if (ids.length === 0) return []
  await tx.delete(teamMembers).where(and(eq(teamMembers.organizationId, organizationId), inArray(teamMembers.userId, ids)))
  await tx.delete(postTagAssignments).where(and(eq(postTagAssignments.organizationId, organizationId), inArray(postTagAssignments.userId, ids)))
  await tx.delete(businessPageMembers).where(and(eq(businessPageMembers.organizationId, organizationId), inArray(businessPageMembers.userId, ids)))
  await deleteFutureSlots(tx, organizationId, ids, now)
  // The lifecycle's authorRemoved: SCHEDULED and PENDING_PUBLISH posts go back to DRAFT, version + 1.
  await applyPostTransitionToMany(tx, {
    event: 'authorRemoved',
    by: 'admin',
    where: and(eq(posts.organizationId, organizationId), inArray(posts.authorUserId, ids))!,
    patch: { failureReason: MESSAGES.authorLeftOrganization },
    now
  })
  const removed = await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, ids)))
    .returning({ userId: memberships.userId, status: memberships.status })
  // A member who had joined left (an invitation taken back is not a member leaving).
  await recordEvents(
    tx,
    now,
    removed
      .filter((m) => m.status === 'ACTIVE')
      .map((m) => ({ organizationId, name: 'member.removed' as const, payload: { userId: m.userId }, actor: removedBy }))
  )
  return deleteOrphanPlaceholders(tx, ids)
}
