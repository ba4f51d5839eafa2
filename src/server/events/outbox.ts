import { sql } from 'drizzle-orm'
import { parseEventPayload, type DomainEventInput } from '../../shared/api/events'
import type { Executor } from '../db/client'
import { rowsOf } from '../db/migrate'
import { domainEvents } from '../db/schema'

/**
 * Writes domain events in the caller's transaction (the outbox, docs/decisions/0002-domain-events-outbox.md):
 * they exist exactly when the change they tell of committed. Payloads are checked against the
 * shared catalogue, so nothing off-catalogue is ever stored. `at`: when they occurred, the server
 * clock's time of the change.
 */
export async function recordEvents(executor: Executor, at: Date, events: readonly DomainEventInput[]): Promise<void> {
  if (events.length === 0) return
  await executor.insert(domainEvents).values(
    events.map((event) => ({
      organizationId: event.organizationId,
      name: event.name,
      payload: parseEventPayload(event.name, event.payload) as Record<string, unknown>,
      actor: event.actor as Record<string, unknown>,
      occurredAt: at
    }))
  )
}

export function recordEvent(executor: Executor, at: Date, event: DomainEventInput): Promise<void> {
  return recordEvents(executor, at, [event])
}

/**
 * The oldest transaction still running, everywhere in the database server: every event of an older
 * transaction has committed (or never will), so a consumer may read up to, not including, it.
 */
export async function committedBelow(executor: Executor): Promise<number> {
  const [row] = rowsOf<{ below: string }>(await executor.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as below`))
  return Number(row!.below)
}
