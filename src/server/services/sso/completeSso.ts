import { randomUUID } from 'node:crypto'
import { and, count, eq, isNotNull } from 'drizzle-orm'
import type * as Oidc from 'openid-client'
import { MESSAGES } from '../../../shared/api/messages'
import { SSO_MESSAGES } from '../../../shared/domain/sso'
import { hasFreeSeat } from '../../../shared/rules/members'
import type { Executor } from '../../db/client'
import { memberships, organizations, organizationSso, organizationSsoDomains, ssoAuthorizations, users } from '../../db/schema'
import { badRequest, planLimit } from '../../errors'
import { lockOrganization, noPlan } from '../access'
import { record } from '../audit'
import { findSubscription } from '../subscriptions'
import { TokenDecryptError } from '../tokenCrypto'
import { domainOf } from './domains'
import { openIdClient, providerConfiguration } from './provider'
import { includesSso } from './settingsView'
import { sha256, verifierContext } from './signInState'
import type { SsoCallbackInput, SsoContext } from './types'

/*
 * GET /auth/sso/callback: the state used up, the code redeemed and the ID token checked by
 * openid-client, the email verified and of the organization's verified domain typed at the start;
 * then the user and their membership just in time, within the seats (docs/architecture.md, "Single sign-on").
 */

const CANCEL_ERRORS = new Set(['access_denied', 'login_required', 'interaction_required', 'consent_required'])

interface SignedIn {
  userId: string
  email: string
  organization: { id: string; organizationWorkOSId: string }
}

export async function completeSso(ctx: SsoContext, input: SsoCallbackInput): Promise<SignedIn> {
  const { db, clock, cipher, log } = ctx
  const oidc = await openIdClient()
  const stateHash = sha256(input.state)
  // Used up here, whatever follows.
  const [pending] = await db.delete(ssoAuthorizations).where(eq(ssoAuthorizations.stateHash, stateHash)).returning()
  if (!pending || pending.expiresAt.getTime() <= clock.now().getTime()) {
    throw badRequest(SSO_MESSAGES.expired, { state: SSO_MESSAGES.expired })
  }
  if (input.error) {
    if (CANCEL_ERRORS.has(input.error)) throw badRequest(SSO_MESSAGES.cancelled)
    log(`The identity provider refused a sign-in: ${input.error}${input.error_description ? ` (${input.error_description.slice(0, 200)})` : ''}`)
    throw badRequest(SSO_MESSAGES.refused)
  }
  if (!input.code) throw badRequest(SSO_MESSAGES.refused, { code: SSO_MESSAGES.refused })
  const organizationId = pending.organizationId
  const [provider] = await db.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId))
  if (!provider || !(await includesSso(clock, db, organizationId))) throw badRequest(SSO_MESSAGES.notOffered)
  let verifier: string
  try {
    verifier = cipher.decrypt(pending.codeVerifierEncrypted, verifierContext(stateHash))
  } catch (err) {
    if (!(err instanceof TokenDecryptError)) throw err
    throw badRequest(SSO_MESSAGES.expired, { state: SSO_MESSAGES.expired })
  }
  const configuration = await providerConfiguration(ctx, provider)
  const back = new URL(pending.redirectUri)
  back.searchParams.set('code', input.code)
  back.searchParams.set('state', input.state)
  if (input.iss !== undefined) back.searchParams.set('iss', input.iss)
  let claims: Oidc.IDToken | undefined
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, back, {
      pkceCodeVerifier: verifier,
      expectedState: input.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true
    })
    claims = tokens.claims()
  } catch (err) {
    log(`SSO code exchange refused: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
    throw badRequest(SSO_MESSAGES.tokenRefused)
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : ''
  if (claims?.email_verified !== true) throw badRequest(SSO_MESSAGES.emailNotVerified)
  const domain = domainOf(email)
  if (!email.includes('@') || domain !== domainOf(pending.email)) throw badRequest(SSO_MESSAGES.emailOutsideDomains)
  const [ownDomain] = await db
    .select({ id: organizationSsoDomains.id })
    .from(organizationSsoDomains)
    .where(
      and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, domain), isNotNull(organizationSsoDomains.verifiedAt))
    )
  if (!ownDomain) throw badRequest(SSO_MESSAGES.emailOutsideDomains)
  const fullName = typeof claims.name === 'string' ? claims.name.trim().slice(0, 200) : ''

  return db.transaction((tx) => joinJustInTime(ctx, tx, organizationId, email, fullName))
}

/**
 * Just in time, under the organization lock: an unknown email becomes a user without a password;
 * someone not yet in the organization joins as an ACTIVE MEMBER if a seat is free (402 otherwise);
 * an invitation waiting for them is accepted. Their session starts in the organization.
 */
async function joinJustInTime(ctx: Pick<SsoContext, 'clock'>, tx: Executor, organizationId: string, email: string, fullName: string): Promise<SignedIn> {
  await lockOrganization(tx, organizationId)
  const now = ctx.clock.now()
  await tx
    .insert(users)
    .values({ id: randomUUID(), email, fullName, passwordHash: null, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
  const userId = user!.id
  const [membership] = await tx
    .select({ id: memberships.id, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
  if (!membership) {
    const subscription = await findSubscription(tx, organizationId)
    if (!subscription) throw noPlan()
    const [seats] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId))
    if (!hasFreeSeat(Number(seats?.n ?? 0), subscription.availableSeats)) throw planLimit(MESSAGES.seatsLimitReached)
    await tx.insert(memberships).values({ id: randomUUID(), organizationId, userId, role: 'MEMBER', status: 'ACTIVE', createdAt: now, updatedAt: now })
  } else if (membership.status === 'INVITED') {
    // Their invitation already holds a seat: signing in through the organization's provider accepts it.
    await tx.update(memberships).set({ status: 'ACTIVE', updatedAt: now }).where(eq(memberships.id, membership.id))
  }
  if (membership?.status !== 'ACTIVE') {
    await record(tx, {
      organizationId,
      at: now,
      actor: { userId },
      action: 'member.joined',
      target: { type: 'member', id: userId, label: email },
      after: { status: 'ACTIVE', through: 'sso', ...(membership ? {} : { role: 'MEMBER' }) }
    })
  }
  await tx.update(users).set({ lastOrganizationId: organizationId }).where(eq(users.id, userId))
  const [organization] = await tx
    .select({ id: organizations.id, organizationWorkOSId: organizations.organizationWorkOSId })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return { userId, email, organization: organization! }
}
