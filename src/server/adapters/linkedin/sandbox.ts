import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { DAY_MS, LINKEDIN_CONNECT_TTL_MS, LINKEDIN_REFRESH_TOKEN_DAYS, LINKEDIN_TOKEN_DAYS } from '../../../shared/constants'
import type { Clock } from '../../clock'
import {
  LinkedInGrantError,
  LinkedInTimeoutError,
  LinkedInValidationError,
  TokenExpiredError,
  type AuthorizationRequest,
  type LinkedInClient,
  type PostMetrics,
  type PublishInput,
  type PublishMedia
} from './linkedin'

/**
 * The built-in LinkedIn sandbox (DESIGN §4): keeps every post it was sent with the media it
 * received (in memory — a restart forgets them; enough for development and tests), issues
 * urn:li:share:… ids, keeps a reshare's parent URN, honours idempotency keys (the same key publishes once), rejects expired
 * tokens, and can be told to fail or time out. Metrics grow with the time since publishing,
 * deterministically from the urn.
 *
 * It is also an OAuth 2.0 authorization server like LinkedIn's: its sign-in page is served by this
 * Pagecrew server (routes/linkedin.ts) at SANDBOX_AUTHORIZE_PATH, issues single-use codes bound to
 * the PKCE challenge and redirect URI (10 minutes), and exchanges them for 60-day tokens. The member
 * it signs in is made from the Pagecrew user who started connecting: a stable id per user, and the
 * user's name.
 */
export interface SandboxMedia {
  kind: PublishMedia['kind']
  fileName: string
  contentType: string
  /** Bytes actually received from the stream. */
  size: number
  altText: string
}

export interface SandboxPost {
  urn: string
  author: PublishInput['author']
  text: string
  type: PublishInput['type']
  poll: PublishInput['poll']
  media: SandboxMedia[]
  idempotencyKey: string
  publishedAt: Date
  /** A reshare (issue 15): the URN of the post it reshares; null for an ordinary post. */
  reshareOf: string | null
}

export const SANDBOX_CLIENT_ID = 'pagecrew-sandbox'
export const SANDBOX_SCOPE = 'openid profile w_member_social'
export const SANDBOX_AUTHORIZE_PATH = '/api/linkedin/sandbox/authorize'
export const SANDBOX_POSTS_PATH = '/api/linkedin/sandbox/posts'
/** The sign-in page for a state the sandbox did not see start, or whose 10 minutes are over (or after a restart). */
export const SANDBOX_SIGN_IN_UNKNOWN = 'This sign-in request has expired or was not started from Pagecrew. Start connecting to LinkedIn again.'

/** The sign-in page's parameters, as LinkedIn's authorization endpoint takes them. */
export interface SandboxAuthorizeParams {
  response_type: 'code'
  client_id: string
  redirect_uri: string
  state: string
  scope: string
  code_challenge: string
  code_challenge_method: 'S256'
}

/** What the sign-in page shows: who is being connected, and the request to send back with the answer. */
export interface SandboxConsent {
  params: SandboxAuthorizeParams
  memberName: string
}

/** The sign-in request cannot be served (LinkedIn shows an error page instead of redirecting). */
export class SandboxAuthorizeError extends Error {
  override name = 'SandboxAuthorizeError'
}

export type SandboxFailure = 'validation' | 'tokenExpired' | 'error'

export interface LinkedInSandbox extends LinkedInClient {
  readonly provider: 'sandbox'
  /** Every post stored, in publishing order. */
  readonly posts: readonly SandboxPost[]
  post(urn: string): SandboxPost | null
  /** Calls to publish() so far, including failed and de-duplicated ones. */
  readonly publishCalls: number
  /** Artificial latency of every publish call. */
  latencyMs: number
  /** The next publish call fails with this kind (nothing stored). */
  failNext(kind: SandboxFailure, message?: string): void
  /** The next publish call waits `ms` then throws LinkedInTimeoutError without storing the post. */
  timeoutNext(ms?: number): void
  /** The next publish call stores the post, then throws LinkedInTimeoutError (the caller never hears of it). */
  acceptThenTimeoutNext(ms?: number): void
  /** The next code exchange answers without a refresh token (as LinkedIn does for most applications). */
  withoutRefreshTokenNext(): void
  /** The sign-in page for these query parameters; throws SandboxAuthorizeError when they are not a valid request. */
  consent(query: Record<string, unknown>): SandboxConsent
  /** The member's answer on the sign-in page: where to redirect (code + state, or LinkedIn's cancel error). */
  decide(form: Record<string, unknown>): string
}

/** The sandbox member id of a Pagecrew user: stable across reconnects, like a LinkedIn member id. */
export function sandboxMemberId(userId: string): string {
  return createHash('sha256').update(`pagecrew-sandbox-member:${userId}`).digest('base64url').slice(0, 10)
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
const text = (value: unknown) => (typeof value === 'string' ? value : '')

interface PendingSignIn {
  memberId: string
  memberName: string
  redirectUri: string
  codeChallenge: string
  expiresAt: number
}

interface IssuedCode {
  memberId: string
  memberName: string
  redirectUri: string
  codeChallenge: string
  scope: string
  expiresAt: number
}

type Pending =
  | { kind: 'fail'; failure: SandboxFailure; message?: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'acceptThenTimeout'; ms: number }

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve())

async function receive(media: PublishMedia): Promise<SandboxMedia> {
  let size = 0
  for await (const chunk of await media.open()) size += (chunk as Buffer).length
  if (size !== media.size) throw new LinkedInValidationError(`${media.fileName}: received ${size} of ${media.size} bytes`)
  return { kind: media.kind, fileName: media.fileName, contentType: media.contentType, size, altText: media.altText }
}

export function createLinkedInSandbox(options: { clock: Clock; latencyMs?: number; publicUrl?: string | null }): LinkedInSandbox {
  const { clock } = options
  const stored: SandboxPost[] = []
  const byKey = new Map<string, SandboxPost>()
  const byUrn = new Map<string, SandboxPost>()
  const pending: Pending[] = []
  const signIns = new Map<string, PendingSignIn>()
  const codes = new Map<string, IssuedCode>()
  let calls = 0
  let omitRefreshToken = false

  const forgetExpired = () => {
    const now = clock.now().getTime()
    for (const [key, value] of signIns) if (value.expiresAt <= now) signIns.delete(key)
    for (const [key, value] of codes) if (value.expiresAt <= now) codes.delete(key)
  }

  const authorizeParams = (query: Record<string, unknown>): SandboxAuthorizeParams => {
    const params = {
      response_type: text(query.response_type),
      client_id: text(query.client_id),
      redirect_uri: text(query.redirect_uri),
      state: text(query.state),
      scope: text(query.scope),
      code_challenge: text(query.code_challenge),
      code_challenge_method: text(query.code_challenge_method)
    }
    if (params.response_type !== 'code') throw new SandboxAuthorizeError('response_type must be code.')
    if (params.client_id !== SANDBOX_CLIENT_ID) throw new SandboxAuthorizeError('This application is not known to the sandbox.')
    if (!/^(https?|pagecrew):\/\//.test(params.redirect_uri)) throw new SandboxAuthorizeError('The redirect address is missing or not allowed.')
    if (!params.state) throw new SandboxAuthorizeError('The request has no state.')
    if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
      throw new SandboxAuthorizeError('The request needs a PKCE code challenge (S256).')
    }
    return params as SandboxAuthorizeParams
  }

  /**
   * The live sign-in these parameters belong to. The page is anonymous (it opens in the system
   * browser), so the state is what ties it to a connection Pagecrew started: without one the
   * sandbox would send anyone's browser, code and all, to any address a form names (an open
   * redirect). Like LinkedIn's check of the registered redirect URLs: only back to the address
   * the connection was started with, which the server checked (services/linkedIn/redirects.ts).
   */
  const liveSignIn = (params: SandboxAuthorizeParams): PendingSignIn => {
    forgetExpired()
    const signIn = signIns.get(params.state)
    if (!signIn) throw new SandboxAuthorizeError(SANDBOX_SIGN_IN_UNKNOWN)
    if (signIn.redirectUri !== params.redirect_uri || signIn.codeChallenge !== params.code_challenge) {
      throw new SandboxAuthorizeError('The redirect address is missing or not allowed.')
    }
    return signIn
  }

  const store = async (input: PublishInput): Promise<SandboxPost> => {
    const existing = byKey.get(input.idempotencyKey)
    if (existing) return existing
    const media: SandboxMedia[] = []
    for (const item of input.media ?? []) media.push(await receive(item))
    const again = byKey.get(input.idempotencyKey)
    if (again) return again
    const post: SandboxPost = {
      urn: `urn:li:share:${BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 15)}`).toString()}`,
      author: input.author,
      text: input.text,
      type: input.type,
      poll: input.poll ?? null,
      media,
      idempotencyKey: input.idempotencyKey,
      publishedAt: clock.now(),
      reshareOf: input.reshareOf ?? null
    }
    stored.push(post)
    byKey.set(post.idempotencyKey, post)
    byUrn.set(post.urn, post)
    return post
  }

  const sandbox: LinkedInSandbox = {
    provider: 'sandbox',
    get posts() {
      return stored
    },
    post(urn) {
      return byUrn.get(urn) ?? null
    },
    get publishCalls() {
      return calls
    },
    latencyMs: options.latencyMs ?? 0,
    failNext(failure, message) {
      pending.push({ kind: 'fail', failure, message })
    },
    timeoutNext(ms = 0) {
      pending.push({ kind: 'timeout', ms })
    },
    acceptThenTimeoutNext(ms = 0) {
      pending.push({ kind: 'acceptThenTimeout', ms })
    },

    async publish(input) {
      calls++
      const next = pending.shift()
      await sleep(sandbox.latencyMs)
      if (input.accessToken.expiresAt && input.accessToken.expiresAt.getTime() <= clock.now().getTime()) {
        throw new TokenExpiredError()
      }
      if (next?.kind === 'fail') {
        if (next.failure === 'tokenExpired') throw new TokenExpiredError(next.message)
        if (next.failure === 'validation') throw new LinkedInValidationError(next.message)
        throw new Error(next.message ?? 'LinkedIn sandbox: internal error')
      }
      if (next?.kind === 'timeout') {
        await sleep(next.ms)
        throw new LinkedInTimeoutError()
      }
      // A reshare may go without a comment (LinkedIn's "Repost"); it carries nothing but its text.
      if (!input.text.trim() && input.type === 'textOnly' && !input.reshareOf) throw new LinkedInValidationError('A text post needs text')
      if (input.reshareOf && (input.type !== 'textOnly' || (input.media ?? []).length > 0 || input.poll)) {
        throw new LinkedInValidationError('A reshare carries its commentary only')
      }
      if (input.type === 'poll' && (!input.poll || input.poll.options.length < 2)) {
        throw new LinkedInValidationError('A poll needs at least two options')
      }
      const post = await store(input)
      if (next?.kind === 'acceptThenTimeout') {
        await sleep(next.ms)
        throw new LinkedInTimeoutError()
      }
      return { urn: post.urn }
    },

    async findPublished({ idempotencyKey, reshareOf }) {
      // The key names one publish call; a reshare is found as the reshare of that same parent.
      const post = byKey.get(idempotencyKey)
      return post && post.reshareOf === (reshareOf ?? null) ? { urn: post.urn } : null
    },

    async metrics({ urn, publishedAt, now }) {
      // The numbers follow from the urn and the post's age alone, so they survive a restart of the
      // server (the sandbox keeps its posts in memory).
      const post = byUrn.get(urn)
      return sandboxMetrics(urn, now.getTime() - (post?.publishedAt ?? publishedAt).getTime())
    },

    postUrl(urn, serverUrl) {
      const base = (serverUrl ?? options.publicUrl ?? '').replace(/\/+$/, '')
      return `${base}${SANDBOX_POSTS_PATH}/${encodeURIComponent(urn)}`
    },

    withoutRefreshTokenNext() {
      omitRefreshToken = true
    },

    authorizationUrl(request: AuthorizationRequest) {
      forgetExpired()
      signIns.set(request.state, {
        memberId: sandboxMemberId(request.user.id),
        memberName: request.user.fullName,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        expiresAt: clock.now().getTime() + LINKEDIN_CONNECT_TTL_MS
      })
      const url = new URL(SANDBOX_AUTHORIZE_PATH, request.serverUrl)
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: SANDBOX_SCOPE,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256'
      }).toString()
      return url.toString()
    },

    consent(query) {
      const params = authorizeParams(query)
      return { params, memberName: liveSignIn(params).memberName }
    },

    decide(form) {
      const params = authorizeParams(form)
      const signIn = liveSignIn(params)
      // One answer per sign-in: a second post of the same form finds nothing.
      signIns.delete(params.state)
      const target = new URL(signIn.redirectUri)
      if (form.decision !== 'allow') {
        target.searchParams.set('error', 'user_cancelled_authorize')
        target.searchParams.set('error_description', 'The user cancelled the authorization')
        target.searchParams.set('state', params.state)
        return target.toString()
      }
      const code = randomBytes(32).toString('base64url')
      codes.set(code, {
        memberId: signIn.memberId,
        memberName: signIn.memberName,
        redirectUri: signIn.redirectUri,
        codeChallenge: params.code_challenge,
        scope: params.scope || SANDBOX_SCOPE,
        expiresAt: clock.now().getTime() + LINKEDIN_CONNECT_TTL_MS
      })
      target.searchParams.set('code', code)
      target.searchParams.set('state', params.state)
      return target.toString()
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      forgetExpired()
      const issued = codes.get(code)
      // Single use, whatever the outcome (LinkedIn's codes are too).
      codes.delete(code)
      if (!issued) throw new LinkedInGrantError('The authorization code expired or was already used.')
      if (issued.redirectUri !== redirectUri) throw new LinkedInGrantError('The redirect address does not match the authorization request.')
      if (s256(codeVerifier) !== issued.codeChallenge) throw new LinkedInGrantError('The code verifier does not match the code challenge.')
      const now = clock.now().getTime()
      const withRefresh = !omitRefreshToken
      omitRefreshToken = false
      return {
        accessToken: `sbx-at-${randomBytes(32).toString('base64url')}`,
        expiresAt: new Date(now + LINKEDIN_TOKEN_DAYS * DAY_MS),
        refreshToken: withRefresh ? `sbx-rt-${randomBytes(32).toString('base64url')}` : null,
        refreshTokenExpiresAt: withRefresh ? new Date(now + LINKEDIN_REFRESH_TOKEN_DAYS * DAY_MS) : null,
        scope: issued.scope,
        memberId: issued.memberId,
        memberName: issued.memberName
      }
    }
  }
  return sandbox
}

/** Deterministic from the urn and the time since publishing; never decreases as time passes. */
export function sandboxMetrics(urn: string, elapsedMs: number): PostMetrics {
  const seed = createHash('sha256').update(urn).digest()
  const rate = 20 + (seed[0]! % 80) // impressions per hour at first
  const hours = Math.max(0, elapsedMs) / 3_600_000
  // Grows fast at first, then slower (logarithmic), like a real post.
  const impressions = Math.floor(rate * 24 * Math.log1p(hours / 24) * 4)
  const reactions = Math.floor(impressions * (0.02 + (seed[1]! % 5) / 100))
  const comments = Math.floor(reactions * (0.1 + (seed[2]! % 3) / 20))
  const reshares = Math.floor(reactions * (0.05 + (seed[3]! % 3) / 50))
  const membersReached = Math.floor(impressions * (0.6 + (seed[4]! % 20) / 100))
  const clicks = Math.floor(impressions * (0.01 + (seed[5]! % 4) / 100))
  return { impressions, membersReached, reactions, comments, reshares, clicks }
}
