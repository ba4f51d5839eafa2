import type { Database } from '../db/client'
import { eventsBehind } from '../events/consumers'
import { createNotificationService } from '../services/notifications'
import { createWebhookService, WEBHOOKS_CONSUMER, type WebhookService } from '../services/webhooks'
import type { TestApp } from './harness'

/* The webhooks' consumer and sender as a test drives them (routes/webhooks*.test.ts, the bench). */

/** The service as another server process runs it: the same database, clock and token key. */
export function webhookProcess(t: TestApp, db: Database = t.db, extra: Partial<Parameters<typeof createWebhookService>[0]> = {}): WebhookService {
  // The server's own key: the one it keeps in the data folder, unless the test configured one (pass it in extra.config).
  const config = { outboundAllowLoopback: true, tokenKey: null }
  return createWebhookService({
    db,
    clock: t.clock,
    notifications: createNotificationService(db, t.clock),
    log: () => undefined,
    ...extra,
    config: { ...config, dataDir: t.dataDir, ...extra.config }
  })
}

/** Runs the consumer until the stream is read to its end. */
export async function drainWebhooks(service: WebhookService, db: Database): Promise<void> {
  const until = Date.now() + 10_000
  for (;;) {
    while (await service.consumerJob.run());
    if ((await eventsBehind(db, WEBHOOKS_CONSUMER)) === 0) return
    if (Date.now() > until) throw new Error('webhooks consumer: events still unread')
  }
}

