import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { expect, it } from 'vitest'
import { API_BASE, API_ERROR_CODES, CLIENT_HEADER, endpoints, IDEMPOTENCY_HEADER, SESSION_COOKIE, type ApiErrorCode, type Endpoint } from '../../shared/api/contract'
import { defOf } from '../../shared/testing/walk'
import type { Member, User } from '../../shared/domain'
import { organizations, sessions, subscriptions } from '../db/schema'
import { hashToken } from '../services/sessions'
import { multipartBody, TestClient, type TestApp } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/**
 * Issue 12: every endpoint of the contract (walked, so a new one is fuzzed without touching this
 * file) gets generated bad input as an admin, a member and nobody, and must never answer 5xx (and
 * every error must use a documented code). Input is made from the endpoint's own schemas, so much
 * of it gets past validation into the services: ids that are not uuids, unknown uuids, huge and
 * negative numbers, extreme dates, control and bidi characters, injection-looking text, arrays
 * where objects are expected, missing fields, malformed JSON and multipart. Seeded and bounded:
 * PAGECREW_FUZZ_SEED repeats a run, PAGECREW_FUZZ_ROUNDS asks for more of it.
 */
const SEED = Number(process.env.PAGECREW_FUZZ_SEED ?? 12)
const ROUNDS = Number(process.env.PAGECREW_FUZZ_ROUNDS ?? 2)

/** mulberry32: small, fast, good enough to pick test input. */
function seeded(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  }
}
type Rng = ReturnType<typeof seeded>

/** Text that has broken servers before: controls, bidi, injection, paths, formats at their edges. */
const NASTY_STRINGS = [
  '',
  ' ',
  'x',
  'a\u0000b',
  '\u0000',
  '%00',
  '\t\r\n',
  '\u0007\u001b[31m',
  '\u0085\u009f',
  '\u2028\u2029',
  '\u202eevil\u202c',
  '\ud800',
  '😀'.repeat(50),
  'A'.repeat(5000),
  "'; DROP TABLE users; --",
  '%_\\',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  'https://evil.example/callback',
  'pagecrew://callback',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '#aabbcc',
  'org_00000000000000000000000000',
  'NaN',
  '-1',
  '1e400',
  '9007199254740993',
  '2026-02-30',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2026-03-01T10:00:00+14:00',
  'Europe/Paris',
  'Not/AZone',
  'ADMIN',
  'true',
  'null',
  '[]',
  '{}',
  '["a\\u0000"]',
  'a@b.co',
  'UPPER@EXAMPLE.COM'
]
const NASTY_NUMBERS = [0, 1, -1, 0.5, 7, 23, 24, 59, 100, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, 1e308, -1e308, 5e-324]
const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1e308, 'x', '', [], [[]], {}, { a: 1 }, ['a\u0000']]

interface Fixture {
  /** Ids that exist (the fixtures' own), to mix with made-up ones. */
  ids: string[]
}

/**
 * A value for `schema`: of the right shape, each leaf hostile with probability `nasty` (else
 * plausible: existing ids, ordinary text, near dates, small numbers), sometimes of the wrong type.
 * Mostly plausible input gets past validation into the services, where faults hide.
 */
function generate(schema: z.ZodType, rng: Rng, fixture: Fixture, nasty = 1, depth = 0, leaf?: TargetedLeaf): unknown {
  if (depth > 8) return undefined
  if (rng.chance(0.06 * nasty)) return rng.pick(WRONG_TYPES)
  const def = defOf(schema)
  if (leaf && def.type === 'string' && leaf.seen++ === leaf.at) {
    leaf.dateLike = isDateLike(def, leaf.key)
    return TARGET
  }
  if (!rng.chance(nasty)) {
    const plausible = plausibleLeaf(def, rng, fixture)
    if (plausible !== NOT_A_LEAF) return plausible
  }
  const inner = (child: z.ZodType) => generate(child, rng, fixture, nasty, depth + 1, leaf)
  switch (def.type) {
    case 'string': {
      if (def.format === 'datetime') return rng.pick(['2026-03-01T10:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2026-03-01T10:00:00+14:00', 'x'])
      if (def.format === 'date') return rng.pick(['2026-03-01', '0001-01-01', '9999-12-31', '2026-02-30'])
      if (def.format === 'email') return rng.pick(['a@b.co', `${randomUUID()}@example.com`, 'x'])
      if (rng.chance(0.3)) return rng.chance(0.5) ? rng.pick(fixture.ids) : randomUUID()
      return rng.pick(NASTY_STRINGS)
    }
    case 'number':
      return rng.pick(NASTY_NUMBERS)
    case 'boolean':
      return rng.chance(0.5)
    case 'enum': {
      const values = Object.values(def.entries ?? {})
      return rng.chance(0.85) ? rng.pick(values) : 'NOT_A_VALUE'
    }
    case 'literal':
      return def.values?.[0]
    case 'null':
      return null
    case 'undefined':
      return undefined
    case 'array':
      if (rng.chance(0.05)) return Array.from({ length: 2000 }, () => randomUUID())
      return Array.from({ length: rng.int(4) }, () => inner(def.element!))
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        if (rng.chance(0.15 * nasty)) continue // missing
        if (leaf) leaf.key = key
        out[key] = inner(value)
      }
      if (rng.chance(0.05)) out.__proto__ = { polluted: true }
      return out
    }
    case 'record':
      return rng.chance(0.5) ? {} : { [rng.pick(NASTY_STRINGS)]: inner(def.valueType!) }
    case 'union':
      return inner(rng.pick(def.options ?? []))
    case 'optional':
      if (leaf) return targetOnly(leaf, () => inner(def.innerType!))
      return rng.chance(0.25) ? undefined : inner(def.innerType!)
    case 'nullable':
      return rng.chance(0.25) ? null : inner(def.innerType!)
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      if (leaf && def.type !== 'nonoptional' && def.type !== 'readonly' && def.type !== 'catch') return targetOnly(leaf, () => inner(def.innerType!))
      return rng.chance(0.2) ? undefined : inner(def.innerType!)
    case 'pipe':
      return inner(def.in!)
    case 'transform':
      return rng.pick(NASTY_STRINGS)
    case 'lazy':
      return inner(def.getter!())
    default:
      return rng.pick(WRONG_TYPES)
  }
}

/** One string field of an otherwise plausible input is TARGET: the `at`-th string generated (`seen` counts them). */
interface TargetedLeaf {
  at: number
  seen: number
  /** The nearest object key above the string generated last. */
  key?: string
  /** Whether the target is a day, month, instant or cursor (by its format, pattern or key). */
  dateLike?: boolean
}
const TARGET = 'fuzz-targeted-leaf'

/**
 * An optional field with a targeted input: left out unless it holds the target, so no other field's
 * plausible value is refused first; its strings are counted all the same, so the next round targets the next.
 */
function targetOnly(leaf: TargetedLeaf, make: () => unknown): unknown {
  const before = leaf.seen
  const value = make()
  return before <= leaf.at && leaf.seen > leaf.at ? value : undefined
}

function isDateLike(def: ReturnType<typeof defOf>, key: string | undefined): boolean {
  if (def.format === 'date' || def.format === 'datetime') return true
  if ((def.checks ?? []).some((check) => defOf(check as z.ZodType).format === 'regex')) return true
  return key !== undefined && /date|time|month|cursor|^from$|^to$|At$|day/i.test(key)
}

const base64url = (text: string) => Buffer.from(text).toString('base64url')
/** Unpaired UTF-16 surrogates (JSON's "\ud800"): PostgreSQL's json refuses them. */
const SURROGATE_STRINGS = ['\ud800x', 'x\udc00', '\udfff\ud800', 'Fuzz \ud83d']
const UUID = '00000000-0000-4000-8000-000000000000'
/**
 * Days, months and instants that do not exist or lie outside PostgreSQL's years, and cursors of the
 * right shape around impossible times and ids (the audit log's time_id, the plan's base64url JSON,
 * the notifications' base64url micros_id).
 */
const DATE_STRINGS = [
  '2026-13-45',
  '0000-00-00',
  '2026-02-30',
  '0000-01',
  '0001-01',
  '9999-12',
  '0000-01-01T00:00:00Z',
  '2026-13-45T25:61:61.000Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-13-45T25:61:61.000Z_1',
  '0000-01-01T00:00:00.000Z_1',
  '2026-01-02T03:04:05.678Z_9999999999999999999',
  base64url(JSON.stringify({ t: '0000-01-01T00:00:00Z', id: UUID })),
  base64url(JSON.stringify({ t: '2026-13-45T25:61:61Z', id: UUID })),
  base64url(JSON.stringify({ t: '+275760-09-13T00:00:00.000Z', id: UUID })),
  base64url(`-99999999999999999_${UUID}`),
  base64url(`99999999999999999_${UUID}`)
]
/** String fields of one endpoint that get targeted values (the first ones generated). */
const TARGETED_LEAVES = 12

const NOT_A_LEAF = Symbol('not a leaf')
const PLAUSIBLE_TEXT = ['Fuzz text', 'Hiring', 'Sales team', 'textOnly', 'Monday', '#1a73e8', 'pagecrew://callback', 'Europe/Paris']

/** An ordinary value for a leaf of the schema (NOT_A_LEAF for containers, which recurse). */
function plausibleLeaf(def: ReturnType<typeof defOf>, rng: Rng, fixture: Fixture): unknown {
  switch (def.type) {
    case 'string':
      if (def.format === 'datetime') return new Date(Date.UTC(2030, rng.int(12), 1 + rng.int(28), rng.int(24), 15 * rng.int(4))).toISOString()
      if (def.format === 'date') return `2030-0${1 + rng.int(9)}-1${rng.int(10)}`
      if (def.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`
      return rng.chance(0.6) ? rng.pick(fixture.ids) : rng.pick(PLAUSIBLE_TEXT)
    case 'number':
      return rng.pick([0, 1, 2, 3, 7, 14])
    case 'boolean':
      return rng.chance(0.5)
    case 'enum':
      return rng.pick(Object.values(def.entries ?? {}))
    default:
      return NOT_A_LEAF
  }
}

/** Query parameters are strings: objects and arrays become repeated or odd-looking parameters. */
function toQueryString(value: unknown, rng: Rng): string {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
    return rng.chance(0.5) ? '' : `junk=${encodeURIComponent(String(value))}`
  }
  const params = new URLSearchParams()
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue
    if (Array.isArray(v)) for (const item of v) params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item))
    else params.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
  }
  if (rng.chance(0.1)) params.append(rng.pick(Object.keys(value) as string[]) || 'x', 'second-value')
  return params.toString()
}

interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  label: string
}

/** The requests one round makes for one endpoint: generated input, plus raw abuse of the body. */
function requestsFor(name: string, endpoint: Endpoint, rng: Rng, fixture: Fixture, thorough = false): FuzzRequest[] {
  const path = `${API_BASE}${endpoint.path}`
  const query = () => {
    const q = toQueryString(generate(endpoint.query, rng, fixture), rng)
    return q ? `${path}?${q}` : path
  }
  const plausibleQuery = () => {
    const q = toQueryString(generate(endpoint.query, rng, fixture, 0.1), rng)
    return q ? `${path}?${q}` : path
  }
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value))
  const out: FuzzRequest[] = []
  const add = (label: string, url: string, payload?: string | Buffer, contentType = 'application/json') =>
    out.push({ method: endpoint.method, url, payload, headers: payload === undefined ? {} : { 'content-type': contentType }, label: `${name} ${label}` })

  if (endpoint.multipart) {
    const fields: Record<string, string> = {}
    const generated = generate(endpoint.body, rng, fixture, rng.chance(0.5) ? 0.1 : 1)
    for (const [key, value] of Object.entries(generated && typeof generated === 'object' ? generated : {})) {
      if (value !== undefined) fields[key] = typeof value === 'string' ? value : JSON.stringify(value)
    }
    const file = { field: endpoint.multipart.fileField, fileName: rng.pick(NASTY_STRINGS).replace(/["\r\n]/g, '') || 'f', contentType: rng.pick(['image/png', 'application/octet-stream', 'text/plain']), data: Buffer.alloc(rng.int(3000), rng.int(256)) }
    const form = multipartBody(fields, rng.chance(0.7) ? [file] : [])
    add('multipart', query(), form.payload, form.contentType)
    add('multipart without boundary', query(), form.payload, 'multipart/form-data')
    add('multipart cut short', query(), form.payload.subarray(0, Math.max(1, rng.int(form.payload.length))), form.contentType)
    add('json instead of multipart', query(), json(generated) ?? '{}')
    return out
  }

  add('generated', query(), json(generate(endpoint.body, rng, fixture)))
  add('plausible', plausibleQuery(), json(generate(endpoint.body, rng, fixture, 0.1)))
  add('plausible again', plausibleQuery(), json(generate(endpoint.body, rng, fixture, 0.1)))
  add('wrong type', query(), json(rng.pick(WRONG_TYPES)))
  add('malformed json', query(), rng.pick(['{', '{"a":', '[1,', '{"__proto__":{"x":1}}', 'nul', '"\\ud800"', '{"a":"\\u0000"}']))
  add('nested deep', query(), `${'['.repeat(5000)}${']'.repeat(5000)}`)
  // Each string field in turn gets targeted values, in the body and in the query, the rest plausible:
  // an unpaired surrogate, or (a day, month, instant or cursor) an impossible one: all of them when
  // `thorough` (once per endpoint), else one.
  for (let at = 0; at < TARGETED_LEAVES; at++) {
    const bodyLeaf: TargetedLeaf = { at, seen: 0 }
    const body = json(generate(endpoint.body, rng, fixture, 0, 0, bodyLeaf))
    const queryLeaf: TargetedLeaf = { at, seen: 0 }
    const q = toQueryString(generate(endpoint.query, rng, fixture, 0, 0, queryLeaf), rng)
    if (bodyLeaf.seen <= at && queryLeaf.seen <= at) break
    const values = (leaf: TargetedLeaf) => (leaf.dateLike && thorough ? [...DATE_STRINGS, rng.pick(SURROGATE_STRINGS)] : [rng.pick(leaf.dateLike ? DATE_STRINGS : SURROGATE_STRINGS)])
    const url = (query: string) => (query ? `${path}?${query}` : path)
    if (bodyLeaf.seen > at) {
      for (const value of values(bodyLeaf)) add(`targeted body string ${at}`, url(q.replace(TARGET, 'x')), body?.replace(JSON.stringify(TARGET), JSON.stringify(value)))
    }
    if (queryLeaf.seen > at) {
      for (const value of values(queryLeaf)) add(`targeted query string ${at}`, url(q.replace(TARGET, encode(value))), body?.replace(JSON.stringify(TARGET), '"x"'))
    }
  }
  add('text/plain', query(), 'hello', 'text/plain')
  const form = multipartBody({ text: 'x' })
  add('multipart', query(), form.payload, form.contentType)
  return out
}

/**
 * The API's routes outside the contract (images and media files, the sandbox's and the billing
 * portal's pages), and addresses no route has. `:param` gets hostile values, raw or encoded.
 */
const OTHER_ROUTES: { method: 'GET' | 'POST'; path: string; form?: boolean }[] = [
  { method: 'GET', path: '/team/image/:param' },
  { method: 'GET', path: '/user/photo/:param' },
  { method: 'GET', path: '/posts/media/:param/file' },
  { method: 'GET', path: '/posts/media/:param/thumbnail' },
  { method: 'GET', path: '/linkedin/sandbox/authorize?:query' },
  { method: 'POST', path: '/linkedin/sandbox/authorize', form: true },
  { method: 'GET', path: '/linkedin/sandbox/posts' },
  { method: 'GET', path: '/linkedin/sandbox/posts/:param' },
  { method: 'GET', path: '/billing/portal?:query' },
  { method: 'POST', path: '/billing/portal/cancel', form: true },
  { method: 'POST', path: '/billing/portal/resume', form: true },
  { method: 'GET', path: '/:param' },
  { method: 'POST', path: '/auth/:param' }
]
/** encodeURIComponent, but a lone surrogate (which it refuses) goes as the bytes a sloppy client would send. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}
const RAW_PARAMS = ['%00', '%', 'A'.repeat(300), '%E0%A4%A', '%ZZ', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a%0d%0aSet-Cookie:%20x=1', '%C0%AF']

function otherRequests(rng: Rng, fixture: Fixture): FuzzRequest[] {
  return OTHER_ROUTES.map((route) => {
    const param = () => (rng.chance(0.4) ? rng.pick(RAW_PARAMS) : encode(rng.chance(0.3) ? rng.pick(fixture.ids) : rng.pick(NASTY_STRINGS)))
    const query = () =>
      ['token', 'state', 'redirect_uri', 'response_type', 'client_id', 'code_challenge', 'code_challenge_method', 'scope']
        .filter(() => rng.chance(0.6))
        .map((key) => `${key}=${param()}`)
        .join('&')
    const url = `${API_BASE}${route.path.replace(':param', param).replace(':query', query)}`
    const headers: Record<string, string> = rng.chance(0.3) ? { range: rng.pick(['bytes=0-', 'bytes=-1', 'bytes=99999999999-', 'bytes=5-1', 'bytes=0-1,2-3', 'junk']) } : {}
    if (!route.form) return { method: route.method, url, headers, label: `${route.method} ${route.path}` }
    const payload = rng.chance(0.2) ? rng.pick(['%', '=&=&', 'a'.repeat(20_000), '%00=%00']) : query()
    return { method: route.method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload, label: `${route.method} ${route.path}` }
  })
}

/** Idempotency-Key headers: reused, malformed, over-long (header values must be visible ASCII to be sent at all). */
const IDEMPOTENCY_KEYS = ['fuzz-key', 'fuzz-key', '', ' ', 'a'.repeat(300), '%00', randomUUID()]

/** Side effects that would end the fixtures' sessions or organizations go last. */
const LAST = new Set(['logout', 'deleteOrganization'])

describeEachDatabase('fuzz: every contract endpoint with bad input, as admin, member and nobody: no 5xx', (t) => {
  async function fixtures(app: TestApp) {
    const admin = new TestClient(app.app)
    await admin.signup({ fullName: 'Fuzz Admin' })
    const org = await admin.createOrganization('Fuzz Co')
    await app.db.update(subscriptions).set({ availableSeats: 50 }).where(eq(subscriptions.organizationId, org.id))
    const adminUser = (await admin.get<User>('/user')).body
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `fuzz-${randomUUID().slice(0, 8)}@example.com`, role: 'MEMBER' })
    const member = new TestClient(app.app)
    const joined = await member.post('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token'), fullName: 'Fuzz Member', password: 'correct horse battery staple' })
    expect(joined.status).toBe(200)
    const tag = await admin.post<{ id: string }>('/postTag/create', { tagTitle: 'Fuzz', tagColor: '#aabbcc', assignedUsers: [invited.body.member.id] })
    const post = await member.post<{ id: string }>('/posts/create', { text: 'Fuzz post' })
    const ids = [adminUser.id, invited.body.member.id, org.id, org.organizationWorkOSId, tag.body.id, post.body.id]
    const people: Record<string, string | null> = { admin: adminUser.id, member: invited.body.member.id, anonymous: null }
    return { people, organizationId: org.id, ids }
  }

  /**
   * A fresh session for `userId` in the organization, straight into the database: the fuzz ends
   * sessions (logout, sign out everywhere, password changes), and every endpoint should still be
   * reached signed in. (Signing in again would meet the sign-in throttle.)
   */
  async function mintSession(app: TestApp, userId: string, organizationId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    const now = app.clock.now()
    // Once the organization is deleted (the very last endpoint), without one.
    const [organization] = await app.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId))
    await app.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      organizationId: organization?.id ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000)
    })
    return token
  }

  it(
    `answers every request below 500 with a documented error code (seed ${SEED}, ${ROUNDS} rounds)`,
    async () => {
      const app = t()
      const { people, organizationId, ids } = await fixtures(app)
      const rng = seeded(SEED)
      const names = Object.keys(endpoints).sort((a, b) => Number(LAST.has(a)) - Number(LAST.has(b)))
      const failures: string[] = []
      const slow: string[] = []
      const statuses = new Map<number, number>()
      const timeByEndpoint = new Map<string, number>()
      let sent = 0
      // A request that never answers may hold the database: stop there (the failure names it).
      // Endpoint by endpoint (the organization's deletion comes last for everyone), each as every role.
      run: for (const name of ['(other routes)', ...names]) {
        const endpoint = endpoints[name as keyof typeof endpoints] as Endpoint | undefined
        for (const [role, userId] of Object.entries(people)) {
          const cookie = userId ? await mintSession(app, userId, organizationId) : null
          for (let round = 0; round < ROUNDS; round++) {
            for (const request of endpoint ? requestsFor(name, endpoint, rng, { ids }, role === 'admin' && round === 0) : otherRequests(rng, { ids })) {
              const headers: Record<string, string> = { [CLIENT_HEADER]: 'fuzz', ...request.headers }
              if (rng.chance(0.15)) headers[IDEMPOTENCY_HEADER] = rng.pick(IDEMPOTENCY_KEYS)
              if (cookie) headers.cookie = `${SESSION_COOKIE}=${cookie}`
              const started = Date.now()
              const res = await answerWithin(SLOW_MS * 5, app.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload }))
              sent++
              const payloadText = request.payload === undefined ? '' : ` ${JSON.stringify(String(request.payload).slice(0, 300))}`
              if (!res) {
                failures.push(`${role}: ${request.label}: ${request.method} ${request.url.slice(0, 300)}${payloadText} → no answer within ${SLOW_MS * 5} ms`)
                break run
              }
              timeByEndpoint.set(name, (timeByEndpoint.get(name) ?? 0) + Date.now() - started)
              if (Date.now() - started > SLOW_MS) slow.push(`${role}: ${request.label}: ${Date.now() - started} ms ${request.method} ${request.url.slice(0, 200)}${payloadText.slice(0, 200)}`)
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
              const code = safeCode(res.body)
              // HTML pages (the sandbox's, the billing portal's) answer errors as pages; JSON ones in the API's format.
              const html = String(res.headers['content-type'] ?? '').startsWith('text/html')
              const documented = res.statusCode < 400 || html || (code !== null && API_ERROR_CODES[code as ApiErrorCode] === res.statusCode)
              if (res.statusCode >= 500 || !documented) {
                failures.push(`${role}: ${request.label}: ${request.method} ${request.url.slice(0, 300)}${payloadText} → ${res.statusCode} ${res.body.slice(0, 200)}`)
              }
            }
          }
        }
      }
      const slowest = [...timeByEndpoint].sort(([, a], [, b]) => b - a).slice(0, 5)
      console.info(
        `fuzz [${app.kind}]: ${sent} requests; answers by status: ${[...statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k}×${v}`).join(' ')}; ` +
          `most time: ${slowest.map(([k, ms]) => `${k} ${ms} ms`).join(', ')}`
      )
      if (slow.length > 0) console.warn(`fuzz: ${slow.length} answers took over ${SLOW_MS} ms:\n${slow.join('\n')}`)
      expect(sent).toBeGreaterThan(1000)
      expect(failures.length, `${failures.length} bad answers of ${sent}:\n${failures.join('\n')}`).toBe(0)
    },
    60_000 + ROUNDS * 60_000
  )
})

/** One answer should never take long: a slow one is reported, one five times slower fails the run (a hang). */
const SLOW_MS = 2000

async function answerWithin<T>(ms: number, answer: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

function safeCode(body: string): string | null {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } } | null)?.error?.code
    return typeof code === 'string' ? code : null
  } catch {
    return null
  }
}
