import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { rowsOf } from '../db/migrate'
import { ApiError } from '../errors'

/**
 * Request limits counted in the database, so every server process on it shares them (an
 * in-memory counter lets N processes accept N times the limit). A fixed window per key: the first
 * hit starts it, hits after its end start the next at 1; one upsert counts a hit, and row locks make
 * concurrent hits from any number of servers add up exactly.
 *
 * The counters share the auth_throttle table (key hash, count, window end) with the failed-password
 * throttle (services/authThrottle.ts): the same shape; keys here start with 'limit|', so the two
 * never meet, and ended windows are deleted the same way by either.
 *
 * Count outside any request transaction (http/route.ts' `limit` option runs before one starts): a
 * hit counted inside one would be undone when the request fails.
 */
export interface Limit {
  max: number
  windowMs: number
}

export class RateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`)
  }
}

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

export interface RateLimiter {
  /** Counts one hit on `key` (e.g. 'quiz|user|<id>'); throws RateLimited once it is over `limit.max` in its window. */
  hit(key: string, limit: Limit): Promise<void>
}

/** Windows that ended this long ago are deleted (at most once per CLEANUP_EVERY_MS per limiter). */
const CLEANUP_AFTER_MS = 60 * 60_000
const CLEANUP_EVERY_MS = 10 * 60_000

const keyHash = (key: string) => createHash('sha256').update(`limit|${key}`).digest('hex')

export function createRateLimiter(db: Database, clock: Clock): RateLimiter {
  let nextCleanup = 0
  return {
    async hit(key, limit) {
      const now = clock.now()
      if (now.getTime() >= nextCleanup) {
        nextCleanup = now.getTime() + CLEANUP_EVERY_MS
        await db.execute(sql`delete from auth_throttle where reset_at < ${new Date(now.getTime() - CLEANUP_AFTER_MS).toISOString()}::timestamptz`)
      }
      const nowAt = now.toISOString()
      const result = await db.execute(sql`
        insert into auth_throttle (key_hash, count, reset_at)
        values (${keyHash(key)}, 1, ${new Date(now.getTime() + limit.windowMs).toISOString()}::timestamptz)
        on conflict (key_hash) do update set
          count = case when auth_throttle.reset_at <= ${nowAt}::timestamptz then 1 else auth_throttle.count + 1 end,
          reset_at = case when auth_throttle.reset_at <= ${nowAt}::timestamptz then excluded.reset_at else auth_throttle.reset_at end
        returning count, reset_at`)
      const [row] = rowsOf<{ count: number | string; reset_at: Date | string }>(result)
      if (row && Number(row.count) > limit.max) {
        throw new RateLimited(Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000)))
      }
    }
  }
}
