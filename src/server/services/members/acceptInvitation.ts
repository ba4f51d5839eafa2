import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { roleGrantRefusal } from '../../../shared/rules'
import type { Executor } from '../../db/client'
import { invitations, memberships, usedJoinLinks, users } from '../../db/schema'
import { ApiError, badRequest } from '../../errors'
import { recordEvent } from '../../events/outbox'
import { record } from '../audit'
import type { PasswordCheckGuard } from '../authThrottle'
import { requireStrongPassword } from '../passwords'
import { forgetOldUsedLinks, hashToken, openInvitation, unusableLink, type OpenInvitation } from './joinLinks'
import type { AcceptedInvitation, MemberDeps } from './types'

/*
 * POST /join/accept: the invitee joins, with a new account's name and password or an existing
 * one's password; the link is used up and remembered (docs/architecture.md, "Organizations and members").
 */

type AcceptInput = { token: string; fullName?: string; password: string }

export async function acceptInvitation(deps: Pick<MemberDeps, 'db' | 'clock' | 'identity'>, input: AcceptInput, guard?: PasswordCheckGuard): Promise<AcceptedInvitation> {
  const { db, clock, identity } = deps
  const row = await openInvitation(clock, db, input.token)
  if (!row) throw await unusableLink(db, input.token)
  if (row.hasPassword) {
    const attempt = await guard?.(row.email)
    const ok = await identity.verifyPassword(row.userId, input.password)
    if (!ok) throw new ApiError(401, 'invalid_credentials', MESSAGES.incorrectCredentials)
    await attempt?.succeeded()
  } else {
    const fields: Record<string, string> = {}
    if (!input.fullName) fields.fullName = 'Enter your full name.'
    if (input.password.length < 8) fields.password = 'Use at least 8 characters.'
    const first = Object.values(fields)[0]
    if (first) throw badRequest(first, fields)
    await requireStrongPassword(input.password, { email: row.email, fullName: input.fullName })
  }
  await db.transaction((tx) => join(deps, tx, row, input))
  if (!row.hasPassword) await identity.setPassword(row.userId, input.password, input.fullName!)
  await forgetOldUsedLinks(db, clock)
  return { userId: row.userId, email: row.email, organization: { id: row.organizationId, organizationWorkOSId: row.organizationWorkOSId } }
}

/** In the accept's transaction: the token used up, the membership ACTIVE with the role its inviter may still give. */
async function join(deps: Pick<MemberDeps, 'clock'>, tx: Executor, row: OpenInvitation, input: AcceptInput): Promise<void> {
  const { clock } = deps
  // Using the token up first makes two concurrent accepts of one link succeed only once.
  const [used] = await tx
    .delete(invitations)
    .where(eq(invitations.id, row.invitationId))
    .returning({ id: invitations.id, invitedByUserId: invitations.invitedByUserId })
  // Gone since it was read: another accept of this link won the race (410), or the link was
  // replaced or the invitation taken back (404).
  if (!used) throw await unusableLink(tx, input.token)
  await tx.insert(usedJoinLinks).values({ tokenHash: hashToken(input.token), organizationId: row.organizationId, acceptedAt: clock.now() })
  // The invitation's role holds only while its inviter may still give it (roleGrantRefusal):
  // an ADMIN invitation from a since-demoted admin, or one a ghost made before ghosts were
  // limited, joins as MEMBER. Joining itself stands: an admin of either kind let them in.
  const [membership] = await tx.select({ role: memberships.role }).from(memberships).where(eq(memberships.id, row.membershipId)).limit(1)
  const [inviter] = used.invitedByUserId
    ? await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.organizationId, row.organizationId), eq(memberships.userId, used.invitedByUserId), eq(memberships.status, 'ACTIVE')))
        .limit(1)
    : []
  const invitedRole = membership?.role ?? 'MEMBER'
  const role = roleGrantRefusal({ actorRole: inviter?.role, path: 'accept', newRole: invitedRole }) ? 'MEMBER' : invitedRole
  await tx
    .update(memberships)
    .set({ status: 'ACTIVE', role, updatedAt: clock.now() })
    .where(and(eq(memberships.id, row.membershipId), eq(memberships.status, 'INVITED')))
  await tx.update(users).set({ lastOrganizationId: row.organizationId }).where(eq(users.id, row.userId))
  await record(tx, {
    organizationId: row.organizationId,
    at: clock.now(),
    // A new account's name is set just after (identity.setPassword): the entry takes it from the form.
    actor: { userId: row.userId, name: input.fullName },
    action: 'member.joined',
    target: { type: 'member', id: row.userId, label: row.email },
    after: { role, status: 'ACTIVE' }
  })
  await recordEvent(tx, clock.now(), { organizationId: row.organizationId, name: 'member.joined', payload: { userId: row.userId, role }, actor: { type: 'user', userId: row.userId } })
}
