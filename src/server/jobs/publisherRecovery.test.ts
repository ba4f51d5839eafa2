import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLinkedInSandbox } from '../adapters/linkedin/sandbox'
import { manualClock } from '../testing/clock'
import type { DatabaseHandle } from '../db/client'
import { organizations, posts, publishAttempts, users } from '../db/schema'
import { createNotificationService } from '../services/notifications'
import { newPostValues, type PostRow } from '../services/posts'
import { createTestDatabase, testDatabaseKinds } from '../testing/harness'
import { manualTimers } from '../testing/timers'
import { createPublisher, type PublisherOptions } from './publisher'

/**
 * The publisher after a run of its own failed on the database (issue 16; the whole outage, with a
 * real PostgreSQL killed and restarted, is faults/databaseOutage.test.ts): the next sweep resolves
 * this worker's open attempts at once, not after the crashed-worker cutoff.
 */
const kinds = await testDatabaseKinds()

describe.each(kinds)('the publisher recovering from a failed run [%s]', (kind) => {
  let handle: DatabaseHandle
  const organizationId = randomUUID()
  const authorUserId = randomUUID()

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    const now = new Date('2026-01-01T00:00:00Z')
    await handle.db.insert(organizations).values({ id: organizationId, organizationWorkOSId: `org_${randomUUID().replaceAll('-', '')}`, name: 'Acme', createdAt: now, updatedAt: now })
    await handle.db.insert(users).values({ id: authorUserId, email: `${authorUserId}@example.com`, fullName: 'Ann', passwordHash: 'x', createdAt: now, updatedAt: now })
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('a run that fails on the database after LinkedIn took a post: the next sweep finds that post and reschedules the rest, at once', async () => {
    const { db } = handle
    const clock = manualClock('2026-03-10T09:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const due = Array.from({ length: 6 }, (_, i) =>
      newPostValues({ organizationId, authorUserId, scheduledAt: new Date(clock.now().getTime() - 60_000), text: `Post ${i}` }, clock.now())
    )
    await db.insert(posts).values(due)
    let recorded = 0
    const options: PublisherOptions = {
      db,
      clock,
      timers: manualTimers(),
      linkedin: sandbox,
      notifications: createNotificationService(db, clock),
      resolveTarget: async (post: PostRow) => ({ accessToken: { token: 'token', expiresAt: null }, author: { kind: 'person', id: post.authorUserId }, media: [] }),
      // The database goes away while the second post LinkedIn took is being recorded.
      onPublished: async () => {
        if (++recorded === 2) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
      }
    }
    const publisher = createPublisher(options)
    await expect(publisher.runOnce()).rejects.toThrow('ECONNREFUSED')
    expect(sandbox.posts).toHaveLength(2)
    const pending = async () => (await db.select({ n: count() }).from(posts).where(eq(posts.status, 'PENDING_PUBLISH')))[0]!.n
    expect(await pending()).toBe(5)

    // Another worker's sweep leaves these fresh claims alone (their worker may still be running)…
    expect(await createPublisher({ ...options, workerId: 'another' }).sweep()).toEqual({ published: 0, rescheduled: 0 })
    // …their own worker knows its run is over: on the same clock, nothing waited out, the post
    // LinkedIn took is found there by its key and the rest go out once.
    expect(await publisher.sweep()).toEqual({ published: 1, rescheduled: 4 })
    expect(await publisher.sweep()).toEqual({ published: 0, rescheduled: 0 })
    expect((await publisher.runOnce()).published).toBe(4)
    expect(await pending()).toBe(0)
    expect(sandbox.posts).toHaveLength(6)
    expect(new Set(sandbox.posts.map((p) => p.idempotencyKey)).size).toBe(6)
    expect(await db.select({ n: count() }).from(posts).where(eq(posts.status, 'PUBLISHED'))).toEqual([{ n: 6 }])
    expect(await db.select().from(publishAttempts).where(eq(publishAttempts.outcome, 'unknown'))).toHaveLength(5)
  })
})
