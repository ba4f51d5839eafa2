/**
 * Erasing a person (issue 28, services/privacy/eraseAccount.ts): how long one erasure takes in a
 * small database (the baseline) and in one loaded with other people's rows — notifications, domain
 * events, audit entries and posts, LOAD_ROWS of each — measured in the same run on PGlite. An
 * erasure that scans whole tables grows with the load; one bounded by the personal data declaration
 * (and its indexes) stays near the baseline.
 *
 * Alone: `npx vitest run -c vitest.bench.config.ts tests/bench/erasure.bench.ts`.
 * Knobs: PAGECREW_BENCH_ERASURE_ROWS (20,000 rows per loaded table), PAGECREW_BENCH_ROUNDS (3 erasures each).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../src/server/testing/harness'
import { postFixtures, type TestPerson } from '../../src/server/testing/postFixtures'

const LOAD_ROWS = Number(process.env.PAGECREW_BENCH_ERASURE_ROWS ?? 20_000)
const ROUNDS = Number(process.env.PAGECREW_BENCH_ROUNDS ?? 3)

let app: TestApp | null = null
afterAll(async () => {
  await app?.close()
})

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('erasing a person [pglite]', () => {
  it('takes about as long in a loaded database as in a small one', async () => {
    app = await createTestApp({ database: 'pglite' })
    const t = () => app!
    const { newOrg, addMember, create } = postFixtures(t)
    const admin = await newOrg('Ann Admin')

    /** A member with a post, a comment on the admin's post and an SSI record, as erasure finds them. */
    async function someone(i: number): Promise<TestPerson & { email: string }> {
      const member = await addMember(admin, `Erin Erased ${i}`)
      await create(member, { text: `A post by Erin Erased ${i}` })
      expect((await member.client.put('/user/ssi', { score: 60, brand: 15, people: 15, insights: 15, relationships: 15 })).status).toBe(200)
      return { ...member, email: (await member.client.get<{ email: string }>('/user')).body.email }
    }

    async function eraseTimes(): Promise<number[]> {
      const times: number[] = []
      for (let i = 0; i < ROUNDS; i++) {
        const member = await someone(times.length + Math.floor(Math.random() * 1e6))
        const started = performance.now()
        const res = await admin.client.post('/members/privacy/erase', { userId: member.userId, confirmation: member.email })
        times.push(performance.now() - started)
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      }
      return times
    }

    const small = await eraseTimes()

    // Other people's rows: what a busy organization accumulates.
    const db = t().db
    const org = admin.organizationId
    await db.execute(sql`
      insert into notifications (id, organization_id, user_id, title, message, created_at)
      select gen_random_uuid(), ${org}, ${admin.userId}, 'Post published ' || g, 'Your post was published on LinkedIn (' || g || ').', now()
      from generate_series(1, ${LOAD_ROWS}) g`)
    await db.execute(sql`
      insert into domain_events (organization_id, name, payload, actor, occurred_at)
      select ${org}, 'post.published', jsonb_build_object('postId', gen_random_uuid(), 'authorId', ${admin.userId}::text), jsonb_build_object('type', 'user', 'userId', ${admin.userId}::text), now()
      from generate_series(1, ${LOAD_ROWS}) g`)
    await db.execute(sql`
      insert into audit_log (organization_id, actor_user_id, actor_name, action, target_type, target_id, target_label, after, created_at)
      select ${org}, ${admin.userId}, 'Ann Admin', 'post.approved', 'post', gen_random_uuid()::text, 'Post ' || g, jsonb_build_object('status', 'APPROVED'), now()
      from generate_series(1, ${LOAD_ROWS}) g`)
    // Posts: the admin's one post, cloned with new ids.
    const seed = await create(admin, { text: 'The admin’s post' })
    const columns = (
      (await db.execute(sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'posts' and is_generated = 'NEVER' and column_name not in ('id', 'idempotency_key') order by ordinal_position`)) as unknown as {
        rows: { column_name: string }[]
      }
    ).rows.map((r) => sql.identifier(r.column_name))
    const list = sql.join(columns, sql`, `)
    await db.execute(sql`insert into posts (id, idempotency_key, ${list}) select gen_random_uuid(), gen_random_uuid(), ${list} from posts, generate_series(1, ${LOAD_ROWS}) where posts.id = ${seed.id}`)
    await db.execute(sql`analyze`)

    const loaded = await eraseTimes()
    const baseline = median(small)
    const figure = median(loaded)
    console.log(
      `Erasing a person on PGlite: ${figure.toFixed(0)} ms (median of ${ROUNDS}) with ${LOAD_ROWS.toLocaleString('en')} others' rows in each of notifications, domain_events, audit_log and posts; ` +
        `baseline ${baseline.toFixed(0)} ms in a small database (×${(figure / baseline).toFixed(2)}). Runs: small ${small.map((v) => v.toFixed(0)).join(', ')}; loaded ${loaded.map((v) => v.toFixed(0)).join(', ')} ms. (run ${randomUUID().slice(0, 4)})`
    )
  })
})
