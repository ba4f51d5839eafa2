/**
 * Publisher benchmark (issue 6): publish throughput with the LinkedIn sandbox on PostgreSQL and the
 * time from due to published at p50/p99, for 2 workers against 1 (the baseline). Each worker has its
 * own connection pool, like separate server processes. All posts are due at the start (a backlog
 * burst), so due→published includes the time a post waits in the queue.
 *
 * `npm run bench` (never `npm test`); alone: `npx vitest run -c vitest.bench.config.ts tests/bench/publisher.bench.ts`.
 * Needs PostgreSQL at the test address (skipped with a note otherwise).
 * Knobs: PAGECREW_BENCH_POSTS (2000), PAGECREW_BENCH_LATENCY_MS (20), PAGECREW_BENCH_CONCURRENCY (8).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createLinkedInSandbox } from '../../src/server/adapters/linkedin/sandbox'
import { systemClock } from '../../src/server/clock'
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client'
import { rowsOf } from '../../src/server/db/migrate'
import { organizations, posts, users } from '../../src/server/db/schema'
import { createNotificationService } from '../../src/server/services/notifications'
import { newPostValues } from '../../src/server/services/posts'
import { createTestDatabase, TEST_POSTGRES_URL, testDatabaseKinds } from '../../src/server/testing/harness'
import { createPublisher } from '../../src/server/jobs/publisher'

const postgres = (await testDatabaseKinds()).includes('postgres')
if (!postgres) console.warn(`publisher benchmark skipped: PostgreSQL does not answer at ${TEST_POSTGRES_URL}`)

const N = Number(process.env.PAGECREW_BENCH_POSTS ?? 2000)
const LATENCY_MS = Number(process.env.PAGECREW_BENCH_LATENCY_MS ?? 20)
const CONCURRENCY = Number(process.env.PAGECREW_BENCH_CONCURRENCY ?? 8)
const BATCH = 50

interface Row {
  workers: number
  posts: number
  seconds: number
  postsPerSecond: number
  p50Ms: number
  p99Ms: number
}

async function run(main: Database, pools: Database[], organizationId: string, authorUserId: string): Promise<Row> {
  await main.delete(posts)
  const sandbox = createLinkedInSandbox({ clock: systemClock, latencyMs: LATENCY_MS })
  const due = new Date()
  const rows = Array.from({ length: N }, (_, i) => newPostValues({ organizationId, authorUserId, text: `Bench ${i}`, scheduledAt: due }, due))
  for (let i = 0; i < rows.length; i += 1000) await main.insert(posts).values(rows.slice(i, i + 1000))
  const workers = pools.map((db, i) =>
    createPublisher({
      db,
      clock: systemClock,
      linkedin: sandbox,
      notifications: createNotificationService(db, systemClock),
      workerId: `bench-${i}`,
      batchSize: BATCH,
      concurrency: CONCURRENCY,
      resolveTarget: async (post) => ({ accessToken: { token: 'bench', expiresAt: null }, author: { kind: 'person', id: post.authorUserId }, media: [] })
    })
  )
  // Due from the moment the workers start (the insert's own time is not counted).
  await main.update(posts).set({ scheduledAt: new Date() })
  const started = performance.now()
  await Promise.all(
    workers.map(async (w) => {
      while ((await w.runOnce()).claimed > 0);
    })
  )
  const seconds = (performance.now() - started) / 1000
  const [stats] = rowsOf<{ published: number; p50: number; p99: number }>(
    await main.execute(sql`
      select count(*)::int as published,
        percentile_cont(0.5) within group (order by extract(epoch from published_at - scheduled_at) * 1000) as p50,
        percentile_cont(0.99) within group (order by extract(epoch from published_at - scheduled_at) * 1000) as p99
      from ${posts} where status = 'PUBLISHED'`)
  )
  expect(stats!.published).toBe(N)
  expect(sandbox.posts).toHaveLength(N)
  return { workers: pools.length, posts: N, seconds, postsPerSecond: N / seconds, p50Ms: Number(stats!.p50), p99Ms: Number(stats!.p99) }
}

describe.skipIf(!postgres)('publisher benchmark [postgres]', () => {
  it(`${N} due posts, sandbox latency ${LATENCY_MS} ms: 1 worker vs 2 workers`, { timeout: 600_000 }, async () => {
    const handle = await createTestDatabase('postgres')
    const extra: DatabaseHandle[] = []
    try {
      const [{ name }] = rowsOf<{ name: string }>(await handle.db.execute(sql`select current_database() as name`)) as [{ name: string }]
      const url = new URL(TEST_POSTGRES_URL)
      url.pathname = `/${name}`
      for (let i = 0; i < 2; i++) extra.push(await openDatabase({ databaseUrl: url.toString() }))
      const organizationId = randomUUID()
      const authorUserId = randomUUID()
      const now = new Date()
      await handle.db.insert(organizations).values({ id: organizationId, organizationWorkOSId: `org_${randomUUID()}`, name: 'Bench', createdAt: now, updatedAt: now })
      await handle.db.insert(users).values({ id: authorUserId, email: `${authorUserId}@example.com`, fullName: 'Bench', createdAt: now, updatedAt: now })

      const one = await run(handle.db, [extra[0]!.db], organizationId, authorUserId)
      const two = await run(handle.db, [extra[0]!.db, extra[1]!.db], organizationId, authorUserId)
      const line = (r: Row) =>
        `| ${r.workers} | ${r.posts} | ${r.seconds.toFixed(2)} | ${r.postsPerSecond.toFixed(0)} | ${r.p50Ms.toFixed(0)} | ${r.p99Ms.toFixed(0)} | ${(r.postsPerSecond / one.postsPerSecond).toFixed(2)}× |`
      console.log(
        [
          `Publisher on PostgreSQL — sandbox latency ${LATENCY_MS} ms, batch ${BATCH}, ${CONCURRENCY} publish calls in flight per worker, all posts due at once`,
          '| workers | posts | seconds | posts/s | due→published p50 ms | p99 ms | throughput vs 1 worker |',
          '|---|---|---|---|---|---|---|',
          line(one),
          line(two)
        ].join('\n')
      )
    } finally {
      for (const h of extra) await h.close()
      await handle.close()
    }
  })
})
