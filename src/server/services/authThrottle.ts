import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { rowsOf } from '../db/migrate'
import { RateLimited } from './rateLimit'

/**
 * Failed password checks allowed before the server answers 429 (issue 12). Per client address and
 * email: a person mistyping gets 10 tries a minute. Per address alone: password spraying (one
 * guess at many accounts) stops after 30 failures in 10 minutes, which an office behind one NAT
 * address does not reach by typos. Only failures count: a correct password gives its try back.
 */
export const FAILED_PASSWORD_LIMITS = {
  addressEmail: { max: 10, windowMs: 60_000 },
  address: { max: 30, windowMs: 10 * 60_000 }
} as const

/** Windows that ended this long ago are deleted (at most once per CLEANUP_EVERY_MS per process). */
const CLEANUP_AFTER_MS = 60 * 60_000
const CLEANUP_EVERY_MS = 10 * 60_000

/** A password check that was let through; `succeeded()` after a correct password gives the try back. */
interface PasswordAttempt {
  succeeded(): Promise<void>
}

export interface AuthThrottle {
  /**
   * Counts one password check from `address` for `email` before it runs (so parallel guesses are
   * counted too); throws RateLimited when either counter is over its limit, before any
   * password is looked at. The counters live in the database: every server on it shares them.
   */
  attempt(address: string, email: string): Promise<PasswordAttempt>
  /**
   * Counts one request of `scope` from `address` in the same shared counters (e.g. anonymous
   * single sign-on starts, which make the server call out); RateLimited over `limit`.
   */
  hit(scope: string, address: string, limit: { max: number; windowMs: number }): Promise<void>
}

/**
 * The part of an address one client controls: an IPv4 address, or the /64 prefix of an IPv6 one
 * (a single host usually holds a whole /64, so counting full IPv6 addresses would count nothing).
 */
export function clientAddressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (mapped) return mapped[1]!
  if (isIPv4(address) || !isIPv6(address)) return address
  const [head = '', tail] = address.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  // An embedded IPv4 address at the end stands for two groups.
  const tailCount = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailCount)).fill('0')
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups]
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex')

export function createAuthThrottle(db: Database, clock: Clock): AuthThrottle {
  let nextCleanup = 0

  async function cleanup(now: Date) {
    if (now.getTime() < nextCleanup) return
    nextCleanup = now.getTime() + CLEANUP_EVERY_MS
    await db.execute(sql`delete from auth_throttle where reset_at < ${new Date(now.getTime() - CLEANUP_AFTER_MS).toISOString()}::timestamptz`)
  }

  /**
   * Counts one hit on each counter in one statement: a window that has ended starts again at 1
   * (row locks make concurrent hits from any number of servers add up exactly). Throws
   * RateLimited when one is over its limit.
   */
  async function count(now: Date, counters: { hash: string; max: number; windowMs: number }[]) {
    await cleanup(now)
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString()
    const nowAt = now.toISOString()
    const values = sql.join(
      counters.map((c) => sql`(${c.hash}, 1, ${at(c.windowMs)}::timestamptz)`),
      sql`, `
    )
    const result = await db.execute(sql`
        insert into auth_throttle (key_hash, count, reset_at)
        values ${values}
        on conflict (key_hash) do update set
          count = case when auth_throttle.reset_at <= ${nowAt}::timestamptz then 1 else auth_throttle.count + 1 end,
          reset_at = case when auth_throttle.reset_at <= ${nowAt}::timestamptz then excluded.reset_at else auth_throttle.reset_at end
        returning key_hash, count, reset_at`)
    const rows = rowsOf<{ key_hash: string; count: number | string; reset_at: Date | string }>(result).map((r) => ({
      hash: r.key_hash,
      count: Number(r.count),
      resetAt: new Date(r.reset_at)
    }))
    const over = rows.filter((r) => r.count > (counters.find((c) => c.hash === r.hash)?.max ?? Infinity))
    if (over.length > 0) {
      const until = Math.max(...over.map((r) => r.resetAt.getTime()))
      throw new RateLimited(Math.max(1, Math.ceil((until - now.getTime()) / 1000)))
    }
    return rows
  }

  return {
    async hit(scope, address, limit) {
      await count(clock.now(), [{ hash: keyHash(`${scope}|${clientAddressKey(address)}`), ...limit }])
    },

    async attempt(address, email) {
      const addressKey = clientAddressKey(address)
      const rows = await count(clock.now(), [
        { hash: keyHash(`address-email|${addressKey}|${email.trim().toLowerCase()}`), ...FAILED_PASSWORD_LIMITS.addressEmail },
        { hash: keyHash(`address|${addressKey}`), ...FAILED_PASSWORD_LIMITS.address }
      ])
      return {
        async succeeded() {
          // Only in the window that counted it (a new window has nothing of it to give back); both
          // counters in one statement, as they were counted.
          const won = sql.join(
            rows.map((r) => sql`(${r.hash}, ${r.resetAt.toISOString()}::timestamptz)`),
            sql`, `
          )
          await db.execute(sql`
            update auth_throttle set count = auth_throttle.count - 1
            from (values ${won}) as won (key_hash, reset_at)
            where auth_throttle.key_hash = won.key_hash and auth_throttle.reset_at = won.reset_at and auth_throttle.count > 0`)
        }
      }
    }
  }
}

/** Checks a password for `email` under the request's client address. */
export type PasswordCheckGuard = (email: string) => Promise<PasswordAttempt>

/** Counts one request of `scope` from the request's client address; a refusal also carries Retry-After. */
export async function throttleRequest(throttle: AuthThrottle, request: FastifyRequest, reply: FastifyReply, scope: string, limit: { max: number; windowMs: number }) {
  try {
    await throttle.hit(scope, request.ip, limit)
  } catch (error) {
    if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds))
    throw error
  }
}

/** The throttle for one request; a refusal also carries Retry-After. */
export function passwordCheckGuard(throttle: AuthThrottle, request: FastifyRequest, reply: FastifyReply): PasswordCheckGuard {
  return async (email) => {
    try {
      return await throttle.attempt(request.ip, email)
    } catch (error) {
      if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds))
      throw error
    }
  }
}
