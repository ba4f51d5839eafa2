/**
 * GET /user and the notification list at team scale (issue 16). GET /user is polled every 30 s by
 * every open app and desktop, so it must cost about what the session look-up costs, whatever the
 * user has accumulated. On each test database (PGlite, and PostgreSQL when it answers) a real
 * listening server (production settings: no response checks) and two signed-in users:
 * - plain: one organization, nothing else;
 * - heavy: 50 organizations (memberships), 20 teams in the active one (leading one of them), a team
 *   in every other organization, 10,000 unread notifications in the active organization.
 * autocannon (in a worker thread, so the load does not share the server's event loop; ~10
 * connections, loopback) measures:
 * - a bare Fastify answering a constant JSON of the same size as GET /auth's answer (the baseline of /auth),
 *   and the plain and the heavy user's GET /user answers (what their size alone costs: the heavy
 *   answer is 22 KB against 1.3 KB, and sending it costs more whatever the server does);
 * - GET /auth, the session look-up alone (the baseline of the rest);
 * - GET /user as the plain user, a user with the heavy user's organizations and teams but no
 *   notifications (what 10,000 notifications add: goal within 10 %) and the heavy user;
 * - GET /notification/list's first page (20 items) as the plain user given 20 notifications and as the heavy user.
 * Nothing is kept between requests: each one reads its session, role and membership from the
 * database (docs/decisions/0001-authority-from-the-database.md).
 * Goals (issue 16): /auth ≥ 0.2 of bare Fastify; /user ≥ 0.5 of /auth; both flat in the notifications.
 * It also prints EXPLAIN ANALYZE of the heavy user's unread count (read, and counted) and first page.
 *
 * Alone: `npx vitest run -c vitest.bench.config.ts tests/bench/user.bench.ts`.
 * Each request is measured once per round, ROUNDS rounds in turn; the table shows each one's median.
 * Knobs: PAGECREW_BENCH_SECONDS (4 per run), PAGECREW_BENCH_CONNECTIONS (10), PAGECREW_BENCH_ROUNDS (3).
 */
import Fastify from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER, SESSION_COOKIE } from '../../src/shared/api/contract'
import type { Database } from '../../src/server/db/client'
import { rowsOf } from '../../src/server/db/migrate'
import { startTestServer, TestClient, testDatabaseKinds, type RunningTestServer } from '../../src/server/testing/harness'
import { BENCH_SECONDS, measureThroughput, type Measured } from './support/throughput'

const ORGANIZATIONS = 50
const TEAMS = 20
const NOTIFICATIONS = 10_000
const ROUNDS = Number(process.env.PAGECREW_BENCH_ROUNDS ?? 3)

/** Everything the heavy user has beyond their first organization, written straight into the database. */
async function seedHeavy(db: Database, userId: string, activeOrganizationId: string, notificationCount = NOTIFICATIONS): Promise<void> {
  const now = new Date('2026-03-01T12:00:00.000Z')
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table bench_orgs on commit drop as
      select gen_random_uuid() as id, n from generate_series(1, ${ORGANIZATIONS - 1}) n`)
    await tx.execute(sql`
      insert into organizations (id, organization_work_os_id, name, created_at, updated_at)
      select id, 'org_bench' || replace(id::text, '-', ''), 'Bench organization ' || n, ${now}, ${now} from bench_orgs`)
    await tx.execute(sql`
      insert into memberships (id, organization_id, user_id, role, status, assigned_number_of_posts, user_approval_flow, created_at, updated_at)
      select gen_random_uuid(), id, ${userId}, case when n % 3 = 0 then 'ADMIN' else 'MEMBER' end, 'ACTIVE', 0, false, ${now}, ${now} from bench_orgs`)
    // A team in every other organization, with the user in it.
    await tx.execute(sql`
      create temporary table bench_teams on commit drop as
      select gen_random_uuid() as id, id as organization_id, n from bench_orgs
      union all
      select gen_random_uuid(), ${activeOrganizationId}::uuid, n from generate_series(1, ${TEAMS}) n`)
    await tx.execute(sql`
      insert into teams (id, organization_id, name, created_at, updated_at)
      select id, organization_id, 'Bench team ' || n, ${now}, ${now} from bench_teams`)
    await tx.execute(sql`
      insert into team_members (team_id, organization_id, user_id, is_leader, created_at)
      select distinct on (organization_id) id, organization_id, ${userId}, true, ${now} from bench_teams order by organization_id, n`)
    await tx.execute(sql`
      insert into notifications (id, organization_id, user_id, title, message, link, read, created_at)
      select gen_random_uuid(), ${activeOrganizationId}, ${userId}, 'Slot reminder ' || n, 'Your slot of day ' || n || ' is coming up.', '/schedule',
             false, ${now}::timestamptz - make_interval(mins => n)
      from generate_series(1, ${notificationCount}) n`)
  })
  await db.execute(sql`analyze`)
}

async function explain(db: Database, query: ReturnType<typeof sql>): Promise<string> {
  const rows = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers off, timing off, summary on) ${query}`))
  return rows.map((r) => Object.values(r)[0]).join('\n')
}

const kinds = await testDatabaseKinds()
const servers: RunningTestServer[] = []
const reports: string[] = []

afterAll(async () => {
  for (const server of servers) await server.close()
  console.log(`\n## GET /user and the notification list (issue 16), ${BENCH_SECONDS} s per run\n\n${reports.join('\n\n')}`)
})

describe.each(kinds)('GET /user at team scale on %s', (kind) => {
  it('measures /user and /notification/list against /auth and a bare Fastify', async () => {
    const server = await startTestServer({ database: kind, config: { responseChecks: false, publisherIntervalMs: null } })
    servers.push(server)

    const plain = new TestClient(server.app)
    await plain.signup()
    const plainOrganization = await plain.createOrganization('Plain')
    const heavy = new TestClient(server.app)
    await heavy.signup()
    const active = await heavy.createOrganization('Heavy')
    const before = (await heavy.get<{ id: string; organizations: { unreadNotificationCount: number }[] }>('/user')).body
    const heavyId = before.id
    const unreadBefore = before.organizations.reduce((sum, o) => sum + o.unreadNotificationCount, 0)
    await seedHeavy(server.db, heavyId, active.id)

    const heavyUser = await heavy.get<{ organizations: { unreadNotificationCount: number }[]; teams: unknown[]; leadingTeams: unknown[] }>('/user')
    expect(heavyUser.status).toBe(200)
    expect(heavyUser.body.organizations).toHaveLength(ORGANIZATIONS)
    expect(heavyUser.body.teams).toHaveLength(ORGANIZATIONS)
    expect(heavyUser.body.leadingTeams).toHaveLength(1)
    expect(heavyUser.body.organizations.reduce((sum, o) => sum + o.unreadNotificationCount, 0)).toBe(unreadBefore + NOTIFICATIONS)

    // The same organizations and teams without the notifications: what the notifications alone cost.
    const wide = new TestClient(server.app)
    await wide.signup()
    const wideActive = await wide.createOrganization('Wide')
    await seedHeavy(server.db, (await wide.get<{ id: string }>('/user')).body.id, wideActive.id, 0)
    expect((await wide.get<{ organizations: unknown[] }>('/user')).body.organizations).toHaveLength(ORGANIZATIONS)

    // The notification list's baseline: the plain user with exactly one full first page (20), so the
    // heavy user's page holds as many items and only the 10,000 behind it differ.
    const plainId = (await plain.get<{ id: string }>('/user')).body.id
    await server.db.execute(sql`
      insert into notifications (id, organization_id, user_id, title, message, link, read, created_at)
      select gen_random_uuid(), ${plainOrganization.id}, ${plainId}, 'Slot reminder ' || n, 'Your slot of day ' || n || ' is coming up.', '/schedule', false, now() - make_interval(mins => n)
      from generate_series(1, 20 - (select count(*)::int from notifications where user_id = ${plainId})) n`)
    expect((await plain.get<{ items: unknown[] }>('/notification/list')).body.items).toHaveLength(20)

    const headersOf = (client: TestClient) => ({ cookie: `${SESSION_COOKIE}=${client.cookie}`, [CLIENT_HEADER]: 'bench' })
    const auth = await plain.get('/auth')
    expect(auth.status).toBe(200)
    const authJson = JSON.stringify(auth.body)

    // The plain and the heavy user's GET /user answers, for a bare Fastify sending the same bytes.
    const plainUserJson = JSON.stringify((await plain.get('/user')).body)
    const heavyUserJson = JSON.stringify((await heavy.get('/user')).body)

    const bare = Fastify({ logger: false })
    bare.get('/api/auth', async (_request, reply) => reply.type('application/json; charset=utf-8').send(authJson))
    bare.get('/api/user/plain', async (_request, reply) => reply.type('application/json; charset=utf-8').send(plainUserJson))
    bare.get('/api/user/heavy', async (_request, reply) => reply.type('application/json; charset=utf-8').send(heavyUserJson))
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

    const explains = [
      // What GET /user reads per membership (kept by triggers, migration 0014), and what counting would cost.
      ['unread count', sql`select unread from notification_unread_counts where user_id = ${heavyId} and organization_id = ${active.id}`],
      ['unread count, counted', sql`select count(*) from notifications where user_id = ${heavyId} and organization_id = ${active.id} and not read`],
      [
        'first page',
        sql`select id from notifications where user_id = ${heavyId} and organization_id = ${active.id} order by created_at desc, id desc limit 21`
      ]
    ] as const
    const plans: string[] = []
    for (const [name, query] of explains) plans.push(`${name}:\n${await explain(server.db, query)}`)

    const targets: [name: string, url: string, headers: Record<string, string>][] = [
      ['bare Fastify', `${bareUrl}/api/auth`, {}],
      ['bare Fastify, plain GET /user bytes', `${bareUrl}/api/user/plain`, {}],
      ['bare Fastify, heavy GET /user bytes', `${bareUrl}/api/user/heavy`, {}],
      ['GET /auth', `${server.url}${API_BASE}/auth`, headersOf(plain)],
      ['GET /user (plain)', `${server.url}${API_BASE}/user`, headersOf(plain)],
      ['GET /user (50 orgs, 0 notifications)', `${server.url}${API_BASE}/user`, headersOf(wide)],
      ['GET /user (heavy)', `${server.url}${API_BASE}/user`, headersOf(heavy)],
      ['GET /notification/list (20 notifications)', `${server.url}${API_BASE}/notification/list`, headersOf(plain)],
      ['GET /notification/list (heavy)', `${server.url}${API_BASE}/notification/list`, headersOf(heavy)]
    ]
    // Every request once per round, rounds one after another: a slow moment of the machine (or a
    // garbage collection) touches one run of each, and the median leaves it out.
    const runs = new Map<string, Measured[]>(targets.map(([name]) => [name, []]))
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, url, headers] of targets) runs.get(name)!.push(await measureThroughput(name, url, headers))
      }
    } finally {
      await bare.close()
    }
    const results = targets.map(([name]) => {
      const measured = [...runs.get(name)!].sort((a, b) => a.requests - b.requests)
      return { ...measured[Math.floor(measured.length / 2)]!, low: measured[0]!.requests, high: measured.at(-1)!.requests }
    })
    const by = (name: string) => results.find((r) => r.name === name)!
    const baselineOf: Record<string, string> = {
      'bare Fastify, heavy GET /user bytes': 'bare Fastify, plain GET /user bytes',
      'GET /auth': 'bare Fastify',
      'GET /user (plain)': 'GET /auth',
      'GET /user (50 orgs, 0 notifications)': 'GET /user (plain)',
      'GET /user (heavy)': 'GET /user (50 orgs, 0 notifications)',
      'GET /notification/list (20 notifications)': 'GET /auth',
      'GET /notification/list (heavy)': 'GET /notification/list (20 notifications)'
    }
    const rows = results.map((r) => {
      const base = baselineOf[r.name]
      const ratio = base ? (r.requests / by(base).requests).toFixed(2) : '–'
      return `| ${r.name} | ${Math.round(r.requests)} | ${Math.round(r.low)}–${Math.round(r.high)} | ${r.p99} | ${Math.round(r.bytes)} | ${base ?? '–'} | ${ratio} |`
    })
    // What the answer's size alone costs: each user's GET /user against a bare Fastify sending its bytes.
    const ownCost = (user: string, bytes: string) => by(user).requests / by(bytes).requests
    const plainOwn = ownCost('GET /user (plain)', 'bare Fastify, plain GET /user bytes')
    const heavyOwn = ownCost('GET /user (heavy)', 'bare Fastify, heavy GET /user bytes')
    const extra = [
      `| GET /user (plain) | | | | | bare Fastify, plain GET /user bytes | ${plainOwn.toFixed(2)} |`,
      `| GET /user (heavy) | | | | | bare Fastify, heavy GET /user bytes | ${heavyOwn.toFixed(2)} |`,
      `| GET /user (heavy) ÷ (plain), each against its bytes | | | | | | ${(heavyOwn / plainOwn).toFixed(2)} |`,
      `| GET /user (heavy) | | | | | GET /user (plain) | ${(by('GET /user (heavy)').requests / by('GET /user (plain)').requests).toFixed(2)} |`,
      `| GET /user (heavy) | | | | | GET /auth | ${(by('GET /user (heavy)').requests / by('GET /auth').requests).toFixed(2)} |`
    ]
    reports.push(
      [
        `### ${kind}`,
        '',
        `| request | req/s (median of ${ROUNDS}) | range | p99 ms | bytes | baseline | ratio |`,
        '|---|---:|---:|---:|---:|---|---:|',
        ...rows,
        ...extra,
        '',
        '```',
        ...plans,
        '```'
      ].join('\n')
    )
    for (const r of results) expect(r.requests, `${r.name} answered`).toBeGreaterThan(0)
  })
})
