import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Role } from '../../../shared/domain'
import { hasFreeSeat, roleGrantRefusal } from '../../../shared/rules'
import type { MailMessage } from '../../adapters/mail/mail'
import { memberships, users } from '../../db/schema'
import { ApiError, conflict, planLimit } from '../../errors'
import { lockOrganization, noPlan, requireEntitlement } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { findSubscription } from '../subscriptions'
import { issueInvitation, notifyInvitee, organizationAndInviter, userForEmail } from './invitations'
import { viewMembers } from './memberView'
import type { InviteResult, MemberDeps } from './types'

/*
 * POST /members/invite: an INVITED membership for an email within the seats, its join link mailed
 * after the commit (docs/architecture.md, "Organizations and members": invited people, seats, roles).
 */

export async function inviteMember(
  deps: Pick<MemberDeps, 'db' | 'clock' | 'notifications' | 'entitlements' | 'mailer'>,
  session: OrganizationSession,
  input: { email: string; role: Role },
  baseUrl: string
): Promise<InviteResult> {
  const { db, clock, notifications, entitlements, mailer } = deps
  // A ghost invites MEMBERs only: inviting an ADMIN or GHOST would hand out the role power spec §6 keeps from them.
  if (roleGrantRefusal({ actorRole: session.organization.role, path: 'invite', newRole: input.role })) {
    const message = session.organization.role === 'GHOST' ? MESSAGES.ghostCannotChangeRoles : MESSAGES.onlyAdmins
    throw new ApiError(403, 'forbidden', message, { role: message })
  }
  const organizationId = session.organization.id
  if (input.role === 'GHOST') await requireEntitlement(entitlements, organizationId, 'GHOST_ROLE', MESSAGES.ghostRoleNotIncluded)
  let mail: MailMessage | null = null
  const result = await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const subscription = await findSubscription(tx, organizationId)
    if (!subscription) throw noPlan()
    const [existing] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), eq(users.email, input.email)))
      .limit(1)
    if (existing) throw conflict(MESSAGES.emailAlreadyInvited, { email: MESSAGES.emailAlreadyInvited })
    const [seats] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId))
    if (!hasFreeSeat(Number(seats?.n ?? 0), subscription.availableSeats)) throw planLimit(MESSAGES.seatsLimitReached)

    const user = await userForEmail(clock, tx, input.email)
    const now = clock.now()
    const membershipId = randomUUID()
    await tx.insert(memberships).values({
      id: membershipId,
      organizationId,
      userId: user.id,
      role: input.role,
      status: 'INVITED',
      createdAt: now,
      updatedAt: now
    })
    const names = await organizationAndInviter(tx, organizationId, session.userId)
    const issued = await issueInvitation(deps, tx, {
      organizationId,
      membershipId,
      email: input.email,
      inviterId: session.userId,
      baseUrl,
      ...names
    })
    if (user.hasPassword) await notifyInvitee(notifications, tx, user.id, names.organizationName, names.inviterName, issued.token)
    mail = issued.mail
    const [member] = await viewMembers(tx, organizationId, [user.id])
    await record(tx, {
      organizationId,
      at: now,
      actor: sessionActor(session),
      action: 'member.invited',
      target: { type: 'member', id: user.id, label: input.email },
      after: { email: input.email, role: input.role }
    })
    return { member: member!, joinUrl: issued.joinUrl, expiresAt: issued.expiresAt.toISOString() }
  })
  if (mail) await mailer.deliver(mail)
  return result
}
