import { createHash } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { DAY_MS } from '../../../shared/constants'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { invitations, memberships, organizations, usedJoinLinks, users } from '../../db/schema'
import { ApiError, notFound } from '../../errors'

/*
 * Join links: the token's hash, the live invitation behind one, and why a link opens none — used
 * (410) or unknown, replaced or expired (404) (docs/architecture.md, "Organizations and members").
 */

/** How long a used join link is remembered (and answered 410 join_link_used rather than 404). */
const USED_JOIN_LINK_RETENTION_MS = 90 * DAY_MS

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const isJoinToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)
/** A join link that was accepted already (410): the invitee signs in instead. */
const joinLinkUsed = () => new ApiError(410, 'join_link_used', MESSAGES.joinLinkUsed)

/**
 * Why a token opens no invitation: it was accepted already (410 join_link_used) — through this
 * link (remembered in usedJoinLinks), or by signing in through the organization's single sign-on,
 * which activates the membership and leaves its invitation — or it is unknown, replaced or
 * expired (404).
 */
export async function unusableLink(executor: Executor, token: string): Promise<ApiError> {
  if (!isJoinToken(token)) return notFound(MESSAGES.invalidInvitation)
  const tokenHash = hashToken(token)
  const [remembered] = await executor.select({ one: sql`1` }).from(usedJoinLinks).where(eq(usedJoinLinks.tokenHash, tokenHash)).limit(1)
  if (remembered) return joinLinkUsed()
  const [joinedOtherwise] = await executor
    .select({ one: sql`1` })
    .from(invitations)
    .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
    .where(and(eq(invitations.tokenHash, tokenHash), eq(memberships.status, 'ACTIVE')))
    .limit(1)
  return joinedOtherwise ? joinLinkUsed() : notFound(MESSAGES.invalidInvitation)
}

/** A live invitation of an INVITED membership, by its token. */
export async function openInvitation(clock: Clock, executor: Executor, token: string) {
  if (!isJoinToken(token)) return null
  const inviter = sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.email) from users u where u.id = ${invitations.invitedByUserId})`
  const [row] = await executor
    .select({
      invitationId: invitations.id,
      membershipId: memberships.id,
      organizationId: organizations.id,
      organizationWorkOSId: organizations.organizationWorkOSId,
      organizationName: organizations.name,
      userId: users.id,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      inviterName: inviter,
      expiresAt: invitations.expiresAt
    })
    .from(invitations)
    .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), gt(invitations.expiresAt, clock.now()), eq(memberships.status, 'INVITED')))
    .limit(1)
  return row ?? null
}

/** The invitation openInvitation found. */
export type OpenInvitation = NonNullable<Awaited<ReturnType<typeof openInvitation>>>

/**
 * Used links older than USED_JOIN_LINK_RETENTION_MS are forgotten (they read as unknown again),
 * by each accept after its own commit: its own statement, so concurrent accepts never wait on each
 * other's clean-up. A failure leaves them to the next accept; the join itself has succeeded.
 */
export async function forgetOldUsedLinks(db: Database, clock: Clock) {
  try {
    await db.delete(usedJoinLinks).where(lt(usedJoinLinks.acceptedAt, new Date(clock.now().getTime() - USED_JOIN_LINK_RETENTION_MS)))
  } catch {
    // Left for the next accept.
  }
}
