import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import { createPasswordIdentity } from '../adapters/identity/password'
import { createServer } from '../app'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { rowsOf } from '../db/migrate'
import { authThrottle } from '../db/schema'
import { clientAddressKey, FAILED_PASSWORD_LIMITS } from '../services/authThrottle'
import { createTestApp, FAST_ARGON2, TEST_POSTGRES_URL, testDatabaseKinds, TestClient, type TestApp } from '../testing/harness'

type ErrorBody = { error: { code: string; message: string } }
type InviteBody = { joinUrl: string }

const kinds = await testDatabaseKinds()
const MINUTE = 60_000

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`
/** A documentation address (RFC 5737) per test, so the tests' counters never meet. */
const nextAddress = () => `198.51.100.${++counter}`

/** A client whose requests come from `address` (the servers trust X-Forwarded-For here). */
class ClientAt extends TestClient {
  constructor(
    app: FastifyInstance,
    readonly address: string
  ) {
    super(app)
  }
  override request<T = unknown>(...[method, path, options = {}]: Parameters<TestClient['request']>) {
    return super.request<T>(method, path, { ...options, headers: { ...options.headers, 'x-forwarded-for': this.address } })
  }
}

describe.each(kinds)('failed sign-ins across two servers on one database [%s]', (kind) => {
  let first: TestApp
  let second: FastifyInstance
  let secondDatabase: DatabaseHandle | null = null

  beforeAll(async () => {
    first = await createTestApp({ database: kind, config: { trustProxy: true } })
    let db = first.db
    if (kind === 'postgres') {
      // Its own connection pool, as another server process on the same database would have.
      const [row] = rowsOf<{ name: string }>(await first.db.execute(sql`select current_database() as name`))
      const url = new URL(TEST_POSTGRES_URL)
      url.pathname = `/${row!.name}`
      secondDatabase = await openDatabase({ databaseUrl: url.toString() })
      db = secondDatabase.db
    }
    second = createServer({
      db,
      clock: first.clock,
      config: { logLevel: 'error', trustProxy: true, dataDir: first.dataDir },
      identity: createPasswordIdentity({ db, clock: first.clock, argon2: FAST_ARGON2 })
    })
    await second.ready()
  })

  afterAll(async () => {
    await second?.close()
    await secondDatabase?.close()
    await first?.close()
  })

  const servers = () => [first.app, second]
  const login = (client: TestClient, email: string, password: string) => client.post<Session & ErrorBody>('/auth/login', { email, password })

  async function account() {
    const client = new ClientAt(first.app, nextAddress())
    return client.signup({ email: uniqueEmail('owner') })
  }

  it('stops password spraying: one address, 40 emails at once, half on each server: 30 get 401, the rest 429', async () => {
    const address = nextAddress()
    const target = await account()
    const emails = Array.from({ length: 40 }, (_, i) => (i === 39 ? target.email : uniqueEmail('sprayed')))
    const answers = await Promise.all(emails.map((email, i) => login(new ClientAt(servers()[i % 2]!, address), email, 'Spring2025!')))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILED_PASSWORD_LIMITS.address.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - FAILED_PASSWORD_LIMITS.address.max)
    const limited = answers.find((a) => a.status === 429)!
    expect(limited.body.error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ (minutes|minute|seconds) and try again\.$/)
    })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10 * 60)

    // The right password from that address is refused unseen; another address is not limited.
    expect((await login(new ClientAt(second, address), target.email, target.password)).status).toBe(429)
    expect((await login(new ClientAt(first.app, nextAddress()), target.email, target.password)).status).toBe(200)

    // The 10-minute window ends on both servers.
    first.clock.advance(FAILED_PASSWORD_LIMITS.address.windowMs)
    try {
      expect((await login(new ClientAt(second, address), uniqueEmail('later'), 'Spring2025!')).status).toBe(401)
      expect((await login(new ClientAt(first.app, address), target.email, target.password)).status).toBe(200)
    } finally {
      first.clock.advance(-FAILED_PASSWORD_LIMITS.address.windowMs)
    }
  })

  it('allows 10 failures a minute per address and email, counted on both servers', async () => {
    const address = nextAddress()
    const target = await account()
    for (let i = 0; i < FAILED_PASSWORD_LIMITS.addressEmail.max; i++) {
      expect((await login(new ClientAt(servers()[i % 2]!, address), target.email, 'not the password')).status).toBe(401)
    }
    for (const app of servers()) {
      const res = await login(new ClientAt(app, address), target.email, target.password)
      expect(res.status).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60)
    }
    // Other emails from the address still get their answer.
    expect((await login(new ClientAt(second, address), uniqueEmail('other'), 'not the password')).status).toBe(401)
    first.clock.advance(MINUTE)
    try {
      expect((await login(new ClientAt(second, address), target.email, target.password)).status).toBe(200)
    } finally {
      first.clock.advance(-MINUTE)
    }
  })

  it('counts failures only: a correct password gives its try back', async () => {
    const address = nextAddress()
    const target = await account()
    for (let i = 0; i < FAILED_PASSWORD_LIMITS.addressEmail.max - 1; i++) {
      expect((await login(new ClientAt(first.app, address), target.email, 'not the password')).status).toBe(401)
    }
    // Successes on either server do not add up: without giving back, the second would be the 11th try.
    for (const app of [second, first.app, second]) {
      expect((await login(new ClientAt(app, address), target.email, target.password)).status).toBe(200)
    }
    expect((await login(new ClientAt(first.app, address), target.email, 'not the password')).status).toBe(401)
    // Ten failures: now even the right password waits.
    expect((await login(new ClientAt(second, address), target.email, target.password)).status).toBe(429)
  })

  it('counts the password of an existing account joining an organization like a sign-in', async () => {
    const address = nextAddress()
    const admin = new ClientAt(first.app, nextAddress())
    await admin.signup({ email: uniqueEmail('admin') })
    await admin.createOrganization('Throttled Inc')
    const target = await account()
    const invited = await admin.post<InviteBody>('/members/invite', { email: target.email, role: 'MEMBER' })
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    for (let i = 0; i < FAILED_PASSWORD_LIMITS.addressEmail.max; i++) {
      expect((await new ClientAt(servers()[i % 2]!, address).post('/join/accept', { token, password: `wrong guess ${i}` })).status).toBe(401)
    }
    expect((await new ClientAt(second, address).post('/join/accept', { token, password: target.password })).status).toBe(429)
    expect((await login(new ClientAt(first.app, address), target.email, target.password)).status).toBe(429)
    expect((await new ClientAt(first.app, nextAddress()).post('/join/accept', { token, password: target.password })).status).toBe(200)
  })

  it('stores no address or email, only hashes of the keys', async () => {
    const rows = await first.db.select().from(authThrottle)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('client address keys', () => {
  it('counts IPv4 addresses as they are and IPv6 ones by their /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(clientAddressKey('2001:DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64')
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64')
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientAddressKey('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64')
  })
})
