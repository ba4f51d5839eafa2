import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { resolveTxt as dnsResolveTxt } from 'node:dns/promises'
import { and, count, eq, isNotNull, lte, ne } from 'drizzle-orm'
import type * as Oidc from 'openid-client'
import { MESSAGES } from '../../shared/api/messages'
import { SSO_MESSAGES, ssoTxtRecordName, ssoTxtRecordValue, type SsoMode, type SsoSettings } from '../../shared/domain/sso'
import { hasFreeSeat } from '../../shared/rules/members'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { memberships, organizations, organizationSso, organizationSsoDomains, ssoAuthorizations, users } from '../db/schema'
import { ApiError, badRequest, conflict, isUniqueViolation, planLimit } from '../errors'
import { checkOutboundUrl, createOutboundFetch, type HostResolver, type OutboundFetch } from '../adapters/outboundFetch'
import type { OrganizationSession } from './sessions'
import { lockOrganization, noPlan, requireAdmin } from './access'
import { record, sessionActor } from './audit'
import { isAllowedRedirect } from './linkedIn'
import { endPasswordSessions, planIncludesSso } from './ssoRequired'
import { findSubscription } from './subscriptions'
import { createTokenCipher, loadTokenKey, TokenDecryptError } from './tokenCrypto'
import { linkTo } from '../../shared/routes'

/**
 * Single sign-on per organization (issue 17), OpenID Connect through openid-client (the certified
 * relying party):
 *
 * - Enterprise only: a plan with `sso` that is paid (active, past_due) or cancelled until its end.
 *   A trial does not include it (the trial grants entitlements, and SSO is not one). When the plan
 *   lapses, its SSO stops offering itself and stops being required, so nobody is locked out; when
 *   it includes SSO again, Required holds again and the password sessions opened meanwhile end
 *   (ssoRequired.ts, in the subscription change's transaction).
 * - The provider is checked by discovery when saved; its client secret is encrypted like LinkedIn
 *   tokens and never answered. Every request to the provider (discovery, token, JWKS) goes through
 *   the outbound-fetch policy (adapters/outboundFetch.ts): https to public addresses only; http and
 *   loopback only with the development setting (PAGECREW_OUTBOUND_ALLOW_LOOPBACK, the tests').
 *   The metadata's authorization endpoint must be https too (it is where browsers are sent).
 * - A domain counts once verified: the TXT record `_pagecrew.<domain>` holds
 *   `pagecrew-verification=<token>` (a name of its own, so the proof does not crowd the domain's
 *   apex TXT records), or the server skips the proof (PAGECREW_SSO_SKIP_DOMAIN_PROOF=1, a
 *   single-company server). A verified domain belongs to one organization (a unique index).
 * - Sign-in: code flow with PKCE S256, state and nonce; the state is stored hashed and used up by
 *   the first callback, whatever follows, within 10 minutes. The ID token (issuer, audience,
 *   nonce, signature, expiry) is checked by openid-client; its email must be verified by the
 *   provider and of a domain the organization verified.
 * - Just in time: an unknown email becomes a user without a password; someone not yet in the
 *   organization joins as an ACTIVE MEMBER if a seat is free (402 'Plan seats limit reached'), an
 *   invitation waiting for them is accepted.
 * - Required is enforced at every door, not only the password sign-in: signing up, joining with a
 *   password, switching a password session into the organization and changing the password are
 *   refused for its domains (requiringOrganization), and switching Required on, verifying a domain
 *   while it is on, or the plan including SSO again ends the password sessions of its domains'
 *   users (the audit entry says how many).
 */
export interface SsoService {
  settings(session: OrganizationSession, serverUrl: string): Promise<SsoSettings>
  save(session: OrganizationSession, input: SaveInput, serverUrl: string): Promise<SsoSettings>
  verifyDomain(session: OrganizationSession, domain: string, serverUrl: string): Promise<SsoSettings>
  /** 'required' makes password sign-in refuse the email (routes/auth.ts). */
  discover(email: string): Promise<{ sso: SsoMode; organizationName: string | null }>
  /** The organization whose Required single sign-on covers this email's domain, or null. */
  requiringOrganization(email: string): Promise<string | null>
  start(input: { email: string; redirectUri: string }, serverUrl: string): Promise<{ url: string }>
  /** The user to sign in and the organization their session starts in. */
  complete(input: CallbackInput): Promise<{ userId: string; email: string; organization: { id: string; organizationWorkOSId: string } }>
}

interface SaveInput {
  issuerUrl: string
  clientId: string
  clientSecret?: string
  required: boolean
  domains: string[]
}

interface CallbackInput {
  state: string
  code?: string
  iss?: string
  error?: string
  error_description?: string
}

export type TxtResolver = (hostname: string) => Promise<string[][]>

/** What tests replace (createServer's `sso`). */
export interface SsoOptions {
  /** DNS TXT lookups of the domain proof; default node:dns. */
  resolveTxt?: TxtResolver
  /** The outbound-fetch policy's host resolution; default node:dns lookup. */
  resolveHost?: HostResolver
  /** Wraps the policy's fetch (a test looks into or changes the provider's answers); the policy stays underneath. */
  wrapFetch?: (fetch: OutboundFetch) => OutboundFetch
}

/** The provider's metadata is unusable (an authorization endpoint that is not https, …). */
class ProviderMetadataRefused extends Error {
  override readonly name = 'ProviderMetadataRefused'
}

export const SSO_AUTHORIZATION_TTL_MS = 10 * 60 * 1000
/** openid-client is loaded by the first single sign-on, not at start (issue 16: start-up time). */
const openIdClient = () => import('openid-client')
const DISCOVERY_TIMEOUT_SECONDS = 5
const CANCEL_ERRORS = new Set(['access_denied', 'login_required', 'interaction_required', 'consent_required'])

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const secretContext = (organizationId: string) => `sso-client-secret:${organizationId}`
const verifierContext = (stateHash: string) => `sso-verifier:${stateHash}`
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

export function createSsoService(deps: {
  db: Database
  clock: Clock
  config: { tokenKey: string | null; dataDir: string; ssoSkipDomainProof: boolean; outboundAllowLoopback: boolean }
  log?: (message: string) => void
} & SsoOptions): SsoService {
  const { db, clock, config } = deps
  const resolveTxt = deps.resolveTxt ?? dnsResolveTxt
  const log = deps.log ?? (() => undefined)
  const cipher = createTokenCipher(() => loadTokenKey(config))
  const policy = { allowLoopback: config.outboundAllowLoopback, resolve: deps.resolveHost }
  const policyFetch = createOutboundFetch(policy)
  const outbound = deps.wrapFetch ? deps.wrapFetch(policyFetch) : policyFetch
  /** https, or http with the development setting (the policy then still allows loopback addresses only). */
  const allowedScheme = (url: URL) => url.protocol === 'https:' || (url.protocol === 'http:' && config.outboundAllowLoopback)

  /** OpenID Connect discovery through the outbound-fetch policy; its token and JWKS requests later go through it too. */
  async function discover(issuerUrl: string, clientId: string, clientSecret: string): Promise<Oidc.Configuration> {
    const oidc = await openIdClient()
    const issuer = new URL(issuerUrl)
    const customFetch = outbound as Oidc.CustomFetch
    const configuration = await oidc.discovery(issuer, clientId, clientSecret, undefined, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      // The policy decides what may be reached; openid-client's own https check would only refuse the development setting's http.
      execute: config.outboundAllowLoopback ? [oidc.allowInsecureRequests] : [],
      [oidc.customFetch]: customFetch
    })
    configuration[oidc.customFetch] = customFetch
    const metadata = configuration.serverMetadata()
    for (const [name, value] of [
      ['authorization_endpoint', metadata.authorization_endpoint],
      ['token_endpoint', metadata.token_endpoint],
      ['jwks_uri', metadata.jwks_uri]
    ] as const) {
      let url: URL | null
      try {
        url = value ? new URL(value) : null
      } catch {
        url = null
      }
      if (!url || !allowedScheme(url) || url.username || url.password) throw new ProviderMetadataRefused(`${name} ${String(value).slice(0, 200)} is not allowed`)
      // The addresses the server will call are checked now too (and again, pinned, when called).
      if (name !== 'authorization_endpoint') await checkOutboundUrl(url, policy)
    }
    return configuration
  }

  async function includesSso(executor: Executor, organizationId: string) {
    return planIncludesSso(await findSubscription(executor, organizationId), clock.now())
  }

  async function view(executor: Executor, organizationId: string, serverUrl: string): Promise<SsoSettings> {
    const [provider] = await executor.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId))
    const domains = await executor
      .select()
      .from(organizationSsoDomains)
      .where(eq(organizationSsoDomains.organizationId, organizationId))
      .orderBy(organizationSsoDomains.domain)
    return {
      available: await includesSso(executor, organizationId),
      configured: provider !== undefined,
      issuerUrl: provider?.issuerUrl ?? null,
      clientId: provider?.clientId ?? null,
      hasClientSecret: provider !== undefined,
      required: provider?.required ?? false,
      domains: domains.map((d) => ({
        domain: d.domain,
        verified: d.verifiedAt !== null,
        verifiedAt: d.verifiedAt?.toISOString() ?? null,
        txtRecordName: ssoTxtRecordName(d.domain),
        txtRecordValue: ssoTxtRecordValue(d.verificationToken)
      })),
      redirectUri: new URL(linkTo('callback'), serverUrl).href,
      domainProofSkipped: config.ssoSkipDomainProof
    }
  }

  async function requireSsoAdmin(session: OrganizationSession) {
    requireAdmin(session, SSO_MESSAGES.onlyAdmins)
    if (!(await includesSso(db, session.organization.id))) throw planLimit(SSO_MESSAGES.notInPlan)
  }

  /** Marks a domain verified; 409 when another organization verified it first. */
  async function markVerified(tx: Executor, organizationId: string, domain: string) {
    const [taken] = await tx
      .select({ id: organizationSsoDomains.id })
      .from(organizationSsoDomains)
      .where(and(eq(organizationSsoDomains.domain, domain), isNotNull(organizationSsoDomains.verifiedAt), ne(organizationSsoDomains.organizationId, organizationId)))
      .limit(1)
    if (taken) throw conflict(SSO_MESSAGES.domainTaken, { domain: SSO_MESSAGES.domainTaken })
    await tx
      .update(organizationSsoDomains)
      .set({ verifiedAt: clock.now() })
      .where(and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, domain)))
  }

  /** The verified domain's organization with its provider, when its plan includes SSO. */
  async function providerForEmail(email: string) {
    const [found] = await db
      .select({ organization: organizations, provider: organizationSso })
      .from(organizationSsoDomains)
      .innerJoin(organizationSso, eq(organizationSso.organizationId, organizationSsoDomains.organizationId))
      .innerJoin(organizations, eq(organizations.id, organizationSsoDomains.organizationId))
      .where(and(eq(organizationSsoDomains.domain, domainOf(email)), isNotNull(organizationSsoDomains.verifiedAt)))
      .limit(1)
    if (!found || !(await includesSso(db, found.organization.id))) return null
    return found
  }

  function clientSecretOf(provider: typeof organizationSso.$inferSelect): string | null {
    try {
      return cipher.decrypt(provider.clientSecretEncrypted, secretContext(provider.organizationId))
    } catch (err) {
      if (!(err instanceof TokenDecryptError)) throw err
      log(`The SSO client secret of organization ${provider.organizationId} cannot be decrypted (PAGECREW_TOKEN_KEY changed?); an admin must enter it again`)
      return null
    }
  }

  async function providerConfiguration(provider: typeof organizationSso.$inferSelect) {
    const secret = clientSecretOf(provider)
    if (secret === null) throw new ApiError(502, 'bad_gateway', SSO_MESSAGES.providerUnavailable)
    try {
      return await discover(provider.issuerUrl, provider.clientId, secret)
    } catch (err) {
      log(`SSO discovery failed for ${provider.issuerUrl}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
      // Metadata that cannot be used is the configuration's fault, not an outage: a 400, never a 500.
      if (err instanceof ProviderMetadataRefused) throw badRequest(SSO_MESSAGES.providerMisconfigured)
      throw new ApiError(502, 'bad_gateway', SSO_MESSAGES.providerUnavailable)
    }
  }

  return {
    async settings(session, serverUrl) {
      requireAdmin(session, SSO_MESSAGES.onlyAdmins)
      return view(db, session.organization.id, serverUrl)
    },

    async save(session, input, serverUrl) {
      await requireSsoAdmin(session)
      const organizationId = session.organization.id
      const issuerUrl = input.issuerUrl.replace(/\/+$/, '')
      let issuer: URL
      try {
        issuer = new URL(issuerUrl)
      } catch {
        throw badRequest(SSO_MESSAGES.issuerInvalid, { issuerUrl: SSO_MESSAGES.issuerInvalid })
      }
      if (!allowedScheme(issuer) || issuer.username || issuer.password) {
        throw badRequest(SSO_MESSAGES.issuerInvalid, { issuerUrl: SSO_MESSAGES.issuerInvalid })
      }
      const [existing] = await db.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId))
      const secret = input.clientSecret ?? (existing ? clientSecretOf(existing) : null)
      if (secret === null) throw badRequest(SSO_MESSAGES.clientSecretMissing, { clientSecret: SSO_MESSAGES.clientSecretMissing })
      try {
        await discover(issuerUrl, input.clientId, secret)
      } catch (err) {
        log(`SSO discovery failed for ${issuerUrl}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
        throw badRequest(SSO_MESSAGES.discoveryFailed, { issuerUrl: SSO_MESSAGES.discoveryFailed })
      }
      const domains = [...new Set(input.domains)]
      try {
        await db.transaction(async (tx) => {
          await lockOrganization(tx, organizationId)
          const now = clock.now()
          const before = await view(tx, organizationId, serverUrl)
          const values = {
            issuerUrl,
            clientId: input.clientId,
            clientSecretEncrypted: cipher.encrypt(secret, secretContext(organizationId)),
            required: input.required,
            updatedAt: now
          }
          await tx
            .insert(organizationSso)
            .values({ organizationId, ...values, createdAt: now })
            .onConflictDoUpdate({ target: organizationSso.organizationId, set: values })
          const kept = new Set(before.domains.map((d) => d.domain))
          for (const gone of before.domains.filter((d) => !domains.includes(d.domain))) {
            await tx
              .delete(organizationSsoDomains)
              .where(and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, gone.domain)))
            await record(tx, {
              organizationId,
              at: now,
              actor: sessionActor(session),
              action: 'sso.domain_removed',
              target: { type: 'sso_domain', id: null, label: gone.domain },
              before: { domain: gone.domain, verified: gone.verified }
            })
          }
          for (const domain of domains.filter((d) => !kept.has(d))) {
            await tx.insert(organizationSsoDomains).values({
              id: randomUUID(),
              organizationId,
              domain,
              verificationToken: randomBytes(18).toString('base64url'),
              createdAt: now
            })
            if (config.ssoSkipDomainProof) await markVerified(tx, organizationId, domain)
            await record(tx, {
              organizationId,
              at: now,
              actor: sessionActor(session),
              action: 'sso.domain_added',
              target: { type: 'sso_domain', id: null, label: domain },
              after: { domain, verified: config.ssoSkipDomainProof }
            })
          }
          const after = await view(tx, organizationId, serverUrl)
          if (input.required && !after.domains.some((d) => d.verified)) {
            throw badRequest(SSO_MESSAGES.requiredNeedsDomain, { required: SSO_MESSAGES.requiredNeedsDomain })
          }
          const summary = (s: SsoSettings) => ({ issuerUrl: s.issuerUrl, clientId: s.clientId, required: s.required })
          const secretChanged = input.clientSecret !== undefined && existing !== undefined
          // Required takes the domains' passwords out of use: the sessions they opened end too.
          const sessionsEnded = after.required ? await endPasswordSessions(tx, organizationId, session.tokenHash) : 0
          const switchedOn = after.required && !before.required
          await record(tx, {
            organizationId,
            at: now,
            actor: sessionActor(session),
            action: existing ? 'sso.updated' : 'sso.configured',
            target: { type: 'sso', id: null, label: issuerUrl },
            before: existing ? summary(before) : null,
            // The secret itself never goes into the log: only that it changed.
            after: {
              ...summary(after),
              ...(secretChanged ? { clientSecret: 'changed' } : {}),
              ...(switchedOn || sessionsEnded > 0 ? { passwordSessionsEnded: sessionsEnded } : {})
            }
          })
        })
      } catch (err) {
        if (isUniqueViolation(err, 'organization_sso_domains_verified_unique')) {
          throw conflict(SSO_MESSAGES.domainTaken, { domains: SSO_MESSAGES.domainTaken })
        }
        throw err
      }
      return view(db, organizationId, serverUrl)
    },

    async verifyDomain(session, domain, serverUrl) {
      await requireSsoAdmin(session)
      const organizationId = session.organization.id
      const [row] = await db
        .select()
        .from(organizationSsoDomains)
        .where(and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, domain)))
      if (!row) throw badRequest(SSO_MESSAGES.domainUnknown, { domain: SSO_MESSAGES.domainUnknown })
      if (row.verifiedAt) return view(db, organizationId, serverUrl)
      const name = ssoTxtRecordName(domain)
      const expected = ssoTxtRecordValue(row.verificationToken)
      if (!config.ssoSkipDomainProof) {
        let records: string[][] = []
        try {
          records = await resolveTxt(name)
        } catch (err) {
          // ENOTFOUND / ENODATA: no such record yet, answered like a record with another value.
          log(`SSO domain proof lookup of ${name}: ${err instanceof Error ? err.message : String(err)}`)
        }
        // A TXT record may arrive in several strings of up to 255 characters: joined, they are the value.
        if (!records.some((chunks) => chunks.join('').trim() === expected)) {
          const message = SSO_MESSAGES.domainNotProven(name, expected)
          throw badRequest(message, { domain: message })
        }
      }
      try {
        await db.transaction(async (tx) => {
          await lockOrganization(tx, organizationId)
          await markVerified(tx, organizationId, domain)
          // Read under the lock: Required switched on or off meanwhile counts as it now stands.
          const [provider] = await tx.select({ required: organizationSso.required }).from(organizationSso).where(eq(organizationSso.organizationId, organizationId))
          const sessionsEnded = provider?.required ? await endPasswordSessions(tx, organizationId, session.tokenHash) : 0
          await record(tx, {
            organizationId,
            at: clock.now(),
            actor: sessionActor(session),
            action: 'sso.domain_verified',
            target: { type: 'sso_domain', id: row.id, label: domain },
            before: { verified: false },
            after: { verified: true, ...(sessionsEnded > 0 ? { passwordSessionsEnded: sessionsEnded } : {}) }
          })
        })
      } catch (err) {
        if (isUniqueViolation(err, 'organization_sso_domains_verified_unique')) {
          throw conflict(SSO_MESSAGES.domainTaken, { domain: SSO_MESSAGES.domainTaken })
        }
        throw err
      }
      return view(db, organizationId, serverUrl)
    },

    async discover(email) {
      const found = await providerForEmail(email)
      if (!found) return { sso: 'none', organizationName: null }
      return { sso: found.provider.required ? 'required' : 'offered', organizationName: found.organization.name }
    },

    async requiringOrganization(email) {
      const found = await providerForEmail(email)
      return found?.provider.required ? found.organization.id : null
    },

    async start({ email, redirectUri }, serverUrl) {
      const oidc = await openIdClient()
      if (!isAllowedRedirect(redirectUri, serverUrl)) {
        throw badRequest(SSO_MESSAGES.redirectNotAllowed, { redirectUri: SSO_MESSAGES.redirectNotAllowed })
      }
      const found = await providerForEmail(email)
      if (!found) throw badRequest(SSO_MESSAGES.notOffered, { email: SSO_MESSAGES.notOffered })
      const configuration = await providerConfiguration(found.provider)
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const verifier = oidc.randomPKCECodeVerifier()
      const stateHash = sha256(state)
      const now = clock.now()
      await db.transaction(async (tx) => {
        await tx.delete(ssoAuthorizations).where(lte(ssoAuthorizations.expiresAt, now))
        await tx.insert(ssoAuthorizations).values({
          stateHash,
          organizationId: found.organization.id,
          codeVerifierEncrypted: cipher.encrypt(verifier, verifierContext(stateHash)),
          nonce,
          redirectUri,
          email,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SSO_AUTHORIZATION_TTL_MS)
        })
      })
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        login_hint: email
      })
      return { url: url.href }
    },

    async complete(input) {
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
      if (!provider || !(await includesSso(db, organizationId))) throw badRequest(SSO_MESSAGES.notOffered)
      let verifier: string
      try {
        verifier = cipher.decrypt(pending.codeVerifierEncrypted, verifierContext(stateHash))
      } catch (err) {
        if (!(err instanceof TokenDecryptError)) throw err
        throw badRequest(SSO_MESSAGES.expired, { state: SSO_MESSAGES.expired })
      }
      const configuration = await providerConfiguration(provider)
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

      return db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const now = clock.now()
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
      })
    }
  }
}
