/**
 * GET /api/v1/slots with an API key (issue 28) against its session-authenticated equivalent, the
 * Plan's list view GET /api/schedule (slots in time order, keyset-paged), on each test database, in
 * one listening server with production settings (no response checks), measured in the same run
 * with autocannon: 2,000 slots, a page of 100 from the same instant. The key's path
 * reads the key's row (authenticate), counts the request against the key's limit (one upsert) and
 * reads the plan's features; the session's path reads the session with its membership.
 * Goal (issue 28): the key's req/s ≥ 0.8 of the session's.
 *
 * Alone: `npx vitest run -c vitest.bench.config.ts tests/bench/api-v1.bench.ts`.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { API_BASE, SESSION_COOKIE } from '../../src/shared/api/contract'
import { V1_BASE } from '../../src/shared/api/v1/contract'
import { assignedSlots, subscriptions } from '../../src/server/db/schema'
import { apiKeyIssuer } from '../../src/server/testing/apiKeys'
import { manualClock } from '../../src/server/testing/clock'
import { startTestServer, TestClient, testDatabaseKinds, type RunningTestServer } from '../../src/server/testing/harness'
import { BENCH_SECONDS, measureThroughput } from './support/throughput'

const NOW = '2026-03-10T10:00:00.000Z'
const SLOTS = 2000
const FROM = '2026-03-11T00:00:00.000Z'

const kinds = await testDatabaseKinds()
const servers: RunningTestServer[] = []
const reports: string[] = []

afterAll(async () => {
  for (const server of servers) await server.close()
  console.log(`\n## GET /api/v1/slots (API key) vs GET /api/schedule (session), ${BENCH_SECONDS} s per run\n\n${reports.join('\n\n')}`)
})

describe.each(kinds)('API key vs session [%s]', (kind) => {
  it('a page of 100 slots, key against session, same run', { timeout: 300_000 }, async () => {
    const clock = manualClock()
    clock.set(NOW)
    const server = await startTestServer({
      database: kind,
      clock,
      config: { responseChecks: false, publisherIntervalMs: null, apiKeyRequestsPerMinute: 1_000_000 }
    })
    servers.push(server)
    const admin = new TestClient(server.app)
    await admin.signup({ fullName: 'Ada Admin' })
    const org = await admin.createOrganization('Bench Co')
    await server.db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const adminId = (await admin.get<{ id: string }>('/user')).body.id
    const start = Date.parse(FROM)
    const rows = Array.from({ length: SLOTS }, (_, i) => ({
      id: randomUUID(),
      organizationId: org.id,
      seriesId: randomUUID(),
      occurrence: 0,
      assigneeId: adminId,
      time: new Date(start + i * 3600_000),
      timezone: 'UTC',
      createdById: adminId,
      createdAt: new Date(NOW),
      updatedAt: new Date(NOW)
    }))
    for (let i = 0; i < rows.length; i += 1000) await server.db.insert(assignedSlots).values(rows.slice(i, i + 1000))
    const { key } = await apiKeyIssuer({ db: server.db, clock }).issue(org.id, adminId, ['plan:read'])

    const session = await measureThroughput('session GET /api/schedule', `${server.url}${API_BASE}/schedule?from=${FROM}&limit=100`, {
      cookie: `${SESSION_COOKIE}=${admin.cookie}`
    })
    const keyed = await measureThroughput('API key GET /api/v1/slots', `${server.url}${V1_BASE}/slots?from=${FROM}&limit=100`, { authorization: `Bearer ${key}` })
    const ratio = keyed.requests / session.requests
    reports.push(
      [
        `### ${kind}`,
        '| run | req/s | p99 ms | bytes/answer |',
        '| --- | ---: | ---: | ---: |',
        ...[session, keyed].map((m) => `| ${m.name} | ${m.requests.toFixed(0)} | ${m.p99} | ${m.bytes.toFixed(0)} |`),
        `ratio key/session: ${ratio.toFixed(2)} (goal ≥ 0.8)`
      ].join('\n')
    )
    expect(keyed.requests).toBeGreaterThan(0)
  })
})
