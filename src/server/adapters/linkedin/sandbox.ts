import { createHash, randomUUID } from 'node:crypto'
import type { Clock } from '../../clock'
import {
  LinkedInTimeoutError,
  LinkedInValidationError,
  TokenExpiredError,
  type LinkedInAdapter,
  type PostMetrics,
  type PublishInput
} from './linkedin'

/**
 * The built-in LinkedIn sandbox (DESIGN §4): keeps every post it was sent (in memory — a restart
 * forgets them; enough for development and tests), issues urn:li:share:… ids, honours idempotency
 * keys (the same key publishes once), rejects expired tokens, and can be told to fail or time out.
 * Metrics grow with the time since publishing, deterministically from the urn.
 */
export interface SandboxPost {
  urn: string
  author: PublishInput['author']
  text: string
  type: PublishInput['type']
  poll: PublishInput['poll']
  idempotencyKey: string
  publishedAt: Date
}

export type SandboxFailure = 'validation' | 'tokenExpired' | 'error'

export interface LinkedInSandbox extends LinkedInAdapter {
  /** Every post stored, in publishing order. */
  readonly posts: readonly SandboxPost[]
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
}

type Pending =
  | { kind: 'fail'; failure: SandboxFailure; message?: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'acceptThenTimeout'; ms: number }

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve())

export function createLinkedInSandbox(options: { clock: Clock; latencyMs?: number }): LinkedInSandbox {
  const { clock } = options
  const stored: SandboxPost[] = []
  const byKey = new Map<string, SandboxPost>()
  const byUrn = new Map<string, SandboxPost>()
  const pending: Pending[] = []
  let calls = 0

  const store = (input: PublishInput): SandboxPost => {
    const existing = byKey.get(input.idempotencyKey)
    if (existing) return existing
    const post: SandboxPost = {
      urn: `urn:li:share:${BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 15)}`).toString()}`,
      author: input.author,
      text: input.text,
      type: input.type,
      poll: input.poll ?? null,
      idempotencyKey: input.idempotencyKey,
      publishedAt: clock.now()
    }
    stored.push(post)
    byKey.set(post.idempotencyKey, post)
    byUrn.set(post.urn, post)
    return post
  }

  const sandbox: LinkedInSandbox = {
    get posts() {
      return stored
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
      if (!input.text.trim() && input.type === 'textOnly') throw new LinkedInValidationError('A text post needs text')
      if (input.type === 'poll' && (!input.poll || input.poll.options.length < 2)) {
        throw new LinkedInValidationError('A poll needs at least two options')
      }
      const post = store(input)
      if (next?.kind === 'acceptThenTimeout') {
        await sleep(next.ms)
        throw new LinkedInTimeoutError()
      }
      return { urn: post.urn }
    },

    async findPublished({ idempotencyKey }) {
      const post = byKey.get(idempotencyKey)
      return post ? { urn: post.urn } : null
    },

    async metrics(urn, now) {
      const post = byUrn.get(urn)
      if (!post) throw new Error(`LinkedIn sandbox: no post ${urn}`)
      return sandboxMetrics(urn, now.getTime() - post.publishedAt.getTime())
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
  return { impressions, reactions, comments }
}
