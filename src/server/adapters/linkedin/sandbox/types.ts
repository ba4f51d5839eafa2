import type { Clock } from '../../../clock'
import type { LinkedInClient, PublishInput, PublishMedia } from '../linkedin'

/* What the LinkedIn sandbox keeps and answers (docs/architecture.md, "Writing and publishing"). */

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
interface SandboxConsent {
  params: SandboxAuthorizeParams
  memberName: string
}

/** The sign-in request cannot be served (LinkedIn shows an error page instead of redirecting). */
export class SandboxAuthorizeError extends Error {
  override name = 'SandboxAuthorizeError'
}

type SandboxFailure = 'validation' | 'tokenExpired' | 'error'

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

export interface PendingSignIn {
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

/** The sandbox's memory, made once by createLinkedInSandbox (in memory: a restart forgets it). */
export interface SandboxState {
  clock: Clock
  stored: SandboxPost[]
  byKey: Map<string, SandboxPost>
  byUrn: Map<string, SandboxPost>
  pending: Pending[]
  signIns: Map<string, PendingSignIn>
  codes: Map<string, IssuedCode>
  calls: number
  omitRefreshToken: boolean
}
