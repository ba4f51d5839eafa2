/**
 * Anonymous writes against signed-in writers (issue 25, docs/decisions/0001-authority-from-the-database.md).
 * A write refused before any work — no session, a malformed cookie, a path that does not exist — must
 * cost no database statement (counted with the server's statement log), and 1,000 of them a second
 * must not move the p99 of signed-in writes by more than 10 %.
 *
 * On each test database (PGlite, and PostgreSQL when it answers) a real listening server with
 * production settings and one signed-in member. autocannon (worker threads) sends the member's
 * `PUT /user/update-user-details` at a fixed 50 a second (well below what either database takes, so the baseline is not a queue), alone (the baseline) and then while a
 * second autocannon sends 1,000 anonymous POSTs a second; ROUNDS rounds of each in turn, medians.
 *
 * Alone: `npx vitest run -c vitest.bench.config.ts tests/bench/anonymousWrites.bench.ts`.
 * Knobs: PAGECREW_BENCH_SECONDS (4 per run), PAGECREW_BENCH_ROUNDS (3).
 */
import autocannon from 'autocannon'
import { afterAll, describe, expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER, SESSION_COOKIE } from '../../src/shared/api/contract'
import { startTestServer, TestClient, testDatabaseKinds, type RunningTestServer } from '../../src/server/testing/harness'
import { BENCH_SECONDS } from './support/throughput'

const ROUNDS = Number(process.env.PAGECREW_BENCH_ROUNDS ?? 3)
const WRITES_PER_SECOND = 50
const ANONYMOUS_PER_SECOND = 1_000

const kinds = await testDatabaseKinds()
const servers: RunningTestServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe.each(kinds)('anonymous writes [%s]', (kind) => {
  it('cost no statement and leave signed-in writes’ p99 within 10 %', async () => {
    const server = await startTestServer({ database: kind, config: { responseChecks: false, publisherIntervalMs: null } })
    servers.push(server)
    const member = new TestClient(server.app)
    await member.signup()
    await member.createOrganization('Writers')

    const anonymousTargets = [
      { method: 'POST' as const, path: `${API_BASE}/posts/create`, body: '{"text":"x"}' },
      { method: 'POST' as const, path: `${API_BASE}/does-not-exist`, body: '{}' },
      { method: 'DELETE' as const, path: `${API_BASE}/members/delete?userId=00000000-0000-4000-8000-000000000000`, body: undefined }
    ]
    const counted = await server.statementsDuring(async () => {
      for (let i = 0; i < 100; i++) {
        for (const target of anonymousTargets) {
          const res = await fetch(`${server.url}${target.path}`, {
            method: target.method,
            headers: { 'content-type': 'application/json', [CLIENT_HEADER]: 'bench', ...(i % 2 ? { cookie: `${SESSION_COOKIE}=malformed` } : {}) },
            body: target.body
          })
          expect(res.status).toBeGreaterThanOrEqual(400)
          expect(res.status).toBeLessThan(500)
          await res.arrayBuffer()
        }
      }
    })
    expect(counted.statements).toEqual([])

    const writes = () =>
      autocannon({
        url: `${server.url}${API_BASE}/user/update-user-details`,
        method: 'PUT',
        headers: { cookie: `${SESSION_COOKIE}=${member.cookie}`, [CLIENT_HEADER]: 'bench', 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: 'Wendy Writer' }),
        connections: 4,
        overallRate: WRITES_PER_SECOND,
        duration: BENCH_SECONDS,
        workers: 1
      })
    const anonymous = () =>
      autocannon({
        url: `${server.url}${API_BASE}/posts/create`,
        method: 'POST',
        headers: { [CLIENT_HEADER]: 'bench', 'content-type': 'application/json' },
        body: '{"text":"x"}',
        connections: 10,
        overallRate: ANONYMOUS_PER_SECOND,
        duration: BENCH_SECONDS,
        workers: 1
      })

    await writes() // warm-up
    const alone: number[] = []
    const loaded: number[] = []
    let anonymousSent = 0
    for (let round = 0; round < ROUNDS; round++) {
      const quiet = await writes()
      expect(quiet.non2xx).toBe(0)
      alone.push(quiet.latency.p99)
      const [busy, noise] = await Promise.all([writes(), anonymous()])
      expect(busy.non2xx).toBe(0)
      expect(noise['4xx']).toBe(noise.requests.total)
      anonymousSent = Math.max(anonymousSent, noise.requests.total / BENCH_SECONDS)
      loaded.push(busy.latency.p99)
    }
    const ratio = median(loaded) / median(alone)
    console.log(
      [
        `anonymous writes [${kind}] (${new Date().toISOString()}, ${ROUNDS} rounds of ${BENCH_SECONDS} s, medians)`,
        `  statements for ${anonymousTargets.length * 100} refused writes: ${counted.statements.length}`,
        `  signed-in PUT /user/update-user-details at ${WRITES_PER_SECOND}/s, p99 alone: ${median(alone)} ms (rounds ${alone.join(', ')})`,
        `  same with ${Math.round(anonymousSent)} anonymous POSTs/s beside it: ${median(loaded)} ms (rounds ${loaded.join(', ')})`,
        `  ratio: ${ratio.toFixed(2)} (goal ≤ 1.10)`
      ].join('\n')
    )
  })
})
