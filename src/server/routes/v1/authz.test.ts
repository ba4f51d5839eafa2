import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import type { Session } from '../../../shared/api/contract'
import type { AssignedSlot, Member, Post, User } from '../../../shared/domain'
import type { WebhookEndpoint } from '../../../shared/domain/webhooks'
import { API_SCOPES, type ApiScope } from '../../../shared/domain/apiKeys'
import { PROBLEM_CONTENT_TYPE, V1_BASE, v1Endpoints, type V1Endpoint, type V1OperationId } from '../../../shared/api/v1/contract'
import { subscriptions } from '../../db/schema'
import { apiKeyIssuer } from '../../testing/apiKeys'
import { TestClient } from '../../testing/harness'
import { postFixtures } from '../../testing/postFixtures'
import { describeEachDatabase } from '../../testing/suite'

/**
 * Every /api/v1 operation (walked from the contract: a new one fails here until it has an input
 * below) × each scope, with and without it × another organization's key × no key and a revoked
 * key, then seeded bad input: never a 5xx, every error problem details, and nothing of one
 * organization in what the other's key is answered.
 */

const NOW = '2026-03-10T10:00:00.000Z'
const FIRST = '2026-03-17T09:00:00.000Z'
const PERIOD = { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }
const IN_ONE_HOUR = '2026-03-10T11:00:00.000Z'

interface Org {
  id: string
  adminId: string
  memberIds: string[]
  names: string[]
  slots: AssignedSlot[]
  /** Drafts of the writer's (LinkedIn connected): one to schedule, one to publish now. */
  posts: Post[]
  webhooks: WebhookEndpoint[]
}

interface Input {
  path?: Record<string, string>
  query?: Record<string, string | number>
  body?: unknown
}

/** A well-formed call of each operation against `org`'s own data (`target` is a slot of the org whose data is named). */
const VALID: Record<V1OperationId, (target: Org, self: Org) => Input> = {
  listSlots: () => ({ query: { limit: 100 } }),
  createSlots: (_target, self) => ({ body: { assigneeIds: [self.memberIds[0]], time: FIRST } }),
  updateSlot: (target) => ({ path: { slotId: target.slots[0]!.id }, body: { comment: 'Changed' } }),
  deleteSlot: (target) => ({ path: { slotId: target.slots[1]!.id }, query: { scope: 'one' } }),
  listMembers: () => ({ query: { limit: 200 } }),
  analyticsPosts: () => ({ query: PERIOD }),
  analyticsMembers: () => ({ query: PERIOD }),
  analyticsTeams: () => ({ query: PERIOD }),
  analyticsTimeseries: () => ({ query: PERIOD }),
  listPosts: () => ({ query: { limit: 200, status: 'DRAFT' } }),
  getPost: (target) => ({ path: { postId: target.posts[0]!.id } }),
  createPost: (_target, self) => ({ body: { authorId: self.memberIds[0], text: 'Written by the walk' } }),
  schedulePost: (target) => ({ path: { postId: target.posts[0]!.id }, body: { scheduledAt: IN_ONE_HOUR } }),
  publishPostNow: (target) => ({ path: { postId: target.posts[1]!.id }, body: {} }),
  listWebhooks: () => ({}),
  getWebhook: (target) => ({ path: { webhookId: target.webhooks[0]!.id } }),
  getWebhookSecret: (target) => ({ path: { webhookId: target.webhooks[0]!.id } }),
  createWebhook: () => ({ body: { url: 'https://hooks.example.com/walk', events: ['post.published'] } }),
  updateWebhook: (target) => ({ path: { webhookId: target.webhooks[0]!.id }, body: { description: 'Changed' } }),
  // Its own organization's second one; another organization's key aims at the first, which is still there.
  deleteWebhook: (target, self) => ({ path: { webhookId: target.webhooks[target === self ? 1 : 0]!.id } })
}

const BAD_VALUES: unknown[] = ['', 'not-a-uuid', '00000000-0000-4000-8000-000000000000', -1, Number.MAX_VALUE, 'x'.repeat(5000), '\u0000', '\u202e', [], {}, null, true, '2026-13-45T99:00:00Z', '0000-01-01T00:00:00Z', "' or 1=1 --"]

function mulberry(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

describeEachDatabase('public API v1: authorization and fuzz walk', (t) => {
  const orgs: Org[] = []
  const keyOf = new Map<string, string>()
  let revoked = ''

  async function call(endpoint: V1Endpoint, input: Input, key?: string) {
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(input.path?.[name] ?? 'missing'))
    const query = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)] as [string, string]))}` : ''
    const res = await t().app.inject({
      method: endpoint.method,
      url: `${V1_BASE}${path}${query}`,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: input.body !== undefined ? JSON.stringify(input.body) : undefined
    })
    expect(res.statusCode, `${endpoint.method} ${endpoint.path}: ${res.body}`).toBeLessThan(500)
    if (res.statusCode >= 400) expect(res.headers['content-type'], `${endpoint.method} ${path}${query} ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(PROBLEM_CONTENT_TYPE)
    return res
  }

  async function newOrg(name: string): Promise<Org> {
    const admin = new TestClient(t().app)
    await admin.signup({ fullName: `${name} Admin` })
    const org = await admin.createOrganization(name)
    await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const adminId = (await admin.get<User>('/user')).body.id
    const memberIds: string[] = []
    const names = [`${name} Admin`]
    const clients: TestClient[] = []
    for (const fullName of [`${name} Writer`, `${name} Reader`]) {
      const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `${fullName.replace(/\W/g, '').toLowerCase()}@example.com`, role: 'MEMBER' })
      const client = new TestClient(t().app)
      const joined = await client.post<Session>('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token')!, fullName, password: 'correct horse battery staple' })
      expect(joined.status).toBe(200)
      memberIds.push(invited.body.member.id)
      names.push(fullName)
      clients.push(client)
    }
    const writer = { client: clients[0]!, userId: memberIds[0]!, organizationId: org.id }
    await postFixtures(t).connect(writer)
    const drafts: Post[] = []
    for (const text of [`${name} secret draft`, `${name} secret news`]) {
      const draft = await writer.client.post<Post>('/posts/create', { text })
      expect(draft.status).toBe(200)
      drafts.push(draft.body)
    }
    const hooks: WebhookEndpoint[] = []
    for (const path of ['one', 'two']) {
      const hook = await admin.post<{ endpoint: WebhookEndpoint }>('/organization/webhooks', { url: `https://${name.split(' ')[0]!.toLowerCase()}.example.com/${path}`, events: ['post.published'] })
      expect(hook.status, JSON.stringify(hook.body)).toBe(200)
      hooks.push(hook.body.endpoint)
    }
    const created = await admin.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', {
      assignedUserId: memberIds,
      time: FIRST,
      comment: `${name} secret idea`,
      recurrenceType: 'weekly',
      recurrenceInterval: 1,
      recurrenceCount: 3
    })
    expect(created.status).toBe(200)
    return { id: org.id, adminId, memberIds, names, slots: created.body.slots, posts: drafts, webhooks: hooks }
  }

  beforeAll(async () => {
    t().clock.set(NOW)
    orgs.push(await newOrg('Alpha Org'), await newOrg('Beta Org'))
    const issuer = apiKeyIssuer({ db: t().db, clock: t().clock })
    for (const org of orgs) {
      keyOf.set(`${org.id}|all`, (await issuer.issue(org.id, org.adminId, API_SCOPES)).key)
      for (const scope of API_SCOPES) keyOf.set(`${org.id}|${scope}`, (await issuer.issue(org.id, org.adminId, [scope])).key)
    }
    const gone = await issuer.issue(orgs[0]!.id, orgs[0]!.adminId, API_SCOPES)
    await gone.revoke()
    revoked = gone.key
  })

  it('every operation: 401 without a key or with a revoked one, 403 without its scope, served with it; 0 5xx', async () => {
    const [alpha] = orgs as [Org, Org]
    for (const [operationId, endpoint] of Object.entries(v1Endpoints) as [V1OperationId, V1Endpoint][]) {
      expect(VALID[operationId], `${operationId} needs an input in VALID`).toBeDefined()
      const input = VALID[operationId](alpha, alpha)
      expect((await call(endpoint, input)).statusCode).toBe(401)
      expect((await call(endpoint, input, revoked)).statusCode).toBe(401)
      for (const scope of API_SCOPES) {
        const res = await call(endpoint, input, keyOf.get(`${alpha.id}|${scope}`))
        if (scope === endpoint.scope) expect([200, 201], `${operationId} with ${scope}: ${res.body}`).toContain(res.statusCode)
        else expect(res.statusCode, `${operationId} with ${scope as ApiScope}`).toBe(403)
      }
    }
  })

  it("another organization's key: its own data only — 404 for the other's ids, nothing of the other in any answer", async () => {
    const [alpha, beta] = orgs as [Org, Org]
    const secrets = [
      ...alpha.memberIds,
      alpha.adminId,
      ...alpha.names,
      ...alpha.slots.map((s) => s.id),
      'Alpha Org secret idea',
      ...alpha.posts.flatMap((p) => [p.id, p.text]),
      ...alpha.webhooks.flatMap((w) => [w.id, w.url]),
      'alpha.example.com'
    ]
    for (const [operationId, endpoint] of Object.entries(v1Endpoints) as [V1OperationId, V1Endpoint][]) {
      const res = await call(endpoint, VALID[operationId](alpha, beta), keyOf.get(`${beta.id}|all`))
      if (endpoint.params instanceof Object && 'shape' in endpoint.params) expect(res.statusCode, operationId).toBe(404)
      for (const secret of secrets) expect(res.body, `${operationId} leaks ${secret}`).not.toContain(secret)
    }
    // Alpha's slots are all still there, unchanged.
    const listed = await call(v1Endpoints.listSlots, { query: { limit: 100 } }, keyOf.get(`${alpha.id}|plan:read`))
    const items = (JSON.parse(listed.body) as { items: AssignedSlot[] }).items
    expect(items.filter((s) => alpha.slots.some((a) => a.id === s.id)).every((s) => s.comment === 'Alpha Org secret idea' || s.id === alpha.slots[0]!.id)).toBe(true)
    // Alpha's first webhook (aimed at by Beta's update and delete) is there, as Alpha's own key left it.
    const hook = await call(v1Endpoints.getWebhook, { path: { webhookId: alpha.webhooks[0]!.id } }, keyOf.get(`${alpha.id}|webhooks:write`))
    expect(JSON.parse(hook.body)).toMatchObject({ url: alpha.webhooks[0]!.url, description: 'Changed' })
    // Beta's key wrote its draft in Beta, for Beta's writer.
    const betaPosts = await call(v1Endpoints.listPosts, { query: { limit: 200 } }, keyOf.get(`${beta.id}|posts:read`))
    expect((JSON.parse(betaPosts.body) as { items: Post[] }).items.filter((p) => p.text === 'Written by the walk').map((p) => p.author.id)).toEqual([beta.memberIds[0]])
  })

  it('seeded bad input in every place of every operation: 4xx problem details, never a 5xx', async () => {
    const [alpha] = orgs as [Org, Org]
    const random = mulberry(Number(process.env.PAGECREW_FUZZ_SEED ?? 28))
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    const key = keyOf.get(`${alpha.id}|all`)
    for (let round = 0; round < 3; round++) {
      for (const [operationId, endpoint] of Object.entries(v1Endpoints) as [V1OperationId, V1Endpoint][]) {
        const valid = VALID[operationId](alpha, alpha)
        const spoil = (value: Record<string, unknown> | undefined) =>
          value && Object.fromEntries(Object.entries(value).map(([k, v]) => [k, random() < 0.5 ? pick(BAD_VALUES) : v]))
        const input: Input = {
          path: valid.path && (spoil(valid.path) as Record<string, string>),
          query: valid.query && (spoil({ ...valid.query, cursor: pick(BAD_VALUES) }) as Record<string, string>),
          body: valid.body === undefined ? undefined : random() < 0.2 ? pick(BAD_VALUES) : spoil(valid.body as Record<string, unknown>)
        }
        await call(endpoint, input, key)
      }
    }
    const malformed = await t().app.inject({ method: 'POST', url: `${V1_BASE}/slots`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: '{"assigneeIds": [' })
    expect(malformed.statusCode).toBe(400)
    const form = await t().app.inject({ method: 'POST', url: `${V1_BASE}/slots`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' })
    expect(form.statusCode).toBe(415)
    expect(form.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE)
  })
})
