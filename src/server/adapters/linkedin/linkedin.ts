import type { Readable } from 'node:stream'
import type { MediaKind } from '../../../shared/domain/entities'
import type { PostType } from '../../../shared/domain/enums'

/**
 * The LinkedIn adapter (DESIGN §4): publishing a post and reading its metrics. The built-in
 * sandbox (./sandbox.ts) implements it for development and tests.
 *
 * Error contract of publish():
 * - TokenExpiredError and LinkedInValidationError are known-safe: nothing was published.
 * - Anything else (LinkedInTimeoutError, network errors, 5xx) is an UNKNOWN outcome: the post may
 *   have been published. Callers must never retry automatically; they ask findPublished.
 */
export interface LinkedInAuthor {
  kind: 'person' | 'organization'
  id: string
}

export interface LinkedInPoll {
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
}

export interface FindPublishedQuery {
  idempotencyKey: string
  author: LinkedInAuthor
  text: string
  /** When the attempt that may have published it started. */
  since: Date
  accessToken: AccessToken
}

export interface AccessToken {
  token: string
  /** When the token stops working; null = does not expire. */
  expiresAt: Date | null
}

export interface PostMetrics {
  impressions: number
  reactions: number
  comments: number
}

export interface LinkedInAdapter {
  publish(input: PublishInput): Promise<{ urn: string }>
  /**
   * The post a publish call with this input made, if LinkedIn has one. The sandbox knows idempotency
   * keys; LinkedIn's API has none, so the REST client looks for a post of `author` created since
   * `since` with exactly this text.
   */
  findPublished(query: FindPublishedQuery): Promise<{ urn: string } | null>
  /** Metrics of a published post as of `now`. */
  metrics(urn: string, now: Date): Promise<PostMetrics>
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

/** True for errors after which the post certainly was not published. */
export function isKnownSafeFailure(error: unknown): error is TokenExpiredError | LinkedInValidationError {
  return error instanceof TokenExpiredError || error instanceof LinkedInValidationError
}
