import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '../../../shared/domain/webhooks'
import { PROBLEM_CONTENT_TYPE } from '../../../shared/api/v1/contract'
import type { User } from '../../../shared/domain'
import { auditLog, idempotencyKeys, subscriptions, webhookEndpoints } from '../../db/schema'
import { apiKeyIssuer } from '../../testing/apiKeys'
import { TestClient } from '../../testing/harness'
import { describeEachDatabase } from '../../testing/suite'
import { v1Client } from '../../testing/v1Client'
import { missingScope } from './v1Route'

/*
 * /api/v1/webhooks through the generated client: services.webhooks (as Settings → Webhooks uses it)
 * with the key as the actor — the secret answered once, the audit log and the endpoint's creator
 * reading "API key <name>", chat channels out of reach, another organization's endpoints a 404.
 */

const NOW = '2026-03-10T10:00:00.000Z'
const HOOK = 'https://hooks.example.com/pagecrew'

describeEachDatabase('public API v1: webhooks', (t) => {
  const keys = () => apiKeyIssuer({ db: t().db, clock: t().clock })

  async function newOrg() {
    t().clock.set(NOW)
    const admin = new TestClient(t().app)
    await admin.signup()
    const org = await admin.createOrganization(`Org ${randomUUID().slice(0, 6)}`)
    await t().db.update(subscriptions).set({ availableSeats: 10 }).where(eq(subscriptions.organizationId, org.id))
    const adminId = (await admin.get<User>('/user')).body.id
    const issued = await keys().issue(org.id, adminId, ['webhooks:write'], 'Hooks')
    return { admin, adminId, organizationId: org.id, issued, api: v1Client(t().app, issued.key) }
  }

  const problem = (res: Response) => expect(res.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE)
  const auditOf = (organizationId: string) =>
    t().db.select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.targetType, 'webhook'))).orderBy(asc(auditLog.id))

  it('adds a webhook once per Idempotency-Key with its secret, lists, reads, changes and deletes it, as the key', async () => {
    const { organizationId, api } = await newOrg()
    const body = { url: HOOK, description: 'CRM', events: ['post.published' as const, 'slot.assigned' as const] }
    const created = await api.POST('/webhooks', { body, headers: { 'Idempotency-Key': 'hook-1' } })
    expect(created.response.status).toBe(201)
    const { webhook, secret } = created.data!
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(webhook).toMatchObject({ kind: 'standard', url: HOOK, description: 'CRM', events: ['post.published', 'slot.assigned'], enabled: true, createdByName: 'API key Hooks' })
    const again = await api.POST('/webhooks', { body, headers: { 'Idempotency-Key': 'hook-1' } })
    expect(again.response.headers.get('idempotent-replayed')).toBe('true')
    // The replay answers the same webhook, its secret withheld: the idempotency table never holds it.
    expect(again.data).toEqual({ webhook, secret: null })
    expect(JSON.stringify(await t().db.select().from(idempotencyKeys))).not.toContain(secret!.slice(6))
    const read = await api.GET('/webhooks/{webhookId}/secret', { params: { path: { webhookId: webhook.id } } })
    expect(read.data).toEqual({ secret })
    expect(await t().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId))).toHaveLength(1)
    // Never in a read.
    const listed = await api.GET('/webhooks', {})
    expect(listed.data).toEqual({ items: [webhook] })
    expect(JSON.stringify(listed.data)).not.toContain('whsec_')
    expect((await api.GET('/webhooks/{webhookId}', { params: { path: { webhookId: webhook.id } } })).data).toEqual(webhook)

    const changed = await api.PATCH('/webhooks/{webhookId}', { params: { path: { webhookId: webhook.id } }, body: { events: ['post.failed'], enabled: false } })
    expect(changed.response.status).toBe(200)
    expect(changed.data).toMatchObject({ events: ['post.failed'], enabled: false, disabledReason: 'manual', url: HOOK })
    const deleted = await api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId: webhook.id } } })
    expect(deleted.data).toEqual({ deleted: 1 })
    const gone = await api.GET('/webhooks/{webhookId}', { params: { path: { webhookId: webhook.id } } })
    expect(gone.error).toMatchObject({ status: 404, detail: WEBHOOK_MESSAGES.notFound })
    problem(gone.response)

    expect((await auditOf(organizationId)).map((e) => [e.action, e.actorName, e.actorUserId])).toEqual([
      ['webhook.created', 'API key Hooks', null],
      ['webhook.updated', 'API key Hooks', null],
      ['webhook.deleted', 'API key Hooks', null]
    ])
  })

  it('refuses private addresses, unknown events and the 21st webhook; chat channels and another organization’s webhooks are a 404', async () => {
    const { admin, organizationId, api } = await newOrg()
    const other = await newOrg()
    for (const url of ['https://10.0.0.1/hook', 'https://127.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'http://hooks.example.com/x']) {
      const refused = await api.POST('/webhooks', { body: { url, events: ['post.published'] } })
      expect(refused.error, url).toMatchObject({ status: 400, errors: [{ pointer: '#/url' }] })
      problem(refused.response)
    }
    const badEvent = await api.POST('/webhooks', { body: { url: HOOK, events: ['post.created' as never] } })
    expect(badEvent.error).toMatchObject({ status: 400, errors: [{ pointer: '#/events/0' }] })
    const noEvents = await api.POST('/webhooks', { body: { url: HOOK, events: [] } })
    expect(noEvents.error).toMatchObject({ status: 400, detail: WEBHOOK_MESSAGES.eventsMissing })

    const channel = await admin.post<{ id: string }>('/organization/chat-channels/create', { kind: 'slack', name: '#approvals', url: 'https://hooks.slack.com/services/T0/B0/x', events: ['approval.requested'] })
    expect(channel.status, JSON.stringify(channel.body)).toBe(200)
    expect((await api.GET('/webhooks', {})).data).toEqual({ items: [] })
    expect((await api.GET('/webhooks/{webhookId}', { params: { path: { webhookId: channel.body.id } } })).response.status).toBe(404)
    expect((await api.PATCH('/webhooks/{webhookId}', { params: { path: { webhookId: channel.body.id } }, body: { enabled: false } })).response.status).toBe(404)
    expect((await api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId: channel.body.id } } })).response.status).toBe(404)

    const ours = (await api.POST('/webhooks', { body: { url: HOOK, events: ['post.published'] } })).data!.webhook
    for (const res of [
      await other.api.GET('/webhooks/{webhookId}', { params: { path: { webhookId: ours.id } } }),
      await other.api.PATCH('/webhooks/{webhookId}', { params: { path: { webhookId: ours.id } }, body: { url: 'https://evil.example.com/' } }),
      await other.api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId: ours.id } } })
    ]) {
      expect(res.error).toMatchObject({ status: 404, detail: WEBHOOK_MESSAGES.notFound })
    }
    expect((await other.api.GET('/webhooks', {})).data).toEqual({ items: [] })
    expect((await api.GET('/webhooks/{webhookId}', { params: { path: { webhookId: ours.id } } })).data).toEqual(ours)

    // The chat channel counts towards the organization's 20 too.
    for (let i = 2; i < WEBHOOK_ENDPOINTS_MAX; i++) expect((await api.POST('/webhooks', { body: { url: `${HOOK}/${i}`, events: ['post.published'] } })).response.status).toBe(201)
    const full = await api.POST('/webhooks', { body: { url: HOOK, events: ['post.published'] } })
    expect(full.error).toMatchObject({ status: 409, detail: WEBHOOK_MESSAGES.limit })
    expect(await t().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId))).toHaveLength(WEBHOOK_ENDPOINTS_MAX)
  })

  it('needs webhooks:write for reads too (403 otherwise) and a key (401)', async () => {
    const { organizationId, adminId } = await newOrg()
    const reader = v1Client(t().app, (await keys().issue(organizationId, adminId, ['plan:read', 'plan:write', 'posts:read', 'posts:write', 'analytics:read', 'members:read'])).key)
    for (const res of [await reader.GET('/webhooks', {}), await reader.POST('/webhooks', { body: { url: HOOK, events: ['post.published'] } })]) {
      expect(res.error).toMatchObject({ status: 403, detail: missingScope('webhooks:write') })
    }
    expect((await v1Client(t().app).GET('/webhooks', {})).response.status).toBe(401)
  })
})
