import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { DAY_MS } from '../../../shared/constants'
import { linkTo } from '../../../shared/routes'
import type { MailMessage } from '../../adapters/mail/mail'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { invitations, organizations, users } from '../../db/schema'
import type { NotificationService } from '../notifications'
import { defaultOrganizationFor } from '../sessions'
import { hashToken } from './joinLinks'
import type { MemberDeps } from './types'

/*
 * Issuing an invitation: the invitee's user, a fresh join link with its email, and a notification
 * for an invitee who has an account (docs/architecture.md, "Organizations and members").
 */

const INVITATION_TTL_MS = 7 * DAY_MS
const INVITED_TITLE = (organizationName: string) => `You were invited to ${organizationName} 📨`

/** A fresh join link for an INVITED membership (older links of it stop working) and its email. */
export async function issueInvitation(
  deps: Pick<MemberDeps, 'clock' | 'mailer'>,
  tx: Executor,
  input: { organizationId: string; organizationName: string; membershipId: string; email: string; inviterId: string; inviterName: string; baseUrl: string }
): Promise<{ token: string; joinUrl: string; expiresAt: Date; mail: MailMessage }> {
  const { clock, mailer } = deps
  const token = randomBytes(32).toString('base64url')
  const now = clock.now()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
  await tx.delete(invitations).where(eq(invitations.membershipId, input.membershipId))
  await tx.insert(invitations).values({
    id: randomUUID(),
    organizationId: input.organizationId,
    membershipId: input.membershipId,
    tokenHash: hashToken(token),
    invitedByUserId: input.inviterId,
    createdAt: now,
    expiresAt
  })
  const joinUrl = `${input.baseUrl}${linkTo('join', { token })}`
  const mail: MailMessage = {
    organizationId: input.organizationId,
    to: input.email,
    subject: `You're invited to join ${input.organizationName} on Pagecrew`,
    text:
      `${input.inviterName} invited you to join ${input.organizationName} on Pagecrew.\n\n` +
      `Open this link to accept the invitation. It works once and expires in 7 days:\n${joinUrl}\n`,
    joinUrl
  }
  await mailer.record(mail, tx)
  return { token, joinUrl, expiresAt, mail }
}

/** The user of an email, created without a password (and an empty name) when there is none. */
export async function userForEmail(clock: Clock, tx: Executor, email: string): Promise<{ id: string; hasPassword: boolean }> {
  const now = clock.now()
  await tx
    .insert(users)
    .values({ id: randomUUID(), email, fullName: '', passwordHash: null, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
  const [row] = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email)).limit(1)
  return { id: row!.id, hasPassword: row!.passwordHash !== null }
}

export async function organizationAndInviter(tx: Executor, organizationId: string, inviterId: string) {
  const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1)
  const [inviter] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, inviterId)).limit(1)
  return { organizationName: org?.name ?? '', inviterName: inviter?.fullName || inviter?.email || 'An admin' }
}

/** Tells an invitee with an account, in the organization they work in, that an invitation waits. */
export async function notifyInvitee(notifications: NotificationService, tx: Executor, userId: string, organizationName: string, inviterName: string, token: string) {
  const home = await defaultOrganizationFor(tx, userId)
  if (!home) return
  await notifications.notify(
    {
      organizationId: home.id,
      userId,
      title: INVITED_TITLE(organizationName),
      message: `${inviterName} invited you to join ${organizationName}. Open the invitation to join.`,
      link: linkTo('join', { token })
    },
    tx
  )
}
