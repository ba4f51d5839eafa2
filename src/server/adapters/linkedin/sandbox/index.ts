import type { Clock } from '../../../clock'
import { sandboxMetrics } from './metrics'
import { authorizationUrl, authorizeParams, decide, exchangeCode, liveSignIn } from './oauth'
import { publish } from './publishing'
import { SANDBOX_POSTS_PATH, type LinkedInSandbox, type SandboxState } from './types'

/*
 * The built-in LinkedIn sandbox (DESIGN §4): publishing.ts keeps what it was sent, oauth.ts is its
 * sign-in, metrics.ts its statistics; this facade holds its memory and delegates. The rules are in
 * docs/architecture.md, "Writing and publishing".
 */

export { sandboxMetrics } from './metrics'
export { sandboxMemberId } from './oauth'
export {
  SANDBOX_AUTHORIZE_PATH,
  SANDBOX_CLIENT_ID,
  SANDBOX_POSTS_PATH,
  SANDBOX_SCOPE,
  SANDBOX_SIGN_IN_UNKNOWN,
  SandboxAuthorizeError,
  type LinkedInSandbox,
  type SandboxAuthorizeParams,
  type SandboxMedia,
  type SandboxPost
} from './types'

export function createLinkedInSandbox(options: { clock: Clock; latencyMs?: number; publicUrl?: string | null }): LinkedInSandbox {
  const state: SandboxState = {
    clock: options.clock,
    stored: [],
    byKey: new Map(),
    byUrn: new Map(),
    pending: [],
    signIns: new Map(),
    codes: new Map(),
    calls: 0,
    omitRefreshToken: false
  }
  const { stored, byKey, byUrn, pending } = state

  const sandbox: LinkedInSandbox = {
    provider: 'sandbox',
    get posts() {
      return stored
    },
    post(urn) {
      return byUrn.get(urn) ?? null
    },
    get publishCalls() {
      return state.calls
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

    publish: (input) => publish(state, () => sandbox.latencyMs, input),

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
      state.omitRefreshToken = true
    },

    authorizationUrl: (request) => authorizationUrl(state, request),

    consent(query) {
      const params = authorizeParams(query)
      return { params, memberName: liveSignIn(state, params).memberName }
    },

    decide: (form) => decide(state, form),

    exchangeCode: (exchange) => exchangeCode(state, exchange)
  }
  return sandbox
}
