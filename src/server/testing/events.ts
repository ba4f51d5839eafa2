import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { eventConsumerJob, type EventConsumer } from '../events/consumers'
import { publishNoticesConsumer } from '../events/publishNotices'
import { createNotificationService } from '../services/notifications'

/** Runs `consumer` until it has read the event stream to its end: what it does for each event is then committed. */
export async function drainConsumer(db: Database, clock: Clock, consumer: EventConsumer): Promise<void> {
  const job = eventConsumerJob({ db, clock, consumer })
  while (await job.run());
}

/** The publish notices consumer as the server runs it, read to the end (tests of the publisher read the bell afterwards). */
export function drainPublishNotices(db: Database, clock: Clock): Promise<void> {
  return drainConsumer(db, clock, publishNoticesConsumer({ notifications: createNotificationService(db, clock) }))
}
