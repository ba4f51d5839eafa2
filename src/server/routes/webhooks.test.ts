import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { expect, it, vi } from 'vitest'
import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookDeliveryPage, type WebhookEndpoint } from '../../shared/domain/webhooks'
import { recordEvents } from '../events/outbox'
import { auditLog, idempotencyKeys, subscriptions, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema'
import { WEBHOOKS_SECTION_LINK } from '../services/webhooks'
import { WEBHOOK_RETRY_DELAYS_MS } from '../services/webhooks/schedule'
import type { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { startWebhookReceiver, type ReceivedWebhook } from '../testing/webhookReceiver'
import { drainWebhooks, professionalAdmin as sharedProfessionalAdmin, useWebhookReceiver, webhookProcess } from '../testing/webhooks'
import type { ManualClock } from '../testing/clock'

/**
 * Signed webhooks end to end on one database (issue 28): an admin adds an endpoint through the
 * session endpoints, events written to the stream reach a local receiver (http on loopback, with the
 * development setting) signed per Standard Webhooks — every signature checked with the
 * `standardwebhooks` library — retried on the schedule (the test moves the server's clock, never
 * sleeps), turned off after a day of failures with the admins told, and redelivered on request.
 */

const config = { outboundAllowLoopback: true }

const receiver = useWebhookReceiver()

/** Checks a request's signature with the reference library, as of the server clock's time (or `at`, when it arrived). */
function verify(request: ReceivedWebhook, secret: string, clock: ManualClock, at = clock.now().getTime()): { type: string; timestamp: string; data: Record<string, unknown> } {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(at)
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> }
  } finally {
    spy.mockRestore()
  }
}

describeEachDatabase(
  'Webhooks',
  (t) => {
    const professionalAdmin = () => sharedProfessionalAdmin(t())
    async function addEndpoint(client: TestClient, events: string[] = ['slot.assigned', 'post.published'], path = '/hook') {
      const res = await client.post<{ endpoint: WebhookEndpoint; secret: string }>('/organization/webhooks', { url: `${receiver.url}${path}`, description: 'CRM', events })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body
    }
    const slotAssigned = (organizationId: string) => ({
      organizationId,
      name: 'slot.assigned' as const,
      payload: { slotId: randomUUID(), assigneeId: randomUUID(), startAt: '2025-02-03T09:00:00.000Z', seriesId: null },
      actor: { type: 'system' as const }
    })
    const deliveries = (client: TestClient, id: string) => client.get<WebhookDeliveryPage>(`/organization/webhooks/deliveries?id=${id}`)

    it('delivers an event signed per Standard Webhooks; 500 twice then 200 is one delivered effect and three attempts in the log', async () => {
      const { client, organizationId } = await professionalAdmin()
      const { endpoint, secret } = await addEndpoint(client)
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      // Encrypted at rest: the stored value is not the secret.
      const [stored] = await t().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
      expect(stored!.secretEncrypted).not.toContain(secret.slice(6))
      expect((await client.get<{ secret: string }>(`/organization/webhooks/secret?id=${endpoint.id}`)).body.secret).toBe(secret)
      // A repeated create (one Idempotency-Key) answers the same endpoint with the secret withheld: the idempotency table never holds it.
      const headers = { 'Idempotency-Key': randomUUID() }
      const body = { url: `${receiver.url}/again`, description: '', events: ['post.published'] }
      const once = await client.post<{ endpoint: WebhookEndpoint; secret: string | null }>('/organization/webhooks', body, { headers })
      const replay = await client.post<{ endpoint: WebhookEndpoint; secret: string | null }>('/organization/webhooks', body, { headers })
      expect(once.body.secret).toMatch(/^whsec_/)
      expect(replay.headers['idempotent-replayed']).toBe('true')
      expect(replay.body).toEqual({ endpoint: once.body.endpoint, secret: null })
      expect(JSON.stringify(await t().db.select().from(idempotencyKeys))).not.toContain(once.body.secret!.slice(6))
      await client.delete(`/organization/webhooks?id=${once.body.endpoint.id}`)

      const service = webhookProcess(t())
      const event = slotAssigned(organizationId)
      // An event the endpoint does not hear, and one of another organization, make no delivery.
      await recordEvents(t().db, t().clock.now(), [event, { ...event, name: 'slot.missed', payload: { slotId: randomUUID(), assigneeId: randomUUID(), startAt: '2025-02-03T09:00:00.000Z' } }])
      await drainWebhooks(service, t().db)
      expect((await deliveries(client, endpoint.id)).body.deliveries).toMatchObject([{ eventName: 'slot.assigned', status: 'pending', attempts: 0 }])

      const effects = new Set<string>()
      const answers = [500, 500, 200]
      const arrivals: number[] = []
      receiver.answer = (request) => {
        arrivals.push(t().clock.now().getTime())
        const status = answers.shift() ?? 200
        if (status === 200) effects.add(String(request.headers['webhook-id']))
        return { status }
      }
      expect(await service.senderJob.run()).toBe(false)
      expect(receiver.received).toHaveLength(1)
      // Not due yet: a run before the first wait sends nothing more.
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(1)
      t().clock.advance(WEBHOOK_RETRY_DELAYS_MS[0])
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(2)
      t().clock.advance(WEBHOOK_RETRY_DELAYS_MS[1])
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(3)
      t().clock.advance(24 * 3_600_000)
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(3)
      expect(effects.size).toBe(1)

      const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']))
      expect(ids.size).toBe(1)
      for (const [i, request] of receiver.received.entries()) {
        expect(request.path).toBe('/hook')
        expect(request.headers['content-type']).toBe('application/json')
        expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(arrivals[i]! / 1000))
        const body = verify(request, secret, t().clock, arrivals[i])
        expect(body).toEqual({
          type: 'slot.assigned',
          timestamp: expect.any(String),
          data: { ...event.payload, organizationId, actor: { type: 'system' } }
        })
      }
      // A changed body or another secret does not verify.
      const first = receiver.received[0]!
      expect(() => verify({ ...first, body: first.body.replace('slot.assigned', 'slot.moved') }, secret, t().clock, arrivals[0])).toThrow()
      expect(() => verify(first, `whsec_${Buffer.alloc(32, 1).toString('base64')}`, t().clock, arrivals[0])).toThrow()

      const log = (await deliveries(client, endpoint.id)).body.deliveries
      expect(log).toMatchObject([{ status: 'delivered', attempts: 3, lastResponseCode: 200, webhookId: [...ids][0] }])
      const attempts = await t().db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, log[0]!.id)).orderBy(asc(webhookAttempts.id))
      expect(attempts.map((a) => a.responseCode)).toEqual([500, 500, 200])
    })

    it('waits the configured retry delays (PAGECREW_WEBHOOK_RETRY_DELAYS_MS) and gives up after one try more than the waits', async () => {
      const { client, organizationId } = await professionalAdmin()
      const { endpoint } = await addEndpoint(client)
      const service = webhookProcess(t(), t().db, { config: { outboundAllowLoopback: true, tokenKey: null, dataDir: t().dataDir, webhookRetryDelaysMs: [200, 400] } })
      receiver.answer = () => ({ status: 500 })
      await recordEvents(t().db, t().clock.now(), [slotAssigned(organizationId)])
      await drainWebhooks(service, t().db)
      await service.senderJob.run()
      expect((await deliveries(client, endpoint.id)).body.deliveries).toMatchObject([{ status: 'pending', attempts: 1 }])
      t().clock.advance(199)
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(1)
      t().clock.advance(1)
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(2)
      t().clock.advance(400)
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(3)
      expect((await deliveries(client, endpoint.id)).body.deliveries).toMatchObject([{ status: 'failed', attempts: 3, lastResponseCode: 500 }])
      t().clock.advance(3_600_000)
      await service.senderJob.run()
      expect(receiver.received).toHaveLength(3)
    })

    it('turns an endpoint off after a day of failed tries, fails what waits for it and tells the admins', async () => {
      const { client, organizationId } = await professionalAdmin()
      const { endpoint } = await addEndpoint(client)
      const service = webhookProcess(t())
      receiver.answer = () => ({ status: 503 })
      await recordEvents(t().db, t().clock.now(), [slotAssigned(organizationId)])
      await drainWebhooks(service, t().db)
      await service.senderJob.run()
      for (const wait of WEBHOOK_RETRY_DELAYS_MS) {
        t().clock.advance(wait)
        await service.senderJob.run()
      }
      expect(receiver.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1)
      const [off] = await t().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
      expect(off).toMatchObject({ enabled: false, disabledReason: 'failing' })
      const list = (await client.get<WebhookEndpoint[]>('/organization/webhooks')).body
      expect(list).toMatchObject([{ id: endpoint.id, enabled: false, disabledReason: 'failing' }])
      expect((await deliveries(client, endpoint.id)).body.deliveries).toMatchObject([{ status: 'failed', attempts: 8, lastResponseCode: 503 }])
      const audit = await t().db.select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'webhook.disabled')))
      expect(audit).toMatchObject([{ actorName: 'System', targetId: endpoint.id }])
      const bell = (await client.notifications()).body
      expect(bell).toEqual(expect.arrayContaining([expect.objectContaining({ title: WEBHOOK_MESSAGES.disabledTitle, link: WEBHOOKS_SECTION_LINK })]))

      // Off: a new event makes no delivery for it.
      t().clock.advance(1_000)
      await recordEvents(t().db, t().clock.now(), [slotAssigned(organizationId)])
      await drainWebhooks(service, t().db)
      expect((await deliveries(client, endpoint.id)).body.deliveries).toHaveLength(1)

      // Redeliver tries once now, even while it is off; the endpoint answers again.
      receiver.answer = () => ({ status: 204 })
      const failed = (await deliveries(client, endpoint.id)).body.deliveries[0]!
      const again = await client.post<WebhookDelivery>('/organization/webhooks/redeliver', { id: endpoint.id, deliveryId: failed.id })
      expect(again.status).toBe(200)
      expect(again.body.status).toBe('pending')
      await service.senderJob.run()
      expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(failed.webhookId)
      expect((await deliveries(client, endpoint.id)).body.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 9, lastResponseCode: 204 })

      // On again by an admin: it hears events again.
      const on = await client.put<WebhookEndpoint>('/organization/webhooks', { id: endpoint.id, enabled: true })
      expect(on.body).toMatchObject({ enabled: true, disabledReason: null })
      t().clock.advance(1_000)
      await recordEvents(t().db, t().clock.now(), [slotAssigned(organizationId)])
      await drainWebhooks(service, t().db)
      await service.senderJob.run()
      expect((await deliveries(client, endpoint.id)).body.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1 })
    })

    it('redelivers a delivered event with the same webhook-id; a test event is tried once; a redirect is not followed', async () => {
      const { client, organizationId } = await professionalAdmin()
      const { endpoint, secret } = await addEndpoint(client)
      const service = webhookProcess(t())
      await recordEvents(t().db, t().clock.now(), [slotAssigned(organizationId)])
      await drainWebhooks(service, t().db)
      await service.senderJob.run()
      const [delivered] = (await deliveries(client, endpoint.id)).body.deliveries
      expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 })
      await client.post('/organization/webhooks/redeliver', { id: endpoint.id, deliveryId: delivered!.id })
      await service.senderJob.run()
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([delivered!.webhookId, delivered!.webhookId])
      expect((await deliveries(client, endpoint.id)).body.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2 })

      t().clock.advance(1_000)
      const test = await client.post<WebhookDelivery>('/organization/webhooks/test', { id: endpoint.id })
      expect(test.body).toMatchObject({ eventName: 'webhook.test', status: 'pending' })
      receiver.answer = () => ({ status: 500 })
      await service.senderJob.run()
      expect(verify(receiver.received.at(-1)!, secret, t().clock)).toMatchObject({ type: 'webhook.test', data: { organizationId, test: true } })
      // One try: failed at once, never retried.
      expect((await deliveries(client, endpoint.id)).body.deliveries[0]).toMatchObject({ id: test.body.id, status: 'failed', attempts: 1, lastResponseCode: 500 })

      // A redirect, even to an address the development setting allows, is answered as a failure and not followed.
      const target = await startWebhookReceiver()
      try {
        receiver.answer = () => ({ status: 307, location: `${target.url}/elsewhere` })
        t().clock.advance(1_000)
        await recordEvents(t().db, t().clock.now(), [slotAssigned(organizationId)])
        await drainWebhooks(service, t().db)
        await service.senderJob.run()
        expect(target.received).toHaveLength(0)
        expect((await deliveries(client, endpoint.id)).body.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: 307 })
      } finally {
        await target.close()
      }
    })

    it('manages endpoints: field messages, update, rotate, delete with its log; audit entries; members and other organizations are refused', async () => {
      const { client, organizationId } = await professionalAdmin()
      const bad = await client.post<{ error: { fields: Record<string, string> } }>('/organization/webhooks', { url: 'ftp://example.com', events: ['post.published'] })
      expect(bad.status).toBe(400)
      expect(bad.body.error.fields.url).toBe(WEBHOOK_MESSAGES.urlInvalid)
      const noEvents = await client.post<{ error: { fields: Record<string, string> } }>('/organization/webhooks', { url: 'https://example.com/h', events: [] })
      expect(noEvents.body.error.fields.events).toBe(WEBHOOK_MESSAGES.eventsMissing)
      const unknown = await client.post('/organization/webhooks', { url: 'https://example.com/h', events: ['post.scheduled'] })
      expect(unknown.status).toBe(400)

      const { endpoint, secret } = await addEndpoint(client)
      const changed = await client.put<WebhookEndpoint>('/organization/webhooks', { id: endpoint.id, events: ['member.joined'], description: 'Intranet' })
      expect(changed.body).toMatchObject({ events: ['member.joined'], description: 'Intranet' })
      const rotated = await client.post<{ secret: string }>('/organization/webhooks/rotate-secret', { id: endpoint.id })
      expect(rotated.body.secret).not.toBe(secret)
      expect((await client.get<{ secret: string }>(`/organization/webhooks/secret?id=${endpoint.id}`)).body.secret).toBe(rotated.body.secret)

      // Another organization's admin sees none of it.
      const other = await professionalAdmin()
      expect((await other.client.get<WebhookEndpoint[]>('/organization/webhooks')).body).toEqual([])
      expect((await other.client.get(`/organization/webhooks/secret?id=${endpoint.id}`)).status).toBe(404)
      expect((await other.client.delete(`/organization/webhooks?id=${endpoint.id}`)).status).toBe(404)
      expect((await other.client.get(`/organization/webhooks/deliveries?id=${endpoint.id}`)).status).toBe(404)

      // Outside the plan: 402.
      await t().db.update(subscriptions).set({ productId: 'entry', priceId: 'entry-yearly' }).where(eq(subscriptions.organizationId, organizationId))
      expect((await client.get('/organization/webhooks')).status).toBe(402)
      await t().db.update(subscriptions).set({ productId: 'professional', priceId: 'professional-yearly' }).where(eq(subscriptions.organizationId, organizationId))

      const service = webhookProcess(t())
      await recordEvents(t().db, t().clock.now(), [{ organizationId, name: 'member.joined', payload: { userId: randomUUID(), role: 'MEMBER' }, actor: { type: 'system' } }])
      await drainWebhooks(service, t().db)
      expect((await client.delete(`/organization/webhooks?id=${endpoint.id}`)).status).toBe(200)
      expect(await t().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([])
      const actions = (await t().db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.organizationId, organizationId)).orderBy(asc(auditLog.id))).map(
        (a) => a.action
      )
      expect(actions.filter((a) => a.startsWith('webhook.'))).toEqual(['webhook.created', 'webhook.updated', 'webhook.secret_rotated', 'webhook.deleted'])
      // Nothing audited holds the secret.
      const entries = await t().db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId))
      expect(JSON.stringify(entries)).not.toContain(secret.slice(6, 20))
    })
  },
  { config }
)
