import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, lte, notInArray, sql } from 'drizzle-orm'
import { MESSAGES } from '../../shared/api/messages'
import { LINKEDIN_CONNECT_TTL_MS } from '../../shared/constants'
import type { LinkedInConnection } from '../../shared/domain/entities'
import { LinkedInGrantError, type AccessToken, type LinkedInClient } from '../adapters/linkedin/linkedin'
import type { LinkedInSandbox, SandboxPost } from '../adapters/linkedin/sandbox'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { businessPages, linkedInAuthorizations, linkedInConnections, users } from '../db/schema'
import { ApiError, badRequest } from '../errors'
import type { AuthSession } from './sessions'
import { createTokenCipher, loadTokenKey, TokenDecryptError } from './tokenCrypto'
import { linkTo } from '../../shared/routes'

/**
 * A member's LinkedIn connection (issue 6): OAuth 2.0 authorization code flow with PKCE through
 * the adapter (the built-in sandbox or LinkedIn itself), tokens encrypted at rest.
 *
 * - start: a random state (only its SHA-256 is stored) and a PKCE verifier (stored encrypted) for
 *   10 minutes, bound to the user and the redirect address, which must be one of: this app's
 *   /callback (at its public address, http/publicUrl.ts), a loopback
 *   http://127.0.0.1:<port>/callback or http://localhost:<port>/callback (desktop), or
 *   pagecrew://callback (desktop deep link).
 * - complete: the state is used up whatever happens; it must be the session user's and unexpired.
 *   A reconnect keeps the stored refresh token when LinkedIn sends none (same member only).
 * - A connection whose token has expired stays connected (the banner asks to reconnect).
 */
type LinkedInStatus = 'connected' | 'missing' | 'expired'

export interface LinkedInService {
  readonly adapter: LinkedInClient
  /** The built-in sandbox when it is in use (routes/linkedin.ts serves its pages), else null. */
  readonly sandbox: LinkedInSandbox | null
  connection(userId: string): Promise<LinkedInConnection>
  start(session: AuthSession, input: { redirectUri: string }, serverUrl: string): Promise<{ authorizationUrl: string }>
  complete(session: AuthSession, input: CompleteInput): Promise<LinkedInConnection>
  disconnect(userId: string): Promise<LinkedInConnection>
  /** The decrypted access token and LinkedIn member id to publish with; null when not connected (or the token key changed). */
  publishingIdentity(userId: string): Promise<{ accessToken: AccessToken; memberId: string } | null>
  /** 'expired' also when the connection was made with another provider (the server's LinkedIn setting changed). */
  status(userId: string): Promise<LinkedInStatus>
  /** The sandbox's viewer: posts it received as the session user's member or as a business page of the session's organization. */
  sandboxPosts(session: AuthSession): Promise<SandboxPost[]>
}

interface CompleteInput {
  state: string
  code?: string
  error?: string
  errorDescription?: string
}

/** Unfinished connections a user may have at once; older ones are dropped. */
const MAX_PENDING_PER_USER = 5
const CANCEL_ERRORS = new Set(['user_cancelled_authorize', 'user_cancelled_login'])
const LOOPBACK_CALLBACK = /^http:\/\/(127\.0\.0\.1|localhost):(\d{1,5})\/callback$/
const DESKTOP_DEEP_LINK_CALLBACK = 'pagecrew://callback'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const accessContext = (userId: string) => `linkedin-access:${userId}`
const refreshContext = (userId: string) => `linkedin-refresh:${userId}`
const verifierContext = (stateHash: string) => `linkedin-verifier:${stateHash}`

/** Whether LinkedIn may send the member back to this address (see the service's description). */
export function isAllowedRedirect(redirectUri: string, serverUrl: string): boolean {
  if (redirectUri === DESKTOP_DEEP_LINK_CALLBACK) return true
  // The address as the app writes it, or as a browser does (default port left out).
  if (redirectUri === `${serverUrl.replace(/\/+$/, '')}${linkTo('callback')}` || redirectUri === new URL(linkTo('callback'), serverUrl).href) return true
  const loopback = LOOPBACK_CALLBACK.exec(redirectUri)
  if (!loopback) return false
  const port = Number(loopback[2])
  return port >= 1 && port <= 65535 && String(port) === loopback[2]
}

export function createLinkedInService(deps: {
  db: Database
  clock: Clock
  adapter: LinkedInClient
  config: { tokenKey: string | null; dataDir: string }
  log?: (message: string) => void
}): LinkedInService {
  const { db, clock, adapter } = deps
  const log = deps.log ?? (() => undefined)
  const cipher = createTokenCipher(() => loadTokenKey(deps.config))
  const sandbox = adapter.provider === 'sandbox' ? (adapter as LinkedInSandbox) : null

  const disconnected = (): LinkedInConnection => ({ connected: false, memberName: null, connectedAt: null, expiresAt: null, provider: adapter.provider })

  async function row(userId: string) {
    const [found] = await db.select().from(linkedInConnections).where(eq(linkedInConnections.userId, userId))
    return found ?? null
  }

  const view = (r: typeof linkedInConnections.$inferSelect): LinkedInConnection => ({
    connected: true,
    memberName: r.memberName,
    connectedAt: r.connectedAt.toISOString(),
    expiresAt: r.accessTokenExpiresAt.toISOString(),
    provider: r.provider
  })

  return {
    adapter,
    sandbox,

    async connection(userId) {
      const r = await row(userId)
      return r ? view(r) : disconnected()
    },

    async start(session, { redirectUri }, serverUrl) {
      if (!isAllowedRedirect(redirectUri, serverUrl)) {
        throw badRequest(MESSAGES.linkedInRedirectNotAllowed, { redirectUri: MESSAGES.linkedInRedirectNotAllowed })
      }
      const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, session.userId))
      const state = randomBytes(32).toString('base64url')
      const verifier = randomBytes(64).toString('base64url')
      const stateHash = sha256(state)
      const now = clock.now()
      await db.transaction(async (tx) => {
        await tx
          .delete(linkedInAuthorizations)
          .where(and(eq(linkedInAuthorizations.userId, session.userId), lte(linkedInAuthorizations.expiresAt, now)))
        await tx.insert(linkedInAuthorizations).values({
          stateHash,
          userId: session.userId,
          codeVerifierEncrypted: cipher.encrypt(verifier, verifierContext(stateHash)),
          redirectUri,
          createdAt: now,
          expiresAt: new Date(now.getTime() + LINKEDIN_CONNECT_TTL_MS)
        })
        const keep = tx
          .select({ stateHash: linkedInAuthorizations.stateHash })
          .from(linkedInAuthorizations)
          .where(eq(linkedInAuthorizations.userId, session.userId))
          .orderBy(desc(linkedInAuthorizations.createdAt), desc(linkedInAuthorizations.stateHash))
          .limit(MAX_PENDING_PER_USER)
        await tx
          .delete(linkedInAuthorizations)
          .where(and(eq(linkedInAuthorizations.userId, session.userId), notInArray(linkedInAuthorizations.stateHash, keep)))
      })
      const authorizationUrl = adapter.authorizationUrl({
        state,
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        redirectUri,
        serverUrl,
        user: { id: session.userId, fullName: user?.fullName ?? '' }
      })
      return { authorizationUrl }
    },

    async complete(session, input) {
      const stateHash = sha256(input.state)
      // Used up here, whatever follows; another user's state is left alone (and refused).
      const [pending] = await db
        .delete(linkedInAuthorizations)
        .where(and(eq(linkedInAuthorizations.stateHash, stateHash), eq(linkedInAuthorizations.userId, session.userId)))
        .returning()
      if (!pending || pending.expiresAt.getTime() <= clock.now().getTime()) {
        throw badRequest(MESSAGES.linkedInSignInExpired, { state: MESSAGES.linkedInSignInExpired })
      }
      if (input.error) {
        if (CANCEL_ERRORS.has(input.error)) throw badRequest(MESSAGES.linkedInCancelled)
        log(`LinkedIn refused a connection: ${input.error}${input.errorDescription ? ` (${input.errorDescription.slice(0, 200)})` : ''}`)
        throw badRequest(MESSAGES.linkedInDenied)
      }
      if (!input.code) throw badRequest(MESSAGES.linkedInCodeMissing, { code: MESSAGES.linkedInCodeMissing })
      let verifier: string
      try {
        verifier = cipher.decrypt(pending.codeVerifierEncrypted, verifierContext(stateHash))
      } catch (err) {
        if (!(err instanceof TokenDecryptError)) throw err
        throw badRequest(MESSAGES.linkedInSignInExpired, { state: MESSAGES.linkedInSignInExpired })
      }
      let tokens
      try {
        tokens = await adapter.exchangeCode({ code: input.code, codeVerifier: verifier, redirectUri: pending.redirectUri })
      } catch (err) {
        if (err instanceof LinkedInGrantError) throw badRequest(MESSAGES.linkedInCodeRefused)
        log(`LinkedIn code exchange failed: ${err instanceof Error ? err.message : String(err)}`)
        throw new ApiError(502, 'bad_gateway', MESSAGES.linkedInUnavailable)
      }
      const now = clock.now()
      const userId = session.userId
      const access = cipher.encrypt(tokens.accessToken, accessContext(userId))
      const refresh = tokens.refreshToken ? cipher.encrypt(tokens.refreshToken, refreshContext(userId)) : null
      const sameMember = sql`${linkedInConnections.linkedInMemberId} = ${tokens.memberId}`
      const [saved] = await db
        .insert(linkedInConnections)
        .values({
          userId,
          provider: adapter.provider,
          linkedInMemberId: tokens.memberId,
          memberName: tokens.memberName,
          scope: tokens.scope,
          accessTokenEncrypted: access,
          accessTokenExpiresAt: tokens.expiresAt,
          refreshTokenEncrypted: refresh,
          refreshTokenExpiresAt: refresh ? tokens.refreshTokenExpiresAt : null,
          connectedAt: now,
          updatedAt: now
        })
        .onConflictDoUpdate({
          target: linkedInConnections.userId,
          set: {
            provider: adapter.provider,
            linkedInMemberId: tokens.memberId,
            memberName: tokens.memberName,
            scope: tokens.scope,
            accessTokenEncrypted: access,
            accessTokenExpiresAt: tokens.expiresAt,
            // LinkedIn sends a refresh token only sometimes: keep the one we have for the same member.
            refreshTokenEncrypted: refresh ?? sql`case when ${sameMember} then ${linkedInConnections.refreshTokenEncrypted} else null end`,
            refreshTokenExpiresAt: refresh
              ? tokens.refreshTokenExpiresAt
              : sql`case when ${sameMember} then ${linkedInConnections.refreshTokenExpiresAt} else null end`,
            connectedAt: now,
            updatedAt: now
          }
        })
        .returning()
      return view(saved!)
    },

    async disconnect(userId) {
      await db.transaction(async (tx) => {
        await tx.delete(linkedInConnections).where(eq(linkedInConnections.userId, userId))
        await tx.delete(linkedInAuthorizations).where(eq(linkedInAuthorizations.userId, userId))
      })
      return disconnected()
    },

    async publishingIdentity(userId) {
      const r = await row(userId)
      if (!r) return null
      try {
        return {
          accessToken: { token: cipher.decrypt(r.accessTokenEncrypted, accessContext(userId)), expiresAt: r.accessTokenExpiresAt },
          memberId: r.linkedInMemberId
        }
      } catch (err) {
        if (!(err instanceof TokenDecryptError)) throw err
        log(`The LinkedIn token of user ${userId} cannot be decrypted (PAGECREW_TOKEN_KEY changed?); they must reconnect`)
        return null
      }
    },

    async status(userId) {
      const r = await row(userId)
      if (!r) return 'missing'
      if (r.provider !== adapter.provider || r.accessTokenExpiresAt.getTime() <= clock.now().getTime()) return 'expired'
      return 'connected'
    },

    async sandboxPosts(session) {
      if (!sandbox) return []
      const r = await row(session.userId)
      const pages = session.organization
        ? await db
            .select({ id: businessPages.id, linkedInOrganizationId: businessPages.linkedInOrganizationId })
            .from(businessPages)
            .where(eq(businessPages.organizationId, session.organization.id))
        : []
      const organizations = new Set(pages.flatMap((p) => [p.id, ...(p.linkedInOrganizationId ? [p.linkedInOrganizationId] : [])]))
      return sandbox.posts.filter((post) =>
        post.author.kind === 'person' ? r !== null && post.author.id === r.linkedInMemberId : organizations.has(post.author.id)
      )
    }
  }
}
