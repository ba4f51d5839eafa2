/**
 * Load test (issue 16): two server processes from the build (`node out/main/server.js`, each on its
 * own loopback port) on one fresh PostgreSQL database, with
 * - 1,000 desktop clients (1,000 people in 20 organizations of 50, one session each, seeded in the
 *   database) each polling GET /user every 30 s on a keep-alive connection of its own, spread
 *   evenly over the 30 s and alternating between the two processes;
 * - the 50 members of one organization working the Plan and the editor, each on its own keep-alive
 *   connection, a few seconds of think time between requests: the month's calendar, their slots,
 *   a slot created and its idea edited, a post drafted, autosaved and opened again, scheduled for a
 *   few seconds later (so the publisher works), the notifications;
 * for DURATION (5 minutes; PAGECREW_LOAD_SECONDS shortens it for a quick check).
 *
 * Figures: per request type (method + route) the count, errors and p50/p95/p99 latency; the
 * publisher's due→published p50/p99 while loaded against a quiet phase of the same run first (no
 * load, the same kind of posts), as a ratio. Asserts no errors (every answer 2xx, no network error,
 * nothing logged at error level by either process), every request type ran and every scheduled
 * post was published. Timing goals are printed, not asserted.
 *
 * `npm run bench` builds first; alone: `npm run build && npx vitest run -c vitest.bench.config.ts tests/bench/load.bench.ts`.
 * Needs PostgreSQL at the test address (skipped with a note otherwise); the database is dropped afterwards.
 * Knobs: PAGECREW_LOAD_SECONDS (300), PAGECREW_LOAD_PUBLISHER_INTERVAL_MS (1000: each process's publisher tick).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import pg from 'pg'
import { Client } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADER, IDEMPOTENCY_HEADER, SESSION_COOKIE } from '../../src/shared/api/contract'
import { TEST_POSTGRES_URL, testDatabaseKinds } from '../../src/server/testing/harness'
import { SERVER, startServerProcess, stopServerProcess, type ServerProcess } from './support/serverProcess'

const DURATION_S = Number(process.env.PAGECREW_LOAD_SECONDS ?? 300)
const PUBLISHER_INTERVAL_MS = Number(process.env.PAGECREW_LOAD_PUBLISHER_INTERVAL_MS ?? 1000)
const ORGANIZATIONS = 20
const PER_ORGANIZATION = 50
const POLLERS = ORGANIZATIONS * PER_ORGANIZATION
const POLL_EVERY_MS = 30_000
const ACTIVE = 50
/** Think time between an active user's requests. */
const THINK_MS: [number, number] = [2000, 5000]
/** An active user schedules a post due this long after scheduling it. */
const DUE_AFTER_MS: [number, number] = [5000, 15_000]
/** No post is scheduled in the last stretch of the load: every one of them falls due under load. */
const LAST_SCHEDULE_BEFORE_END_MS = DUE_AFTER_MS[1] + 5000
/** The quiet phase: this many posts due one after another, nothing else running. */
const QUIET_POSTS = 40
const QUIET_SPACING_MS = 500

const built = existsSync(SERVER)
const postgres = (await testDatabaseKinds()).includes('postgres')
const unavailable = !built ? 'no build (out/main/server.js); `npm run bench` builds first' : !postgres ? `PostgreSQL does not answer at ${TEST_POSTGRES_URL}` : null
if (unavailable) console.warn(`load test skipped: ${unavailable}`)

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low)
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!)

/** Lines a process logged at error level or above (pino: level ≥ 50), and anything else that says it failed. */
const errorLines = (output: string) =>
  output.split('\n').filter((line) => {
    const level = /"level":(\d+)/.exec(line)
    return level ? Number(level[1]) >= 50 : /error|exception/i.test(line)
  })

/** Latencies and errors per request type, for the whole run. */
class Recorder {
  latencies = new Map<string, number[]>()
  errors = new Map<string, number>()
  examples: string[] = []
  active = true

  record(type: string, ms: number, error: string | null) {
    if (!this.active) return
    const list = this.latencies.get(type) ?? []
    list.push(ms)
    this.latencies.set(type, list)
    if (error) {
      this.errors.set(type, (this.errors.get(type) ?? 0) + 1)
      if (this.examples.length < 20) this.examples.push(`${type}: ${error}`)
    }
  }
}

type Json = Record<string, unknown>

/** One desktop client: a session cookie and a keep-alive connection of its own to one server process. */
class Person {
  readonly client: Client
  constructor(
    readonly url: string,
    readonly token: string,
    readonly recorder: Recorder
  ) {
    this.client = new Client(url, { keepAliveTimeout: 60_000, pipelining: 1 })
  }

  /** Sends one request; records it under `type` (method + route); 2xx or it is an error (and null comes back). */
  async send<T = Json>(type: string, path: string, options: { body?: unknown; idempotent?: boolean } = {}): Promise<T | null> {
    const method = type.split(' ')[0]!
    const headers: Record<string, string> = { [CLIENT_HEADER]: 'load-test', cookie: `${SESSION_COOKIE}=${this.token}`, 'accept-encoding': 'br, gzip' }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.idempotent) headers[IDEMPOTENCY_HEADER] = randomUUID()
    const started = performance.now()
    try {
      const res = await this.client.request({
        method: method as 'GET',
        path: `/api${path}`,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body)
      })
      const encoded = Buffer.from(await res.body.arrayBuffer())
      const ms = performance.now() - started
      if (res.statusCode < 200 || res.statusCode >= 300) {
        this.recorder.record(type, ms, `${res.statusCode} ${encoded.subarray(0, 300).toString()}`)
        return null
      }
      this.recorder.record(type, ms, null)
      const encoding = String(res.headers['content-encoding'] ?? '')
      const text = (encoding === 'br' ? brotliDecompressSync(encoded) : encoding === 'gzip' ? gunzipSync(encoded) : encoded).toString()
      return (text ? JSON.parse(text) : null) as T
    } catch (err) {
      this.recorder.record(type, performance.now() - started, `network: ${err instanceof Error ? err.message : String(err)}`)
      return null
    }
  }

  close() {
    return this.client.close()
  }
}

/** A quarter-hour from tomorrow to 60 days ahead (the slot rules' window, in UTC: the seeded people have no timezone). */
function slotTime(): string {
  const day = new Date()
  day.setUTCHours(0, 0, 0, 0)
  const days = 1 + Math.floor(Math.random() * 60)
  const quarter = Math.floor(Math.random() * 96)
  return new Date(day.getTime() + days * 86_400_000 + quarter * 900_000).toISOString()
}

interface Scheduled {
  postId: string
  phase: 'quiet' | 'loaded'
}

describe.skipIf(unavailable !== null)(`load test: ${POLLERS} pollers and ${ACTIVE} active users against two server processes on PostgreSQL`, () => {
  const servers: ServerProcess[] = []
  const people: Person[] = []
  let databaseName = ''
  let dataDir = ''
  let db: pg.Client | undefined

  afterAll(async () => {
    await Promise.all(people.map((p) => p.close().catch(() => undefined)))
    await Promise.all(servers.map(stopServerProcess))
    await db?.end().catch(() => undefined)
    if (databaseName) {
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL })
      await admin.connect()
      try {
        await admin.query(`drop database if exists "${databaseName}" with (force)`)
      } finally {
        await admin.end()
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it(`${DURATION_S} s of load`, { timeout: (DURATION_S + 420) * 1000 }, async () => {
    // A database of its own, migrated by the first process; the second starts once it is ready.
    databaseName = `pagecrew_load_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL })
    await admin.connect()
    try {
      await admin.query(`create database "${databaseName}"`)
    } finally {
      await admin.end()
    }
    const url = new URL(TEST_POSTGRES_URL)
    url.pathname = `/${databaseName}`
    dataDir = mkdtempSync(join(tmpdir(), 'pagecrew-load-'))
    const env = {
      DATABASE_URL: url.toString(),
      PAGECREW_DATA_DIR: dataDir,
      // Servers sharing a database share the key of the LinkedIn tokens.
      PAGECREW_TOKEN_KEY: randomBytes(32).toString('base64'),
      PAGECREW_PUBLISHER_INTERVAL_MS: String(PUBLISHER_INTERVAL_MS)
    }
    servers.push(await startServerProcess(env))
    servers.push(await startServerProcess(env))
    db = new pg.Client({ connectionString: url.toString() })
    await db.connect()

    // Seeding. The organizations' admins sign up and create them through the API (a trial each,
    // as in production); the other 980 people, their memberships and every session go straight
    // into the database, as sign-ins would leave them (sign-ins are rate-limited per address).
    const seedRecorder = new Recorder()
    const signupCookie = async (server: string, i: number) => {
      const res = await fetch(`${server}/api/auth/signup`, {
        method: 'POST',
        headers: { [CLIENT_HEADER]: 'load-test', 'content-type': 'application/json' },
        body: JSON.stringify({ email: `admin-${i}@load.example.com`, password: 'correct horse battery staple', fullName: `Admin ${i}` })
      })
      expect(res.status, await res.clone().text()).toBe(200)
      const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')![1]!
      const created = await fetch(`${server}/api/auth/create-organization`, {
        method: 'POST',
        headers: { [CLIENT_HEADER]: 'load-test', 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${cookie}` },
        body: JSON.stringify({ organizationName: `Load ${i}` })
      })
      expect(created.status, await created.clone().text()).toBe(200)
      return ((await created.json()) as { id: string }).id
    }
    const organizationIds: string[] = []
    for (let i = 0; i < ORGANIZATIONS; i++) organizationIds.push(await signupCookie(servers[i % 2]!.url, i))
    await db.query('update subscriptions set available_seats = $1', [PER_ORGANIZATION + 10])

    const now = new Date()
    const expires = new Date(now.getTime() + 29 * 86_400_000)
    const tokens: { token: string; userId: string; organizationId: string }[] = []
    for (const [o, organizationId] of organizationIds.entries()) {
      const { rows } = await db.query<{ user_id: string }>("select user_id from memberships where organization_id = $1 and role = 'ADMIN'", [organizationId])
      const members = [rows[0]!.user_id]
      const userValues: unknown[] = []
      const membershipValues: unknown[] = []
      for (let m = 1; m < PER_ORGANIZATION; m++) {
        const id = randomUUID()
        members.push(id)
        userValues.push(id, `member-${o}-${m}@load.example.com`, `Member ${o}-${m}`, organizationId, now)
        membershipValues.push(randomUUID(), organizationId, id, now)
      }
      const placeholders = (count: number, width: number) =>
        Array.from({ length: count }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ')
      await db.query(
        `insert into users (id, email, full_name, last_organization_id, created_at, updated_at) select id::uuid, email, full_name, org::uuid, at::timestamptz, at::timestamptz from (values ${placeholders(PER_ORGANIZATION - 1, 5)}) as v(id, email, full_name, org, at)`,
        userValues
      )
      await db.query(
        `insert into memberships (id, organization_id, user_id, role, status, created_at, updated_at) select id::uuid, org::uuid, usr::uuid, 'MEMBER', 'ACTIVE', at::timestamptz, at::timestamptz from (values ${placeholders(PER_ORGANIZATION - 1, 4)}) as v(id, org, usr, at)`,
        membershipValues
      )
      const sessionValues: unknown[] = []
      for (const userId of members) {
        const token = randomBytes(32).toString('base64url')
        tokens.push({ token, userId, organizationId })
        sessionValues.push(createHash('sha256').update(token).digest('hex'), userId, organizationId, now, expires)
      }
      await db.query(
        `insert into sessions (token_hash, user_id, organization_id, created_at, expires_at) select h, usr::uuid, org::uuid, at::timestamptz, ex::timestamptz from (values ${placeholders(members.length, 5)}) as v(h, usr, org, at, ex)`,
        sessionValues
      )
    }
    expect(tokens).toHaveLength(POLLERS)

    // The active users: the first organization's 50, each on one process, with LinkedIn connected
    // through the built-in sandbox's consent (the whole flow on the process that started it).
    const recorder = new Recorder()
    const activeTokens = tokens.filter((t) => t.organizationId === organizationIds[0])
    expect(activeTokens).toHaveLength(ACTIVE)
    const active = activeTokens.map((t, i) => new Person(servers[i % 2]!.url, t.token, recorder))
    people.push(...active)
    const seeders = activeTokens.map((t, i) => new Person(servers[i % 2]!.url, t.token, seedRecorder))
    people.push(...seeders)
    for (const person of seeders) {
      const redirectUri = `${person.url}/callback`
      const started = await person.send<{ authorizationUrl: string }>('POST /linkedin/connect', '/linkedin/connect', { body: { redirectUri } })
      const authorize = new URL(started!.authorizationUrl)
      const form = new URLSearchParams(authorize.searchParams)
      form.set('decision', 'allow')
      const consent = await fetch(authorize.origin + authorize.pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual'
      })
      expect(consent.status).toBe(303)
      const back = new URL(consent.headers.get('location')!)
      const connected = await person.send<{ connected: boolean }>('POST /linkedin/callback', '/linkedin/callback', {
        body: { state: back.searchParams.get('state'), code: back.searchParams.get('code') }
      })
      expect(connected?.connected, seedRecorder.examples.join('\n')).toBe(true)
    }
    expect(seedRecorder.examples).toEqual([])

    const scheduled: Scheduled[] = []
    /** Drafts a post and schedules it `dueInMs` from now; the post's id, or null when a request failed. */
    const schedulePost = async (person: Person, dueInMs: number, phase: Scheduled['phase'], text: string) => {
      const draft = await person.send<{ id: string; version: number }>('POST /posts/create', '/posts/create', { body: { text } })
      if (!draft) return null
      const post = await person.send<{ id: string; status: string }>('POST /posts/schedule', '/posts/schedule', {
        body: { postId: draft.id, version: draft.version, scheduledAt: new Date(Date.now() + dueInMs).toISOString() }
      })
      if (post) scheduled.push({ postId: post.id, phase })
      return post
    }

    // Quiet phase: nothing but the publisher; posts due one after another.
    const quietStart = Date.now()
    for (let i = 0; i < QUIET_POSTS; i++) {
      const person = seeders[i % ACTIVE]!
      const dueAt = quietStart + 8000 + i * QUIET_SPACING_MS
      expect(await schedulePost(person, dueAt - Date.now(), 'quiet', `Quiet phase post ${i}`), seedRecorder.examples.join('\n')).not.toBeNull()
    }
    await waitForPublished(db, scheduled.map((s) => s.postId), 60_000)

    // Loaded phase.
    const loadStart = Date.now()
    const loadEnd = loadStart + DURATION_S * 1000
    const pollers = tokens.map((t, i) => new Person(servers[i % 2]!.url, t.token, recorder))
    people.push(...pollers)
    const pollLoops = pollers.map(async (poller, i) => {
      let next = loadStart + (i / POLLERS) * POLL_EVERY_MS
      while (next < loadEnd) {
        await sleep(Math.max(0, next - Date.now()))
        await poller.send('GET /user', '/user')
        next += POLL_EVERY_MS
      }
    })
    const work = async (person: Person, i: number) => {
      // Spread the users' starts over their first think time.
      await sleep(between(THINK_MS) * (i / ACTIVE))
      let round = 0
      const think = () => sleep(between(THINK_MS))
      const month = () => {
        const from = new Date()
        from.setUTCHours(0, 0, 0, 0)
        return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(new Date(from.getTime() + 31 * 86_400_000).toISOString())}`
      }
      while (Date.now() < loadEnd) {
        round++
        // The Plan: the month, my slots, a new slot and its content idea.
        await person.send('GET /schedule/calendar', `/schedule/calendar?${month()}`)
        await think()
        if (Date.now() >= loadEnd) break
        await person.send('GET /schedule/assigned-slots', '/schedule/assigned-slots')
        await think()
        if (Date.now() >= loadEnd) break
        const me = await person.send<{ id: string }>('GET /user', '/user')
        const created = me
          ? await person.send<{ slots: { id: string }[] }>('POST /schedule/assigned-slots/create', '/schedule/assigned-slots/create', {
              body: { assignedUserId: [me.id], time: slotTime(), comment: `Idea ${round}` },
              idempotent: true
            })
          : null
        await think()
        if (Date.now() >= loadEnd) break
        if (created?.slots[0]) {
          await person.send('PUT /schedule/assigned-slots/update', '/schedule/assigned-slots/update', {
            body: { slotId: created.slots[0].id, comment: `Idea ${round}, refined`, targetAudience: 'Engineering leaders' }
          })
          await think()
          if (Date.now() >= loadEnd) break
        }
        // The editor: a draft, autosaved as it is written, opened again, then scheduled.
        let draft = await person.send<{ id: string; version: number }>('POST /posts/create', '/posts/create', { body: { text: `Draft ${round}` } })
        for (let save = 1; draft && save <= 3; save++) {
          await sleep(between([1000, 2000]))
          draft = await person.send('PUT /posts/update', '/posts/update', {
            body: { postId: draft.id, version: draft.version, text: `Draft ${round}: ${'a sentence more. '.repeat(save * 5)}` }
          })
        }
        if (draft) await person.send('GET /posts/get', `/posts/get?postId=${draft.id}`)
        await think()
        if (Date.now() >= loadEnd) break
        if (draft && Date.now() < loadEnd - LAST_SCHEDULE_BEFORE_END_MS) {
          const post = await person.send<{ id: string }>('POST /posts/schedule', '/posts/schedule', {
            body: { postId: draft.id, version: draft.version, scheduledAt: new Date(Date.now() + between(DUE_AFTER_MS)).toISOString() }
          })
          if (post) scheduled.push({ postId: post.id, phase: 'loaded' })
          await think()
          if (Date.now() >= loadEnd) break
        }
        await person.send('GET /notification/list', '/notification/list')
        await think()
      }
    }
    await Promise.all([...pollLoops, ...active.map(work)])
    recorder.active = false
    const loadSeconds = (Date.now() - loadStart) / 1000

    const loadedIds = scheduled.filter((s) => s.phase === 'loaded').map((s) => s.postId)
    await waitForPublished(db, loadedIds, 60_000)
    const latency = async (phase: Scheduled['phase']) => {
      const ids = scheduled.filter((s) => s.phase === phase).map((s) => s.postId)
      const { rows } = await db!.query<{ status: string; ms: number }>(
        'select status, extract(epoch from published_at - scheduled_at) * 1000 as ms from posts where id = any($1::uuid[])',
        [ids]
      )
      const ms = rows.filter((r) => r.status === 'PUBLISHED').map((r) => Number(r.ms)).sort((a, b) => a - b)
      return { posts: ids.length, published: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99) }
    }
    const quiet = await latency('quiet')
    const loaded = await latency('loaded')

    const types = [...recorder.latencies.keys()].sort()
    const total = types.reduce((sum, type) => sum + recorder.latencies.get(type)!.length, 0)
    const rows = types.map((type) => {
      const sorted = [...recorder.latencies.get(type)!].sort((a, b) => a - b)
      return `| ${type} | ${sorted.length} | ${recorder.errors.get(type) ?? 0} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`
    })
    const serverErrors = servers.flatMap((s, i) => errorLines(s.output()).map((line) => `process ${i + 1}: ${line}`))
    console.log(
      [
        `Load test — 2 server processes (out/main/server.js) on one PostgreSQL database, ${POLLERS} pollers of GET /user every ${POLL_EVERY_MS / 1000} s, ${ACTIVE} active users (think ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s), ${loadSeconds.toFixed(0)} s: ${total} requests (${(total / loadSeconds).toFixed(1)}/s)`,
        '| request | count | errors | p50 ms | p95 ms | p99 ms |',
        '|---|---|---|---|---|---|',
        ...rows,
        '',
        `Publisher (each process ticks every ${PUBLISHER_INTERVAL_MS} ms) — due → published, quiet phase first (no load) as the baseline`,
        '| phase | posts | published | p50 ms | p99 ms | p50 vs quiet | p99 vs quiet |',
        '|---|---|---|---|---|---|---|',
        `| quiet | ${quiet.posts} | ${quiet.published} | ${quiet.p50.toFixed(0)} | ${quiet.p99.toFixed(0)} | 1.00× | 1.00× |`,
        `| under load | ${loaded.posts} | ${loaded.published} | ${loaded.p50.toFixed(0)} | ${loaded.p99.toFixed(0)} | ${(loaded.p50 / quiet.p50).toFixed(2)}× | ${(loaded.p99 / quiet.p99).toFixed(2)}× |`,
        recorder.examples.length ? `\nFirst errors:\n${recorder.examples.join('\n')}` : '',
        serverErrors.length ? `\nServer error lines:\n${serverErrors.slice(0, 20).join('\n')}` : ''
      ].join('\n')
    )

    // No errors, every kind of request ran, every post was published.
    expect(recorder.examples).toEqual([])
    expect(serverErrors).toEqual([])
    expect(types).toEqual(
      [
        'GET /notification/list',
        'GET /posts/get',
        'GET /schedule/assigned-slots',
        'GET /schedule/calendar',
        'GET /user',
        'POST /posts/create',
        'POST /posts/schedule',
        'POST /schedule/assigned-slots/create',
        'PUT /posts/update',
        'PUT /schedule/assigned-slots/update'
      ].sort()
    )
    // Every poller polled once per 30 s of load (the last round may end with the load).
    expect(recorder.latencies.get('GET /user')!.length).toBeGreaterThanOrEqual(POLLERS * Math.floor(DURATION_S / (POLL_EVERY_MS / 1000)))
    expect(quiet.published).toBe(QUIET_POSTS)
    expect(loaded.posts).toBeGreaterThan(0)
    expect(loaded.published).toBe(loaded.posts)
  })
})

/** Waits until every post of `ids` left SCHEDULED and PENDING_PUBLISH (or `ms` passed). */
async function waitForPublished(db: pg.Client, ids: string[], ms: number): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from posts where id = any($1::uuid[]) and status in ('SCHEDULED', 'PENDING_PUBLISH')", [ids])
    if (rows[0]!.n === 0 || Date.now() > deadline) return
    await sleep(250)
  }
}
