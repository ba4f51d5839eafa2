import { eq } from 'drizzle-orm'
import { SSO_MESSAGES } from '../../../shared/domain/sso'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { users } from '../../db/schema'
import { forbidden } from '../../errors'
import { lockEmailDomains } from '../ssoRequired'
import { domainOf, providerForEmail } from './domains'

/*
 * Required at every door: signing up, joining with a password, switching a password session into
 * the organization and changing the password ask this (docs/architecture.md, "Single sign-on").
 */

/** The organization whose Required single sign-on covers this email's domain, or null (`db` may be an open transaction). */
export async function requiringOrganization(ctx: { db: Executor; clock: Clock }, email: string): Promise<string | null> {
  const found = await providerForEmail(ctx, email)
  return found?.provider.required ? found.organization.id : null
}

/**
 * In the transaction that writes a password session (sessions.ts `beforePasswordSession`): 403 when
 * Required covers the user's email domain. The doors above refuse before any password is checked;
 * this is the read that counts, taken under the domain's shared lock, which a switch-on takes
 * exclusively before it ends the domain's password sessions (ssoRequired.ts). A sign-in that checked
 * before the switch-on committed is refused here, or its session is written before the switch-on's
 * clean-up and ended by it.
 */
export async function refusePasswordSession(ctx: { clock: Clock }, tx: Executor, userId: string): Promise<void> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId))
  // An unknown user gets no session anyway (the insert's foreign key).
  if (!user) return
  await lockEmailDomains(tx, [domainOf(user.email)], 'shared')
  if (await requiringOrganization({ db: tx, clock: ctx.clock }, user.email)) throw forbidden(SSO_MESSAGES.requiredForDomain)
}
