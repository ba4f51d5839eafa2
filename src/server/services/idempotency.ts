import { and, eq, lt, lte } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { inRequestTransaction } from '../db/requestTransaction'
import { idempotencyKeys } from '../db/schema'
import { ApiError, conflict } from '../errors'

/**
 * Idempotent creates (DESIGN.md §7). A contract entry marked `idempotent` takes an optional
 * Idempotency-Key header (one per dialog submission, components/useFormDialog): the first request
 * with a key runs, and its answer (status and JSON body) is kept a day; a repeat with the same key,
 * user, organization and endpoint gets that answer again instead of a second effect (or the 409 a
 * second effect would earn). The same key with different content is a 422.
 *
 * Exactly one effect, also for repeats that race: the key's row is inserted first, in the same
 * transaction as the request's whole work (db/requestTransaction.ts), and holds its answer when
 * that commits. A racing repeat's insert waits on the row until the first request ends, then
 * replays its answer; if the first failed, its row is gone with its work and the repeat runs. Only
 * answers that completed are kept: a refusal (4xx) or failure (5xx) leaves nothing, so sending it
 * again runs again (the form dialog takes a new key after any answer anyway).
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000
/** Expired rows of every key are removed at most this often per server process (lazily, by a request). */
const SWEEP_INTERVAL_MS = 60_000

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  mismatch: 'This request was already sent with different content.',
  inProgress: 'This request is still being processed. Try again in a moment.'
} as const

interface IdempotentRequest {
  userId: string
  organizationId: string
  key: string
  /** e.g. 'POST /members/invite' */
  endpoint: string
  requestHash: string
}

interface IdempotentAnswer {
  status: number
  /** The JSON text sent, byte for byte the same on a replay. */
  body: string
  replayed: boolean
}

export interface IdempotencyService {
  /** Runs `produce` once per key (in the key's transaction), or answers what its first run answered. */
  run(request: IdempotentRequest, produce: () => Promise<{ status: number; body: string }>): Promise<IdempotentAnswer>
}

export function createIdempotencyService(deps: { db: Database; clock: Clock }): IdempotencyService {
  const { db, clock } = deps
  let lastSweep = -Infinity

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_INTERVAL_MS) return
    lastSweep = now.getTime()
    // Its own statement, outside any request transaction: racing requests do not queue behind it.
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
  }

  return {
    async run(request, produce) {
      const now = clock.now()
      await sweep(now)
      const thisKey = and(
        eq(idempotencyKeys.userId, request.userId),
        eq(idempotencyKeys.organizationId, request.organizationId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.endpoint, request.endpoint)
      )
      // A day old: forgotten, the key starts over. Its own statement, so it holds whatever this request's outcome.
      await db.delete(idempotencyKeys).where(and(thisKey, lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))))
      return inRequestTransaction(db, async (tx) => {
        // On PostgreSQL this waits while another transaction holds the same key, until it ends.
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ ...request, status: null, body: null, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key })
        if (claimed.length === 0) {
          const [first] = await tx.select().from(idempotencyKeys).where(thisKey).limit(1)
          // Committed rows always hold their answer; anything else is a request not finished yet.
          if (!first || first.status === null || first.body === null) throw conflict(IDEMPOTENCY_MESSAGES.inProgress)
          if (first.requestHash !== request.requestHash) throw new ApiError(422, 'idempotency_mismatch', IDEMPOTENCY_MESSAGES.mismatch)
          return { status: first.status, body: first.body, replayed: true }
        }
        const answer = await produce()
        await tx.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(thisKey)
        return { ...answer, replayed: false }
      })
    }
  }
}
