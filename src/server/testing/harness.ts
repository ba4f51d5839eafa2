/**
 * Test harness for the API server: an app on a fresh, migrated database (in-memory PGlite always;
 * PostgreSQL too when one answers), a controllable clock and a cookie-keeping client over
 * app.inject(). Also used by the e2e tests to run a real server in-process (startTestServer).
 * Nothing here imports vitest.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Logger } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import pg from 'pg'
import { API_BASE, API_ERROR_CODES, CLIENT_HEADER, SESSION_COOKIE, type ApiErrorCode } from '../../shared/api/contract'
import type { Notification } from '../../shared/domain'
import type { IdentityProvider } from '../adapters/identity/identity'
import type { LinkedInClient } from '../adapters/linkedin/linkedin'
import type { MailTransport } from '../adapters/mail/mail'
import { createPasswordIdentity } from '../adapters/identity/password'
import { createServer, type CreateServerOptions } from '../app'
import { manualClock, type ManualClock } from './clock'
import type { ServerConfig } from '../config'
import { openDatabase, type Database, type DatabaseHandle } from '../db/client'
import { embeddedOptions } from '../db/embedded'
import { migrate, MIGRATIONS } from '../db/migrate'
import { migratedPgliteDump, writeDumpFile } from '../db/pgliteTemplate'
import * as schema from '../db/schema'
import { manualTimers, type ManualTimers } from './timers'

type TestDatabaseKind = 'pglite' | 'postgres'

/** The PostgreSQL server the tests may use: DATABASE_URL, else the local trust-auth default. */
export const TEST_POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'

let postgresProbe: Promise<PostgresProbe> | null = null
let pgliteTemplate: Promise<Blob> | null = null
let postgresTemplate: Promise<string> | null = null

/**
 * PGlite's initdb costs seconds; loading a data directory costs about one. The first test database
 * of a machine is made the slow way, migrated, and dumped to the temp folder (keyed by the PGlite
 * version and the migrations' text); every later one starts from that dump.
 */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir)
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const key = createHash('sha256')
      .update(`v3 ${pgliteVersion()}`)
      .update(MIGRATIONS.map((m) => `${m.name}\n${m.sql}`).join('\n'))
      .digest('hex')
      .slice(0, 16)
    const file = join(tmpdir(), `pagecrew-test-pglite-${key}.tar`)
    if (existsSync(file)) return new Blob([await readFile(file)])
    const dump = await migratedPgliteDump()
    await writeDumpFile(file, dump) // atomic: parallel workers never see half a file
    return dump
  })()
  return pgliteTemplate
}

/** The test server's URL with another database name. */
function postgresUrlFor(database: string): string {
  const url = new URL(TEST_POSTGRES_URL)
  url.pathname = `/${database}`
  return url.toString()
}

/** Runs `work` on a fresh connection to the test server's own database, then closes it. */
async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

/** Arbitrary constant: test processes building the PostgreSQL template queue on this session lock. */
const POSTGRES_TEMPLATE_LOCK_KEY = 4_680_002

/**
 * Migrating a new PostgreSQL database costs about a second; copying a migrated one costs a fraction.
 * One template database per migration set, `pagecrew_tpl_<hash of the migrations>`, is migrated
 * once per server and every test database is created from it (`create database … template …`).
 * - Parallel workers (and parallel runs of other checkouts on the same server) queue on a session
 *   advisory lock; whoever gets it first builds, the rest find it built.
 * - It is built under a `_partial` name, marked a template that accepts no connections (copying
 *   needs a template nobody is connected to), and renamed last: a template under the final name is
 *   always complete. A `_partial` left by a killed run is dropped and rebuilt.
 * - Templates of other migration sets are left alone: another checkout may be using them.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const key = createHash('sha256')
      .update('v1 ')
      .update(MIGRATIONS.map((m) => `${m.name}\n${m.sql}`).join('\n'))
      .digest('hex')
      .slice(0, 16)
    const name = `pagecrew_tpl_${key}`
    const partial = `${name}_partial`
    const isBuilt = async (admin: pg.Client) =>
      (await admin.query('select 1 from pg_database where datname = $1 and datistemplate and not datallowconn', [name])).rowCount === 1
    await withAdmin(async (admin) => {
      if (await isBuilt(admin)) return
      await admin.query('select pg_advisory_lock($1)', [POSTGRES_TEMPLATE_LOCK_KEY])
      try {
        if (await isBuilt(admin)) return
        for (const stale of [partial, name]) {
          const exists = await admin.query('select 1 from pg_database where datname = $1', [stale])
          if (exists.rowCount === 0) continue
          await admin.query(`alter database "${stale}" is_template false`)
          await admin.query(`drop database "${stale}" with (force)`)
        }
        await admin.query(`create database "${partial}"`)
        const handle = await openDatabase({ databaseUrl: postgresUrlFor(partial) })
        try {
          await migrate(handle.db)
        } finally {
          await handle.close()
        }
        await admin.query(`alter database "${partial}" with is_template true allow_connections false`)
        // The pool's backends may still be exiting; renaming (and copying) needs them gone.
        while ((await admin.query('select 1 from pg_stat_activity where datname = $1', [partial])).rowCount !== 0) {
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        await admin.query(`alter database "${partial}" rename to "${name}"`)
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [POSTGRES_TEMPLATE_LOCK_KEY])
      }
    })
    return name
  })()
  return postgresTemplate
}

type PostgresProbe = 'answers' | 'absent' | 'broken'

/** Whether anything listens at the test server's address at all (a TCP connect, nothing more). */
function portListens(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) })
    socket.setTimeout(1500)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    for (const failure of ['error', 'timeout'] as const) {
      socket.once(failure, () => {
        socket.destroy()
        resolve(false)
      })
    }
  })
}

async function probePostgres(): Promise<PostgresProbe> {
  if (!(await portListens(TEST_POSTGRES_URL))) return 'absent'
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select 1')
    return 'answers'
  } catch {
    return 'broken'
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * The databases to run server suites against: always 'pglite'; 'postgres' as well when a server
 * listens at the test address. Something listening there that does not answer queries fails the run
 * rather than quietly skipping the PostgreSQL half; so does nothing listening when
 * PAGECREW_TEST_REQUIRE_POSTGRES=1.
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  postgresProbe ??= probePostgres()
  const probe = await postgresProbe
  if (probe === 'broken' || (probe === 'absent' && process.env.PAGECREW_TEST_REQUIRE_POSTGRES === '1')) {
    throw new Error(`PostgreSQL is required for the tests but does not answer at ${TEST_POSTGRES_URL}`)
  }
  return probe === 'answers' ? ['pglite', 'postgres'] : ['pglite']
}

/**
 * A migrated database nobody else uses: in-memory PGlite, or a new PostgreSQL database
 * `pagecrew_test_<random>` that close() drops again. `logger` hears every statement drizzle sends.
 */
export async function createTestDatabase(kind: TestDatabaseKind = 'pglite', options: { logger?: Logger } = {}): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const client = new PGlite({ ...embeddedOptions(), loadDataDir: await migratedPgliteTemplate() })
    await client.waitReady
    const db: Database = drizzle({ client, schema, logger: options.logger })
    await migrate(db) // a no-op on the template; keeps the guarantee explicit
    return { db, kind: 'pglite', close: () => client.close() }
  }
  const template = await migratedPostgresTemplate()
  const name = `pagecrew_test_${randomBytes(6).toString('hex')}`
  await withAdmin(async (admin) => {
    await admin.query(`create database "${name}" template "${template}"`)
    // A test database need not survive a crash of the server: commits skip waiting for the WAL
    // flush (what each sees and when is unchanged), as on the fault tests' private clusters.
    await admin.query(`alter database "${name}" set synchronous_commit = off`)
  })
  const handle = await openDatabase({ databaseUrl: postgresUrlFor(name), logger: options.logger })
  await migrate(handle.db) // a no-op on the template; keeps the guarantee explicit
  return {
    ...handle,
    async close() {
      await handle.close()
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`))
    }
  }
}

export interface TestApp {
  app: FastifyInstance
  db: Database
  kind: TestDatabaseKind
  clock: ManualClock
  /** The background jobs' timers when options.manualTimers asked for them (advance them by hand); else null (real timers). */
  timers: ManualTimers | null
  /** A temporary data folder (uploads), removed by close() unless config.dataDir was given. */
  dataDir: string
  /**
   * Runs `action` and lists the SQL statements sent to the database meanwhile (drizzle's, so with
   * PostgreSQL also a transaction's begin and commit). Nothing else may use the database meanwhile.
   */
  statementsDuring<T>(action: () => Promise<T>): Promise<{ result: T; statements: string[] }>
  close(): Promise<void>
}

export interface TestAppOptions {
  database?: TestDatabaseKind
  /** A migrated database the test opened itself (e.g. on a private cluster); close() closes it. statementsDuring sees nothing of it. */
  databaseHandle?: DatabaseHandle
  clock?: ManualClock
  /** Give the server manual timers (TestApp.timers) instead of real ones: the publisher runs only when the test advances them. */
  manualTimers?: boolean
  config?: Partial<ServerConfig>
  /** An identity provider, or a factory given the test database (e.g. to wrap the built-in one). */
  identity?: IdentityProvider | ((deps: { db: Database; clock: ManualClock }) => IdentityProvider)
  mailTransport?: MailTransport | null
  /** Where the Stripe webhook route reports skipped events (with config.stripe set). */
  webhookLog?: (message: string) => void
  /** The LinkedIn client (e.g. a sandbox the test inspects); default: the configured one. */
  linkedInAdapter?: LinkedInClient | ((deps: { clock: ManualClock }) => LinkedInClient)
  /** Single sign-on's DNS TXT lookups and HTTP client towards identity providers (createServer's `sso`). */
  sso?: CreateServerOptions['sso']
  /** The webhook sender's DNS, formatters, timeout or pace (createServer's `webhooks`). */
  webhooks?: CreateServerOptions['webhooks']
  /** The post media storage (createServer's `mediaStorage`); default the local folder in the data folder. */
  mediaStorage?: CreateServerOptions['mediaStorage']
  /** createServer's `serviceLog`: what the services report as errors (e.g. a job's failed run). */
  serviceLog?: CreateServerOptions['serviceLog']
}

/** Cheap argon2id parameters: hashing stays real but takes a millisecond, keeping suites fast. */
export const FAST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 }

/** A server on a fresh database, ready for inject(). Logs only errors unless config.logLevel says otherwise. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  let recording: string[] | null = null
  const handle = options.databaseHandle ?? (await createTestDatabase(options.database ?? 'pglite', { logger: { logQuery: (query) => void recording?.push(query) } }))
  const kind = handle.kind
  const clock = options.clock ?? manualClock()
  const timers = options.manualTimers ? manualTimers() : null
  const ownDataDir = options.config?.dataDir ? null : await mkdtemp(join(tmpdir(), 'pagecrew-test-data-'))
  const dataDir = options.config?.dataDir ?? ownDataDir!
  const app = createServer({
    db: handle.db,
    clock,
    timers: timers ?? undefined,
    mailTransport: options.mailTransport,
    webhookLog: options.webhookLog,
    sso: options.sso,
    webhooks: options.webhooks,
    mediaStorage: options.mediaStorage,
    serviceLog: options.serviceLog,
    linkedInAdapter: typeof options.linkedInAdapter === 'function' ? options.linkedInAdapter({ clock }) : options.linkedInAdapter,
    config: { logLevel: 'error', ...options.config, dataDir },
    identity:
      typeof options.identity === 'function'
        ? options.identity({ db: handle.db, clock })
        : (options.identity ?? createPasswordIdentity({ db: handle.db, clock, argon2: FAST_ARGON2 }))
  })
  // Requests still being answered: a client that gave up (a benchmark's load tool stopping mid-request)
  // closes its socket, so the server's close() no longer waits for them, and closing the database
  // under them made them fail. close() waits until each has its answer (onSend), or 10 s.
  const answering = new Set<FastifyRequest>()
  app.addHook('onRequest', async (request) => {
    answering.add(request)
  })
  app.addHook('onSend', async (request, _reply, payload) => {
    answering.delete(request)
    return payload
  })
  await app.ready()
  return {
    app,
    db: handle.db,
    kind,
    clock,
    timers,
    dataDir,
    async statementsDuring(action) {
      if (recording) throw new Error('statementsDuring does not nest')
      const statements: string[] = []
      recording = statements
      try {
        return { result: await action(), statements }
      } finally {
        recording = null
      }
    },
    async close() {
      await app.close()
      for (const until = Date.now() + 10_000; answering.size > 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 10))
      await handle.close()
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true })
    }
  }
}

export interface RunningTestServer extends TestApp {
  /** e.g. http://127.0.0.1:40123 */
  url: string
}

/**
 * A real HTTP server on a free loopback port (e2e): pass `config.rendererDir` (e.g. out/renderer)
 * to serve the built renderer too. Uses the system clock unless one is given.
 */
export async function startTestServer(options: TestAppOptions = {}): Promise<RunningTestServer> {
  const testApp = await createTestApp({ clock: options.clock ?? systemLikeClock(), ...options })
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...testApp, url: address }
}

/** A ManualClock that follows real time until set or advanced (then keeps the offset). */
function systemLikeClock(): ManualClock {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    set: (date) => {
      offset = new Date(date).getTime() - Date.now()
    },
    advance: (ms) => {
      offset += ms
    }
  }
}

export interface TestResponse<T = unknown> {
  status: number
  body: T
  headers: Record<string, string | string[] | number | undefined>
  /** Raw Set-Cookie header values. */
  setCookies: string[]
}

interface RequestOptions {
  body?: unknown
  query?: Record<string, string>
  headers?: Record<string, string>
  /** Send the X-Pagecrew-Client header (default true). */
  clientHeader?: boolean
  /** Send a raw payload instead of JSON (with this content type). */
  raw?: { payload: string | Buffer; contentType: string }
}

/** A signed-in (or not) browser over app.inject(): keeps the session cookie and sends the client header. */
export class TestClient {
  cookie: string | null = null

  constructor(readonly app: FastifyInstance) {}

  /** The same signed-in browser talking to another server (another process on the same database). */
  on(app: FastifyInstance): TestClient {
    const twin = new TestClient(app)
    twin.cookie = this.cookie
    return twin
  }

  async request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.clientHeader !== false) headers[CLIENT_HEADER] = 'test'
    if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`
    let payload: string | Buffer | undefined
    if (options.raw) {
      payload = options.raw.payload
      headers['content-type'] = options.raw.contentType
    } else if (options.body !== undefined) {
      payload = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    const res = await this.app.inject({ method, url: `${API_BASE}${path}`, query: options.query, headers, payload })
    const setCookie = res.headers['set-cookie']
    const setCookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]
    for (const line of setCookies) {
      const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line)
      if (!match) continue
      const cleared = match[1] === '' || /Max-Age=0/i.test(line) || /Expires=Thu, 01 Jan 1970/i.test(line)
      this.cookie = cleared ? null : match[1]!
    }
    const text = res.body
    let body: unknown = null
    if (text) {
      try {
        body = JSON.parse(text)
      } catch {
        body = text
      }
    }
    // Every error answer must use a documented code with its documented status (contract API_ERROR_CODES).
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code
    if (res.statusCode >= 400 && (typeof code !== 'string' || API_ERROR_CODES[code as ApiErrorCode] !== res.statusCode)) {
      throw new Error(`${method} ${path}: status ${res.statusCode} with undocumented error code ${String(code)}`)
    }
    return { status: res.statusCode, body: body as T, headers: res.headers, setCookies }
  }

  get<T = unknown>(path: string, query?: Record<string, string>) {
    return this.request<T>('GET', path, { query })
  }

  /** Whether GET /auth answers a session (a signed-out caller gets a 200 with null, not a 401). */
  async signedIn(): Promise<boolean> {
    const res = await this.get('/auth')
    if (res.status !== 200) throw new Error(`GET /auth: status ${res.status} ${JSON.stringify(res.body)}`)
    return res.body !== null
  }

  /** The bell: GET /notification/list's first page at its largest (100), with the items as the body. */
  async notifications(): Promise<TestResponse<Notification[]>> {
    const res = await this.get<{ items: Notification[] }>('/notification/list', { limit: '100' })
    return { ...res, body: res.status === 200 ? res.body.items : (res.body as unknown as Notification[]) }
  }
  post<T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body })
  }
  put<T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body })
  }
  delete<T = unknown>(path: string, query?: Record<string, string>) {
    return this.request<T>('DELETE', path, { query })
  }

  /** A multipart/form-data request (team create/update): text fields and optional files. */
  multipart<T = unknown>(
    method: 'POST' | 'PUT',
    path: string,
    fields: Record<string, string>,
    files: { field: string; fileName: string; contentType: string; data: Buffer }[] = []
  ) {
    const { payload, contentType } = multipartBody(fields, files)
    return this.request<T>(method, path, { raw: { payload, contentType } })
  }

  /** Signs up a new user with a unique email; the client is then signed in. */
  async signup(overrides: Partial<{ email: string; password: string; fullName: string }> = {}) {
    const account = {
      email: `user-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct horse battery staple',
      fullName: 'Test User',
      ...overrides
    }
    const res = await this.post('/auth/signup', account)
    if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`)
    return account
  }

  /** Creates an organization (onboarding) and returns its ids; the session switches to it. */
  async createOrganization(organizationName = 'Acme', extra: Record<string, string> = {}) {
    const res = await this.post<{ id: string; organizationWorkOSId: string; name: string }>('/auth/create-organization', {
      organizationName,
      ...extra
    })
    if (res.status !== 200) throw new Error(`create-organization failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
}

/** Encodes a multipart/form-data body (RFC 7578) for tests. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; fileName: string; contentType: string; data: Buffer }[] = []
): { payload: Buffer; contentType: string } {
  const boundary = `----pagecrew${randomBytes(12).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`
      ),
      file.data,
      Buffer.from('\r\n')
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}
