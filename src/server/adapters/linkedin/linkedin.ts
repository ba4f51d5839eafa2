import type { Readable } from 'node:stream'
import type { MediaKind } from '../../../shared/domain/entities'
import type { PostType } from '../../../shared/domain/enums'

/**
 * The LinkedIn adapter (DESIGN §4): publishing a post and reading its metrics. The built-in
 * sandbox (./sandbox/) implements it for development and tests.
 *
 * Error contract of publish():
 * - TokenExpiredError, LinkedInValidationError and LinkedInUploadError are known-safe: nothing was published.
 * - Anything else (LinkedInTimeoutError, network errors, 5xx) is an UNKNOWN outcome: the post may
 *   have been published. Callers must never retry automatically; they ask findPublished.
 */
export interface LinkedInAuthor {
  kind: 'person' | 'organization'
  id: string
}

interface LinkedInPoll {
  question: string
  options: string[]
  durationDays?: number
}

/** A stored file to attach: the adapter uploads it to LinkedIn before creating the post. */
export interface PublishMedia {
  kind: MediaKind
  fileName: string
  contentType: string
  size: number
  altText: string
  /** Streams the stored file (never read whole into memory). */
  open(): Promise<Readable>
}

export interface PublishInput {
  author: LinkedInAuthor
  text: string
  type: PostType
  poll?: LinkedInPoll | null
  /** In display order: up to 20 images, or one video, or one document. */
  media?: PublishMedia[]
  /** The same key twice publishes once: the second call returns the first post's urn. */
  idempotencyKey: string
  accessToken: AccessToken
  /**
   * A reshare (issue 15): the URN of the post it reshares; `text` is then the reshare's comment
   * (may be empty) and the post carries no media or poll.
   */
  reshareOf?: string | null
}

interface FindPublishedQuery {
  idempotencyKey: string
  author: LinkedInAuthor
  text: string
  /** When the attempt that may have published it started. */
  since: Date
  accessToken: AccessToken
  /** The post it reshares, when it is a reshare (the REST client matches it too). */
  reshareOf?: string | null
}

export interface AccessToken {
  token: string
  /** When the token stops working; null = does not expire. */
  expiresAt: Date | null
}

/**
 * A published post's results as LinkedIn reports them (issue 14). `membersReached` and `clicks`
 * are null where the API does not give them (a member's post has no clicks; a page's post has no
 * members reached).
 */
export interface PostMetrics {
  impressions: number
  membersReached: number | null
  reactions: number
  comments: number
  reshares: number
  clicks: number | null
}

/** What reading a post's metrics needs: the post, who published it, the connection's token. */
export interface MetricsQuery {
  urn: string
  author: LinkedInAuthor
  accessToken: AccessToken
  /** When the post was published (the sandbox grows its numbers from it). */
  publishedAt: Date
  now: Date
}

/** 429 from LinkedIn: try again after `retryAfterMs` (from Retry-After, or a default). */
export class LinkedInRateLimitError extends Error {
  readonly code = 'rate_limited'
  constructor(
    readonly retryAfterMs: number,
    message = 'LinkedIn asked to slow down'
  ) {
    super(message)
    this.name = 'LinkedInRateLimitError'
  }
}

/** The connection lacks the permission the statistics need (r_member_postAnalytics, or the page's admin rights). */
export class LinkedInPermissionError extends Error {
  readonly code = 'permission'
  constructor(message = 'not available from LinkedIn') {
    super(message)
    this.name = 'LinkedInPermissionError'
  }
}

export interface LinkedInAdapter {
  /** 'sandbox' (built-in) or 'linkedin' (the REST API). */
  readonly provider: 'sandbox' | 'linkedin'
  publish(input: PublishInput): Promise<{ urn: string }>
  /**
   * The post a publish call with this input made, if LinkedIn has one. The sandbox knows idempotency
   * keys; LinkedIn's API has none, so the REST client looks for a post of `author` created since
   * `since` with exactly this text.
   */
  findPublished(query: FindPublishedQuery): Promise<{ urn: string } | null>
  /**
   * Metrics of a published post as of `now` (issue 14). Throws LinkedInRateLimitError on 429,
   * LinkedInPermissionError when the connection may not read them, TokenExpiredError.
   */
  metrics(query: MetricsQuery): Promise<PostMetrics>
  /** LinkedIn calls one metrics() of a post by `author` makes (the daily budget counts them); 1 when absent. */
  metricsCallCost?(author: LinkedInAuthor): number
  /**
   * Where people see the post: linkedin.com/feed/update/<urn>/, or the sandbox's own viewer on this
   * server (`serverUrl`, the public address of http/publicUrl.ts; without it the configured public
   * address, else a path from the server's root).
   */
  postUrl(urn: string, serverUrl?: string): string
}

/** Starting a connection: everything the authorization page needs (OAuth 2.0 code flow with PKCE S256). */
export interface AuthorizationRequest {
  state: string
  codeChallenge: string
  redirectUri: string
  /** This server's address (the sandbox's sign-in page lives here; LinkedIn ignores it). */
  serverUrl: string
  /** Who is connecting. LinkedIn's own sign-in decides the member; the sandbox signs in one made from this user. */
  user: { id: string; fullName: string }
}

interface CodeExchange {
  code: string
  codeVerifier: string
  redirectUri: string
}

export interface LinkedInTokens {
  accessToken: string
  expiresAt: Date
  /** LinkedIn gives refresh tokens to some applications only. */
  refreshToken: string | null
  refreshTokenExpiresAt: Date | null
  scope: string
  /** The member's id (userinfo `sub`): the person author is urn:li:person:<memberId>. */
  memberId: string
  memberName: string | null
}

/** The OAuth side of LinkedIn: where to send the member, and turning the code that comes back into tokens. */
interface LinkedInOAuth {
  authorizationUrl(request: AuthorizationRequest): string
  /** Throws LinkedInGrantError when LinkedIn refuses the code (expired, used, another verifier or redirect). */
  exchangeCode(exchange: CodeExchange): Promise<LinkedInTokens>
}

/** What the server holds: publishing and connecting, from one provider. */
export type LinkedInClient = LinkedInAdapter & LinkedInOAuth

/** LinkedIn refused the authorization code (OAuth invalid_grant and the like); connecting again helps. */
export class LinkedInGrantError extends Error {
  constructor(message = 'LinkedIn refused the authorization code') {
    super(message)
    this.name = 'LinkedInGrantError'
  }
}

/** Known-safe: the access token has expired (the member must reconnect LinkedIn); nothing was published. */
export class TokenExpiredError extends Error {
  readonly knownSafe = true
  constructor(message = 'LinkedIn access token expired — reconnect LinkedIn') {
    super(message)
    this.name = 'TokenExpiredError'
  }
}

/** Known-safe: LinkedIn rejected the content; nothing was published. */
export class LinkedInValidationError extends Error {
  readonly knownSafe = true
  constructor(message = 'LinkedIn rejected the post') {
    super(message)
    this.name = 'LinkedInValidationError'
  }
}

/** Unknown outcome: the call did not answer in time; the post may or may not exist. */
export class LinkedInTimeoutError extends Error {
  constructor(message = 'LinkedIn did not answer in time') {
    super(message)
    this.name = 'LinkedInTimeoutError'
  }
}

/**
 * Known-safe: a file could not be uploaded to LinkedIn. Uploads come before the post is created,
 * so nothing was published and publishing again is safe.
 */
export class LinkedInUploadError extends Error {
  readonly knownSafe = true
  constructor(message = 'LinkedIn did not take a file of the post') {
    super(message)
    this.name = 'LinkedInUploadError'
  }
}

/** True for errors after which the post certainly was not published. */
export function isKnownSafeFailure(error: unknown): error is TokenExpiredError | LinkedInValidationError | LinkedInUploadError {
  return error instanceof TokenExpiredError || error instanceof LinkedInValidationError || error instanceof LinkedInUploadError
}

/** What publishing a post needs: the author's token, who posts (person or page) and the media to upload. */
export interface PublishTarget {
  accessToken: AccessToken
  /** urn:li:person:<LinkedIn member id> or urn:li:organization:<page's LinkedIn id>. */
  author: LinkedInAuthor
  media: PublishMedia[]
}

/** The LinkedIn application's settings; null keeps the built-in sandbox. */
export interface LinkedInConfig {
  /** The application's Client ID and Client Secret (LinkedIn Developer Portal → Auth). */
  clientId: string
  clientSecret: string
  /** LinkedIn-Version header of the REST API, YYYYMM. */
  version: string
  /** Also ask for w_organization_social (posting as business pages; needs LinkedIn's Community Management API). */
  organizationScope: boolean
  /**
   * Also ask for the statistics permissions (issue 14): r_member_postAnalytics for members' posts
   * and, with organizationScope, rw_organization_admin for pages' posts. LinkedIn grants them only
   * to applications approved for its Community Management API, and refuses a sign-in asking for a
   * permission the application lacks — so off by default, and posts then show "not available from
   * LinkedIn".
   */
  analyticsScope: boolean
  /** https://www.linkedin.com (authorization and token endpoints); tests point it at a local server. */
  oauthBase: string
  /** https://api.linkedin.com (userinfo and the REST API); tests point it at a local server. */
  apiBase: string
}
