import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { API_KEY_MESSAGES, type ApiKey } from '../../shared/domain/apiKeys'
import type { Member } from '../../shared/domain'
import { apiKeys, auditLog, idempotencyKeys, subscriptions } from '../db/schema'
import { createApiKeyService } from '../services/apiKeys'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/**
 * Settings → Organization → API through the routes (issue 28): admins only (403 for a member), the
 * API plan feature (402 on Entry), 404 for another organization's key, the secret answered once —
 * never in the list, not kept for a repeat of the Idempotency-Key — and one key for a double create.
 */
type Created = { apiKey: ApiKey; secret: string | null }

describeEachDatabase('API key routes', (t) => {
  async function admin(name = 'Keys Route Co') {
    const client = new TestClient(t().app)
    await client.signup({ fullName: 'Ada Admin' })
    const org = await client.createOrganization(name)
    return { client, org }
  }

  async function memberOf(adminClient: TestClient) {
    const invited = await adminClient.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `m-${randomUUID().slice(0, 8)}@example.com`, role: 'MEMBER' })
    expect(invited.status, JSON.stringify(invited.body)).toBe(200)
    const client = new TestClient(t().app)
    const joined = await client.post<Session>('/join/accept', {
      token: new URL(invited.body.joinUrl).searchParams.get('token'),
      fullName: 'Max Member',
      password: 'correct horse battery staple'
    })
    expect(joined.status).toBe(200)
    return client
  }

  it('creates a key whose secret is answered once and never listed; revokes it; audits both', async () => {
    const { client, org } = await admin()
    const created = await client.post<Created>('/organization/api-keys/create', { name: 'BI dashboard', scopes: ['analytics:read', 'plan:read'] })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { apiKey, secret } = created.body
    expect(secret).toMatch(new RegExp(`^${apiKey.prefix}_[A-Za-z0-9_-]{43}$`))
    // Scopes come back in the one order of API_SCOPES.
    expect(apiKey).toMatchObject({ name: 'BI dashboard', scopes: ['plan:read', 'analytics:read'], expiresAt: null, revokedAt: null, createdBy: 'Ada Admin' })

    const list = await client.get<ApiKey[]>('/organization/api-keys')
    expect(list.status).toBe(200)
    expect(list.body).toEqual([apiKey])
    expect(JSON.stringify(list.body)).not.toContain(secret!.slice(13))
    expect(await createApiKeyService({ db: t().db, clock: t().clock }).authenticate(secret!, '127.0.0.1')).toMatchObject({ keyId: apiKey.id })

    const revoked = await client.post<ApiKey>('/organization/api-keys/revoke', { id: apiKey.id })
    expect(revoked.status).toBe(200)
    expect(revoked.body.revokedAt).not.toBeNull()
    expect(await createApiKeyService({ db: t().db, clock: t().clock }).authenticate(secret!, '127.0.0.1')).toBeNull()
    const again = await client.post('/organization/api-keys/revoke', { id: apiKey.id })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: { message: API_KEY_MESSAGES.alreadyRevoked } })

    const audited = await t().db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.targetId, apiKey.id)))
    expect(audited.map((e) => e.action).sort()).toEqual(['api_key.created', 'api_key.revoked', 'api_key.use_refused'])
  })

  it('creates one key for a double create with one Idempotency-Key; the repeat gets it without the secret, and the database never holds it', async () => {
    const { client, org } = await admin()
    const headers = { 'Idempotency-Key': randomUUID() }
    const body = { name: 'CRM', scopes: ['posts:read'], expiresAt: new Date(t().clock.now().getTime() + 30 * 86_400_000).toISOString() }
    const [first, second] = await Promise.all([
      client.post<Created>('/organization/api-keys/create', body, { headers }),
      client.post<Created>('/organization/api-keys/create', body, { headers })
    ])
    const answers = [first, second].filter((r) => r.status === 200)
    // A racing repeat on PGlite's one connection waits its turn; on PostgreSQL it may be told to try again (409 in progress).
    expect(answers.length).toBeGreaterThanOrEqual(1)
    const third = await client.post<Created>('/organization/api-keys/create', body, { headers })
    expect(third.status).toBe(200)
    expect(third.headers['idempotent-replayed']).toBe('true')
    const rows = await t().db.select().from(apiKeys).where(eq(apiKeys.organizationId, org.id))
    expect(rows).toHaveLength(1)
    const withSecret = [first, second, third].filter((r) => r.status === 200 && r.body.secret !== null)
    expect(withSecret).toHaveLength(1)
    expect(third.body).toEqual({ apiKey: withSecret[0]!.body.apiKey, secret: null })
    const kept = await t().db.select().from(idempotencyKeys).where(eq(idempotencyKeys.organizationId, org.id))
    expect(kept.map((k) => k.body).join('')).not.toContain(withSecret[0]!.body.secret!.slice(13))
  })

  it('refuses a member (403) on every endpoint', async () => {
    const { client } = await admin()
    const { body: created } = await client.post<Created>('/organization/api-keys/create', { name: 'Mine', scopes: ['plan:read'] })
    const member = await memberOf(client)
    for (const res of [
      await member.get('/organization/api-keys'),
      await member.post('/organization/api-keys/create', { name: 'Sneaky', scopes: ['plan:write'] }),
      await member.post('/organization/api-keys/revoke', { id: created.apiKey.id })
    ]) {
      expect(res.status).toBe(403)
    }
    expect((await client.get<ApiKey[]>('/organization/api-keys')).body.map((k) => [k.name, k.revokedAt])).toEqual([['Mine', null]])
  })

  it('answers 402 with the plan message on a plan without the API feature', async () => {
    const { client, org } = await admin()
    await t().db.update(subscriptions).set({ status: 'active', productId: 'entry', trialEndsAt: null }).where(eq(subscriptions.organizationId, org.id))
    for (const res of [await client.get('/organization/api-keys'), await client.post('/organization/api-keys/create', { name: 'No', scopes: ['plan:read'] })]) {
      expect(res.status).toBe(402)
      expect(res.body).toMatchObject({ error: { code: 'plan_limit', message: MESSAGES.apiNotInPlan } })
    }
    expect(await t().db.select().from(apiKeys).where(eq(apiKeys.organizationId, org.id))).toEqual([])
  })

  it('answers 404 for another organization’s key and a malformed id, and lists only its own keys', async () => {
    const one = await admin('One')
    const two = await admin('Two')
    const { body: theirs } = await one.client.post<Created>('/organization/api-keys/create', { name: 'Theirs', scopes: ['plan:read'] })
    for (const id of [theirs.apiKey.id, randomUUID(), 'not-an-id']) {
      const res = await two.client.post('/organization/api-keys/revoke', { id })
      expect(res.status, id).toBe(404)
      expect(res.body).toMatchObject({ error: { message: API_KEY_MESSAGES.notFound } })
    }
    expect((await two.client.get<ApiKey[]>('/organization/api-keys')).body).toEqual([])
    expect((await one.client.get<ApiKey[]>('/organization/api-keys')).body[0]!.revokedAt).toBeNull()
  })

  it('says what is wrong with bad input', async () => {
    const { client } = await admin()
    const cases: [unknown, string][] = [
      [{ name: '  ', scopes: ['plan:read'] }, 'name'],
      [{ name: 'No scopes', scopes: [] }, 'scopes'],
      [{ name: 'Bad scope', scopes: ['admin:all'] }, 'scopes'],
      [{ name: 'Past', scopes: ['plan:read'], expiresAt: new Date(t().clock.now().getTime() - 60_000).toISOString() }, 'expiresAt'],
      [{ name: 'Not a date', scopes: ['plan:read'], expiresAt: 'tomorrow' }, 'expiresAt']
    ]
    for (const [body, field] of cases) {
      const res = await client.post<{ error: { fields?: Record<string, string> } }>('/organization/api-keys/create', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.body.error.fields ?? {}).join(), JSON.stringify(body)).toContain(field)
    }
  })
})
