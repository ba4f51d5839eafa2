import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, eq, gt, gte, lt, or, sql } from 'drizzle-orm'
import type { DomainEvent, EventName } from '../../shared/api/events'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { domainEvents, eventConsumers } from '../db/schema'
import type { JobKind } from '../jobs/runner'
import { committedBelow } from './outbox'

/**
 * A reader of the domain event stream with its own cursor (docs/decisions/0002-domain-events-outbox.md).
 * `handle` runs in the transaction that moves the cursor past the batch: what it writes to the
 * database happens exactly once per event, whichever process runs it and however often one dies
 * mid-batch (its transaction rolls back and the batch is read again). Effects outside the database
 * (a webhook delivery) are at least once and are made idempotent by the event's position.
 */
export interface EventConsumer {
  /** Unique; names the cursor. */
  name: string
  /** The events it handles; the others are passed over (the cursor still moves past them). */
  events: readonly EventName[]
  handle(tx: Executor, events: DomainEvent[]): Promise<void>
}

interface EventConsumerJobOptions {
  db: Database
  clock: Clock
  consumer: EventConsumer
  /** Events read per batch (default 200). */
  batchSize?: number
  /** The wait between runs when the stream is read to its end (default 1 s). */
  intervalMs?: number
  /**
   * How long a run waits for older transactions still running when committed events lie beyond
   * them (default 250 ms): they are read once those end, and an event a request just committed is
   * then told at once instead of a run later.
   */
  heldBackWaitMs?: number
}

/** How often a run looks again whether the transactions holding events back have ended. */
const HELD_BACK_POLL_MS = 10

/**
 * The consumer as a kind of the job runner: one batch a run, on one process at a time (the cursor
 * row is locked, SKIP LOCKED: another process finds it taken and waits for its next run).
 */
export function eventConsumerJob(options: EventConsumerJobOptions): JobKind {
  const { db, clock, consumer } = options
  const batchSize = options.batchSize ?? 200
  const wanted = new Set<string>(consumer.events)
  const heldBackWaitMs = options.heldBackWaitMs ?? 250

  /**
   * committedBelow(), waiting a little while committed events lie beyond it: a transaction that
   * began before theirs is still running anywhere on the database server (usually for
   * milliseconds), and until it ends they may not be read without risking one committed later
   * below them.
   */
  async function watermark(): Promise<number> {
    let below = await committedBelow(db)
    for (let waited = 0; waited < heldBackWaitMs; waited += HELD_BACK_POLL_MS) {
      const [held] = await db.select({ position: domainEvents.position }).from(domainEvents).where(gte(domainEvents.transactionId, below)).limit(1)
      if (!held) break
      await sleep(HELD_BACK_POLL_MS)
      below = await committedBelow(db)
    }
    return below
  }
  return {
    name: `events:${consumer.name}`,
    intervalMs: options.intervalMs ?? 1_000,
    async run() {
      // Read outside the batch's transaction, which takes a transaction id of its own when it locks the cursor.
      const below = await watermark()
      return db.transaction(async (tx) => {
        await tx.insert(eventConsumers).values({ name: consumer.name, updatedAt: clock.now() }).onConflictDoNothing()
        const [cursor] = await tx.select().from(eventConsumers).where(eq(eventConsumers.name, consumer.name)).for('update', { skipLocked: true })
        if (!cursor) return false
        const rows = await tx
          .select()
          .from(domainEvents)
          .where(
            and(
              lt(domainEvents.transactionId, below),
              or(
                gt(domainEvents.transactionId, cursor.transactionId),
                and(eq(domainEvents.transactionId, cursor.transactionId), gt(domainEvents.position, cursor.position))
              )
            )
          )
          .orderBy(asc(domainEvents.transactionId), asc(domainEvents.position))
          .limit(batchSize)
        const last = rows.at(-1)
        if (!last) return false
        const events = rows.filter((row) => wanted.has(row.name)).map(toDomainEvent)
        if (events.length > 0) await consumer.handle(tx, events)
        await tx
          .update(eventConsumers)
          .set({ transactionId: last.transactionId, position: last.position, updatedAt: clock.now() })
          .where(eq(eventConsumers.name, consumer.name))
        return rows.length === batchSize
      })
    }
  }
}

function toDomainEvent(row: typeof domainEvents.$inferSelect): DomainEvent {
  return {
    position: row.position,
    organizationId: row.organizationId,
    name: row.name,
    payload: row.payload,
    actor: row.actor,
    occurredAt: row.occurredAt.toISOString()
  } as DomainEvent
}

/** How far behind a consumer is: events written and not yet read by it (tests, a health page). */
export async function eventsBehind(executor: Executor, consumerName: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(domainEvents)
    .leftJoin(eventConsumers, eq(eventConsumers.name, consumerName))
    .where(
      or(
        sql`${eventConsumers.name} is null`,
        gt(domainEvents.transactionId, eventConsumers.transactionId),
        and(eq(domainEvents.transactionId, eventConsumers.transactionId), gt(domainEvents.position, eventConsumers.position))
      )
    )
  return row?.count ?? 0
}
