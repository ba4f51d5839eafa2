import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { expect, it } from 'vitest'
import { WEBHOOK_MESSAGES } from '../../shared/domain/webhooks'
import type { HostResolver } from '../adapters/outboundFetch'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { webhookAttempts, webhookDeliveries } from '../db/schema'
import { recordEvents } from '../events/outbox'
import { describeEachDatabase } from '../testing/suite'
import { drainWebhooks, professionalAdmin as sharedProfessionalAdmin, useWebhookReceiver, webhookProcess } from '../testing/webhooks'

/**
 * Webhooks and the outbound-fetch policy without the development setting (issue 28, SSRF): an
 * endpoint typed as a private, loopback, link-local or metadata literal is refused when saved; a
 * name that resolves to one (the test's DNS) is refused at every delivery before connecting, so a
 * receiver on loopback hears nothing. And several processes on one database deliver each event once
 * per endpoint.
 */

const TOKEN_KEY = 'cd'.repeat(32)
const REFUSED = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '192.168.1.1', 'fd00::1', '::ffff:127.0.0.1']

const receiver = useWebhookReceiver()

const records = new Map<string, { address: string; family: number }[]>()
const resolveHost: HostResolver = async (name) => {
  const found = records.get(name)
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
  return found
}

describeEachDatabase(
  'Webhooks under the outbound-fetch policy',
  (t) => {
    const professionalAdmin = () => sharedProfessionalAdmin(t())
    const event = (organizationId: string) => ({
      organizationId,
      name: 'post.published' as const,
      payload: { postId: randomUUID(), authorId: randomUUID(), linkedInPostUrn: 'urn:li:share:1', slotId: null },
      actor: { type: 'system' as const }
    })

    it('refuses private, loopback, link-local and metadata literals when an endpoint is saved, with a field message', async () => {
      const { client } = await professionalAdmin()
      const port = new URL(receiver.url).port
      const literals = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', '2130706433', '0x7f.1', '[::ffff:a9fe:a9fe]', '192.168.0.5', 'localhost', 'metadata.google.internal']
      for (const host of literals) {
        const res = await client.post<{ error: { fields: Record<string, string> } }>('/organization/webhooks', { url: `https://${host}:${port}/hook`, events: ['post.published'] })
        expect(res.status, host).toBe(400)
        expect(res.body.error.fields.url, host).toBe(WEBHOOK_MESSAGES.urlPrivate)
      }
      const plain = await client.post<{ error: { fields: Record<string, string> } }>('/organization/webhooks', { url: `${receiver.url}/hook`, events: ['post.published'] })
      expect(plain.body.error.fields.url).toBe(WEBHOOK_MESSAGES.urlNotHttps)
      // A change is checked the same way.
      const saved = await client.post<{ endpoint: { id: string } }>('/organization/webhooks', { url: 'https://hooks.example.com/in', events: ['post.published'] })
      expect(saved.status).toBe(200)
      const changed = await client.put<{ error: { fields: Record<string, string> } }>('/organization/webhooks', { id: saved.body.endpoint.id, url: 'https://169.254.169.254/' })
      expect(changed.body.error.fields.url).toBe(WEBHOOK_MESSAGES.urlPrivate)
      expect(receiver.received).toHaveLength(0)
    })

    it('refuses, at every delivery and before connecting, a name that resolves to such an address; nothing reaches the receiver', async () => {
      const { client, organizationId } = await professionalAdmin()
      const port = new URL(receiver.url).port
      const ids: string[] = []
      for (const [i, address] of REFUSED.entries()) {
        const host = `hook-${i}.evil.test`
        records.set(host, [{ address, family: address.includes(':') ? 6 : 4 }])
        const res = await client.post<{ endpoint: { id: string } }>('/organization/webhooks', { url: `https://${host}:${port}/hook`, events: ['post.published'] })
        expect(res.status, address).toBe(200)
        ids.push(res.body.endpoint.id)
      }
      // One public address beside a private one does not make it safe: every address is checked.
      records.set('mixed.evil.test', [{ address: '93.184.215.14', family: 4 }, { address: '127.0.0.1', family: 4 }])
      ids.push((await client.post<{ endpoint: { id: string } }>('/organization/webhooks', { url: `https://mixed.evil.test:${port}/hook`, events: ['post.published'] })).body.endpoint.id)

      const service = webhookProcess(t(), t().db, { resolveHost, config: { outboundAllowLoopback: false, tokenKey: TOKEN_KEY, dataDir: t().dataDir } })
      await recordEvents(t().db, t().clock.now(), [event(organizationId)])
      await drainWebhooks(service, t().db)
      await service.senderJob.run()
      const attempts = await t()
        .db.select({ endpointId: webhookDeliveries.endpointId, code: webhookAttempts.responseCode, error: webhookAttempts.error })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(eq(webhookDeliveries.organizationId, organizationId))
      expect(attempts.map((a) => a.endpointId).sort()).toEqual([...ids].sort())
      for (const attempt of attempts) {
        expect(attempt.code).toBeNull()
        expect(attempt.error).toMatch(/^Refused: .* resolves to .*, which is not a public address$/)
      }
      expect(receiver.received).toHaveLength(0)
    })

    it('two processes on one database deliver each event once per endpoint', async () => {
      const { organizationId } = await professionalAdmin()
      let second: DatabaseHandle | null = null
      if (t().kind === 'postgres') {
        const pool = (t().db as unknown as { $client: pg.Pool }).$client
        second = await openDatabase({ databaseUrl: pool.options.connectionString })
      }
      const loopback = { outboundAllowLoopback: true, tokenKey: TOKEN_KEY, dataDir: t().dataDir }
      const one = webhookProcess(t(), t().db, { config: loopback, concurrency: 4 })
      const two = webhookProcess(t(), second?.db ?? t().db, { config: loopback, concurrency: 4 })
      try {
        const endpoints = []
        for (let i = 0; i < 3; i++) endpoints.push((await one.create(organizationId, 'system', { url: `${receiver.url}/e${i}`, description: '', events: ['post.published'] })).endpoint)
        const events = Array.from({ length: 40 }, () => event(organizationId))
        // Written by both, in several transactions, while both read.
        const writes = Promise.all([
          recordEvents(t().db, t().clock.now(), events.slice(0, 20)),
          recordEvents(second?.db ?? t().db, t().clock.now(), events.slice(20))
        ])
        const run = async (service: typeof one) => {
          for (let round = 0; round < 20; round++) {
            await service.consumerJob.run()
            while (await service.senderJob.run());
          }
        }
        await Promise.all([writes, run(one), run(two)])
        await drainWebhooks(one, t().db)
        await Promise.all([(async () => { while (await one.senderJob.run()); })(), (async () => { while (await two.senderJob.run()); })()])
        expect(receiver.received).toHaveLength(events.length * endpoints.length)
        const perEndpointAndId = new Set(receiver.received.map((r) => `${r.path} ${String(r.headers['webhook-id'])}`))
        expect(perEndpointAndId.size).toBe(events.length * endpoints.length)
        const [counts] = await t()
          .db.select({ delivered: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'delivered')::int`, all: sql<number>`count(*)::int` })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.organizationId, organizationId))
        expect(counts).toEqual({ delivered: 120, all: 120 })
      } finally {
        await second?.close()
      }
    })
  },
  { config: { outboundAllowLoopback: false, tokenKey: TOKEN_KEY } }
)
