import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_KEY_MESSAGES } from '../../../shared/domain/apiKeys'
import { apiKeys, auditLog, organizations, users } from '../../db/schema'
import { ApiError } from '../../errors'
import { TestClient } from '../../testing/harness'
import { openSecondProcess, type SecondProcess } from '../../testing/secondProcess'
import { describeEachDatabase } from '../../testing/suite'
import type { OrganizationSession } from '../sessions'
import { API_KEY_WRITE_INTERVAL_MS, createApiKeyService, type ApiKeyService } from '.'
import { hashKey } from './secrets'

/**
 * The API key service on a real database: the secret shown once and stored hashed, refusals of
 * unknown, revoked and expired keys, the audit entries (a refused use at most once a minute per key),
 * last used written at most once a minute, and a revoke through one service instance refused by
 * another on its own connection pool (as another server process) on the very next call.
 */
describeEachDatabase('API key service', (t) => {
  let second: SecondProcess
  let here: ApiKeyService
  let there: ApiKeyService

  beforeAll(async () => {
    second = await openSecondProcess(t())
    here = createApiKeyService({ db: t().db, clock: t().clock })
    there = createApiKeyService({ db: second.db, clock: t().clock })
  })
  afterAll(async () => {
    await second?.close()
  })

  /** An admin's session in a new organization (made through the API, as a person would). */
  async function adminSession(name = 'Keys Co'): Promise<OrganizationSession> {
    const client = new TestClient(t().app)
    const account = await client.signup({ fullName: 'Ada Admin' })
    const org = await client.createOrganization(name)
    const [user] = await t().db.select().from(users).where(eq(users.email, account.email))
    return {
      tokenHash: 'test',
      userId: user!.id,
      email: account.email,
      expiresAt: new Date(t().clock.now().getTime() + 86_400_000),
      organization: { id: org.id, organizationWorkOSId: org.organizationWorkOSId, role: 'ADMIN' }
    }
  }

  const entries = (organizationId: string, action: string) =>
    t()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)))

  it('creates a key whose secret is stored only as its hash, audits it, and authenticates it with its scopes', async () => {
    const session = await adminSession()
    const { apiKey, key } = await here.create(session, { name: 'CRM sync', scopes: ['plan:read', 'plan:write'], expiresAt: null })
    expect(key).toMatch(/^pck_[0-9A-Z]{8}_[A-Za-z0-9_-]{43}$/)
    expect(key.startsWith(`${apiKey.prefix}_`)).toBe(true)
    expect(apiKey).toMatchObject({ name: 'CRM sync', scopes: ['plan:read', 'plan:write'], createdBy: 'Ada Admin', revokedAt: null, lastUsedAt: null })
    const [row] = await t().db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id))
    expect(row!.secretHash).toBe(hashKey(key))
    expect(JSON.stringify(row)).not.toContain(key.slice(13))
    expect(JSON.stringify(await here.list(session))).not.toContain(key.slice(13))

    const principal = await there.authenticate(key, '203.0.113.7')
    expect(principal).toEqual({ keyId: apiKey.id, organizationId: session.organization.id, name: 'CRM sync', scopes: ['plan:read', 'plan:write'] })
    const [created] = await entries(session.organization.id, 'api_key.created')
    expect(created).toMatchObject({ actorUserId: session.userId, targetType: 'api_key', targetId: apiKey.id, targetLabel: `CRM sync (${apiKey.prefix})` })
  })

  it('refuses malformed keys, unknown prefixes and a wrong secret of a known prefix, writing nothing', async () => {
    const session = await adminSession()
    const { key } = await here.create(session, { name: 'Probe', scopes: ['posts:read'], expiresAt: null })
    const wrongSecret = key.slice(0, 14) + (key[14] === 'A' ? 'B' : 'A') + key.slice(15)
    for (const candidate of ['', 'pck_', key + 'x', key.toLowerCase(), 'pck_ZZZZZZZZ_' + 'a'.repeat(43), wrongSecret, `Bearer ${key}`]) {
      expect(await here.authenticate(candidate, '198.51.100.1'), candidate).toBeNull()
    }
    expect(await entries(session.organization.id, 'api_key.use_refused')).toEqual([])
    expect((await here.list(session))[0]!.lastUsedAt).toBeNull()
  })

  it('revoked through one instance, refused by the other on its very next call, every time', async () => {
    const session = await adminSession()
    const rounds = t().kind === 'postgres' ? 25 : 10
    for (let i = 0; i < rounds; i++) {
      const { apiKey, key } = await here.create(session, { name: `Round ${i}`, scopes: ['posts:read'], expiresAt: null })
      expect(await there.authenticate(key, '192.0.2.1')).not.toBeNull()
      await here.revoke(session, apiKey.id)
      expect(await there.authenticate(key, '192.0.2.1')).toBeNull()
    }
    // The other way round too.
    const { apiKey, key } = await there.create(session, { name: 'Other way', scopes: ['posts:read'], expiresAt: null })
    expect(await here.authenticate(key, '192.0.2.1')).not.toBeNull()
    await there.revoke(session, apiKey.id)
    expect(await here.authenticate(key, '192.0.2.1')).toBeNull()
  })

  it('writes a refused use of a revoked key to the audit log at most once a minute per key, even when hammered', async () => {
    const session = await adminSession()
    const { apiKey, key } = await here.create(session, { name: 'Old script', scopes: ['plan:read'], expiresAt: null })
    await here.revoke(session, apiKey.id)
    const [revoked] = await entries(session.organization.id, 'api_key.revoked')
    expect(revoked).toMatchObject({ actorUserId: session.userId, targetId: apiKey.id, before: { revokedAt: null } })

    // Two processes hammering at once.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? here : there).authenticate(key, '198.51.100.9')))
    expect(results.every((r) => r === null)).toBe(true)
    let refused = await entries(session.organization.id, 'api_key.use_refused')
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({ actorUserId: null, actorName: 'API key Old script', targetType: 'api_key', targetId: apiKey.id, after: { reason: 'revoked', address: '198.51.100.9' } })

    t().clock.advance(API_KEY_WRITE_INTERVAL_MS - 1_000)
    expect(await here.authenticate(key, '198.51.100.9')).toBeNull()
    expect(await entries(session.organization.id, 'api_key.use_refused')).toHaveLength(1)
    t().clock.advance(1_000)
    expect(await there.authenticate(key, '198.51.100.9')).toBeNull()
    refused = await entries(session.organization.id, 'api_key.use_refused')
    expect(refused).toHaveLength(2)
  })

  it('refuses an expired key from its expiry on (audited), and accepts it until then', async () => {
    const session = await adminSession()
    const expiresAt = new Date(t().clock.now().getTime() + 3_600_000)
    const { apiKey, key } = await here.create(session, { name: 'Temporary', scopes: ['members:read'], expiresAt: expiresAt.toISOString() })
    expect(apiKey.expiresAt).toBe(expiresAt.toISOString())
    t().clock.set(new Date(expiresAt.getTime() - 1))
    expect(await here.authenticate(key, '192.0.2.5')).not.toBeNull()
    t().clock.set(expiresAt)
    expect(await here.authenticate(key, '192.0.2.5')).toBeNull()
    const refused = await entries(session.organization.id, 'api_key.use_refused')
    expect(refused.map((e) => e.after)).toEqual([{ reason: 'expired', address: '192.0.2.5' }])
  })

  it('writes last used time and address at most once a minute per key', async () => {
    const session = await adminSession()
    const { apiKey, key } = await here.create(session, { name: 'Dashboard', scopes: ['analytics:read'], expiresAt: null })
    const first = t().clock.now().toISOString()
    await here.authenticate(key, '203.0.113.1')
    const after = async () => (await here.list(session)).find((k) => k.id === apiKey.id)!
    expect(await after()).toMatchObject({ lastUsedAt: first, lastUsedAddress: '203.0.113.1' })
    t().clock.advance(30_000)
    await there.authenticate(key, '203.0.113.2')
    expect(await after()).toMatchObject({ lastUsedAt: first, lastUsedAddress: '203.0.113.1' })
    t().clock.advance(30_000)
    const later = t().clock.now().toISOString()
    await there.authenticate(key, '203.0.113.3')
    expect(await after()).toMatchObject({ lastUsedAt: later, lastUsedAddress: '203.0.113.3' })
  })

  it('refuses an expiry in the past, another organization’s key (404), a second revoke (409) and more than 50 active keys', async () => {
    const session = await adminSession()
    const other = await adminSession('Elsewhere')
    const past = new Date(t().clock.now().getTime() - 1).toISOString()
    await expect(here.create(session, { name: 'Late', scopes: ['plan:read'], expiresAt: past })).rejects.toMatchObject({ statusCode: 400, message: API_KEY_MESSAGES.expiryInPast })
    const { apiKey } = await here.create(session, { name: 'Mine', scopes: ['plan:read'], expiresAt: null })
    await expect(here.revoke(other, apiKey.id)).rejects.toMatchObject({ statusCode: 404 })
    await expect(here.revoke(other, 'not-a-uuid')).rejects.toMatchObject({ statusCode: 404 })
    expect(await here.list(other)).toEqual([])
    await here.revoke(session, apiKey.id)
    await expect(here.revoke(session, apiKey.id)).rejects.toMatchObject({ statusCode: 409, message: API_KEY_MESSAGES.alreadyRevoked })

    for (let i = 0; i < 50; i++) await here.create(session, { name: `Bulk ${i}`, scopes: ['plan:read'], expiresAt: null })
    const refused = await here.create(session, { name: 'One too many', scopes: ['plan:read'], expiresAt: null }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ statusCode: 409, message: API_KEY_MESSAGES.tooMany })
    expect(await here.list(session)).toHaveLength(51)
  })

  it('goes with its organization', async () => {
    const session = await adminSession()
    const { key } = await here.create(session, { name: 'Gone soon', scopes: ['plan:read'], expiresAt: null })
    await t().db.delete(organizations).where(eq(organizations.id, session.organization.id))
    expect(await here.authenticate(key, '192.0.2.9')).toBeNull()
  })

  it('costs one indexed select per call once last used is written (measured)', async () => {
    const session = await adminSession()
    const { key } = await here.create(session, { name: 'Timed', scopes: ['plan:read'], expiresAt: null })
    await here.authenticate(key, '192.0.2.10')
    const { statements } = await t().statementsDuring(() => here.authenticate(key, '192.0.2.10'))
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/^select .* from "api_keys" where "api_keys"."prefix" = \$1$/)
    const calls = 200
    const started = performance.now()
    for (let i = 0; i < calls; i++) await here.authenticate(key, '192.0.2.10')
    const perCall = (performance.now() - started) / calls
    console.log(`[apiKeys] authenticate on ${t().kind}: ${perCall.toFixed(3)} ms per call (${calls} calls, one select each)`)
    expect(perCall).toBeLessThan(50)
  })
})
