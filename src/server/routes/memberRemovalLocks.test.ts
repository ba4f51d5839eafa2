import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { posts } from '../db/schema'
import { recordEvent } from '../events/outbox'
import { rowsOf } from '../db/migrate'
import { createTestApp, testDatabaseKinds, type TestApp } from '../testing/harness'
import { eventually } from '../testing/eventually'
import { postFixtures } from '../testing/postFixtures'
import { deferred } from '../testing/publisherFixtures'

/**
 * A member removed while one of their posts is held by another transaction — the publisher's claim,
 * or their own publish now — which then writes a row that refers to the organization (an event, an
 * attempt, a notification). The removal locks the organization row to count its admins and seats,
 * then waits for the post; the other transaction's foreign-key check takes a key-share lock on that
 * same organization row. Taken FOR UPDATE, the two waited on each other and PostgreSQL ended one with
 * "deadlock detected" (the prober's 500 on DELETE /members/delete beside publish-now, 2 rounds in 16);
 * FOR NO KEY UPDATE serializes the organization's own writers just the same and lets key shares by.
 * The interleaving is made, not hoped for: the removal is started once the post is held, and the
 * other transaction writes only once PostgreSQL shows the removal waiting for a lock. PostgreSQL only:
 * PGlite has one connection, so nothing there can wait on anything.
 */
const kinds = await testDatabaseKinds()

describe.runIf(kinds.includes('postgres'))('removing a member beside a transaction holding their post [postgres]', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ database: 'postgres' })
  })
  afterAll(async () => {
    await app?.close()
  })

  const waitingForLocks = async () =>
    rowsOf<{ waiting: number }>(
      await app.db.execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)
    )[0]!.waiting

  it('both finish: the removal answers 200 and the other transaction commits its row', async () => {
    const f = postFixtures(() => app)
    const owner = await f.connectedOrg('Olga Owner')
    const member = await f.addMember(owner, 'Mia Member')
    const post = await f.create(member, { text: 'Going out' })
    // Scheduled, so the removal takes it back to DRAFT (it waits for its row).
    await app.db.update(posts).set({ status: 'SCHEDULED', scheduledAt: app.clock.now() }).where(eq(posts.id, post.id))

    const held = deferred()
    const write = deferred()
    const other = app.db.transaction(async (tx) => {
      await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, post.id)).for('update')
      held.resolve()
      await write.promise
      await recordEvent(tx, app.clock.now(), {
        organizationId: owner.organizationId,
        name: 'post.failed',
        payload: { postId: post.id, authorId: member.userId, reason: 'held elsewhere', cause: 'linkedIn' },
        actor: { type: 'system' }
      })
    })
    await held.promise
    const removal = owner.client.request('DELETE', '/members/delete', { query: { userId: member.userId } })
    await eventually(async () => (await waitingForLocks()) > 0, 'the removal to wait for the post row')
    write.resolve()

    const [removed] = await Promise.all([removal, other])
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    const [after] = await app.db.select({ status: posts.status }).from(posts).where(eq(posts.id, post.id))
    expect(after!.status).toBe('DRAFT')
  })
})
