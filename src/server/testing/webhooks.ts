import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Database } from '../db/client'
import { subscriptions } from '../db/schema'
import { eventsBehind } from '../events/consumers'
import { createNotificationService } from '../services/notifications'
import { createWebhookService, WEBHOOKS_CONSUMER, type WebhookService } from '../services/webhooks'
import { TestClient, type TestApp } from './harness'
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver'

/*
 * What the webhooks' tests share (routes/webhooks*.test.ts, the bench): the consumer and sender as a
 * test drives them, a local receiver, and an admin on a plan with the API feature.
 */

/**
 * One local receiver for a test file: started before its tests, closed after them, and emptied and
 * answering 200 again before each test. Call at the top of the file; the answer stands for the
 * receiver (its url, received and answer) once the tests run.
 */
export function useWebhookReceiver(): Omit<WebhookReceiver, 'close'> {
  let started: WebhookReceiver | null = null
  const receiver = (): WebhookReceiver => {
    if (!started) throw new Error('The webhook receiver is not started yet: use it inside a test.')
    return started
  }
  beforeAll(async () => {
    started = await startWebhookReceiver()
  })
  afterAll(async () => {
    await started?.close()
  })
  beforeEach(() => {
    receiver().received.length = 0
    receiver().answer = () => ({ status: 200 })
  })
  return {
    get url() {
      return receiver().url
    },
    get received() {
      return receiver().received
    },
    get answer() {
      return receiver().answer
    },
    set answer(answer) {
      receiver().answer = answer
    }
  }
}

/** A signed-up admin of a new organization on the Professional plan (webhooks are part of the API feature). */
export async function professionalAdmin(t: TestApp): Promise<{ client: TestClient; organizationId: string }> {
  const client = new TestClient(t.app)
  await client.signup()
  const org = await client.createOrganization(`Org ${randomUUID().slice(0, 6)}`)
  await t.db
    .update(subscriptions)
    .set({ productId: 'professional', priceId: 'professional-yearly', status: 'active', availableSeats: 20, trialEndsAt: null })
    .where(eq(subscriptions.organizationId, org.id))
  return { client, organizationId: org.id }
}

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

