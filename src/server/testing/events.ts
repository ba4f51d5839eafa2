import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { eventConsumerJob, eventsBehind, type EventConsumer } from '../events/consumers'
import { publishNoticesConsumer } from '../events/publishNotices'
import { createNotificationService } from '../services/notifications'

/**
 * Runs `consumer` until it has read every event written so far: what it does for each event is then
 * committed. A run can end with events unread — held back behind an older transaction still running
 * anywhere on the database server (parallel test files share a PostgreSQL), or the cursor taken by
 * another process — so the stream itself says when it is read, within `timeoutMs`.
 */
export async function drainConsumer(db: Database, clock: Clock, consumer: EventConsumer, timeoutMs = 10_000): Promise<void> {
  const job = eventConsumerJob({ db, clock, consumer })
  const until = Date.now() + timeoutMs
  for (;;) {
    while (await job.run());
    const behind = await eventsBehind(db, consumer.name)
    if (behind === 0) return
    if (Date.now() > until) throw new Error(`${consumer.name}: ${behind} events still unread after ${timeoutMs} ms`)
  }
}

/** The publish notices consumer as the server runs it, read to the end (tests of the publisher read the bell afterwards). */
export function drainPublishNotices(db: Database, clock: Clock): Promise<void> {
  return drainConsumer(db, clock, publishNoticesConsumer({ notifications: createNotificationService(db, clock) }))
}
