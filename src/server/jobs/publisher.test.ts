import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLinkedInSandbox, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { manualClock, type ManualClock } from '../clock'
import type { Database, DatabaseHandle } from '../db/client'
import { notifications, organizations, posts, publishAttempts, users } from '../db/schema'
import { createTestDatabase, testDatabaseKinds } from '../testing/harness'
import { createNotificationService } from '../services/notifications'
import { createPost, editPost, newPostValues, retryPost, unschedulePost } from '../services/posts'
import type { AccessToken } from '../adapters/linkedin/linkedin'
import { createPublisher, PUBLISHED_TITLE, UNKNOWN_OUTCOME_REASON, type PublisherOptions, type PublishTarget } from './publisher'
import type { PostRow } from '../services/posts'

const target = (post: PostRow, accessToken: AccessToken): PublishTarget => ({ accessToken, author: { kind: 'person', id: post.authorUserId }, media: [] })

const kinds = await testDatabaseKinds()

describe.each(kinds)('publisher [%s]', (kind) => {
  let handle: DatabaseHandle
  let db: Database
  let clock: ManualClock
  let sandbox: LinkedInSandbox
  const organizationId = randomUUID()
  const authorUserId = randomUUID()

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    const now = new Date('2026-01-01T00:00:00Z')
    await db.insert(organizations).values({ id: organizationId, organizationWorkOSId: `org_${randomUUID()}`, name: 'Acme', createdAt: now, updatedAt: now })
    await db.insert(users).values({ id: authorUserId, email: `${authorUserId}@example.com`, fullName: 'Ann Author', createdAt: now, updatedAt: now })
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await db.delete(posts)
    await db.delete(notifications)
    clock = manualClock('2026-03-10T09:00:00Z')
    sandbox = createLinkedInSandbox({ clock })
  })

  const publisher = (overrides: Partial<PublisherOptions> = {}) =>
    createPublisher({
      db,
      clock,
      linkedin: sandbox,
      notifications: createNotificationService(db, clock),
      batchSize: 25,
      resolveTarget: async (post) => target(post, { token: 'token', expiresAt: new Date('2026-06-01T00:00:00Z') }),
      ...overrides
    })

  const duePosts = async (n: number) => {
    const at = new Date(clock.now().getTime() - 60_000)
    const rows = Array.from({ length: n }, (_, i) => newPostValues({ organizationId, authorUserId, text: `Post ${i}`, scheduledAt: at }, clock.now()))
    for (let i = 0; i < rows.length; i += 500) await db.insert(posts).values(rows.slice(i, i + 500))
    return rows.map((r) => r.id)
  }

  const statusCounts = async () => {
    const rows = await db.select({ status: posts.status, n: count() }).from(posts).groupBy(posts.status)
    return Object.fromEntries(rows.map((r) => [r.status, r.n]))
  }

  /** Exactly once: every post PUBLISHED with the urn the sandbox holds for its key, one post per key, one successful attempt each. */
  const expectEachPublishedOnce = async (n: number) => {
    expect(await statusCounts()).toEqual({ PUBLISHED: n })
    expect(sandbox.posts).toHaveLength(n)
    expect(new Set(sandbox.posts.map((p) => p.idempotencyKey)).size).toBe(n)
    const rows = await db.select().from(posts)
    const byKey = new Map(sandbox.posts.map((p) => [p.idempotencyKey, p.urn]))
    for (const row of rows) expect(row.linkedInPostUrn).toBe(byKey.get(row.idempotencyKey))
    const attempts = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${publishAttempts} where ${publishAttempts.outcome} = 'published' group by ${publishAttempts.postId} having count(*) <> 1`
    )
    expect((attempts as unknown as { rows: unknown[] }).rows).toHaveLength(0)
  }

  it('2 workers + 1,000 due posts: each published exactly once', async () => {
    await duePosts(1000)
    const a = publisher({ workerId: 'a', concurrency: 4 })
    const b = publisher({ workerId: 'b', concurrency: 4 })
    const drain = async (p: ReturnType<typeof publisher>) => {
      let claimed = 0
      for (;;) {
        const r = await p.runOnce()
        if (r.claimed === 0) return claimed
        claimed += r.claimed
      }
    }
    const [byA, byB] = await Promise.all([drain(a), drain(b)])
    expect(byA + byB).toBe(1000)
    if (kind === 'postgres') expect(Math.min(byA, byB)).toBeGreaterThan(0)
    expect(sandbox.publishCalls).toBe(1000)
    await expectEachPublishedOnce(1000)
    const workers = await db.select({ workerId: publishAttempts.workerId, n: count() }).from(publishAttempts).groupBy(publishAttempts.workerId)
    expect(workers.reduce((s, w) => s + w.n, 0)).toBe(1000)
  })

  it('a worker killed mid-batch: the sweep resolves every post, nothing lost, nothing duplicated', async () => {
    await duePosts(60)
    let published = 0
    const crashing = publisher({
      workerId: 'doomed',
      onEvent: (event) => {
        // Killed right after LinkedIn accepted its 11th post, before recording it.
        if (event === 'afterPublish' && ++published === 11) throw new Error('killed')
      }
    })
    await expect(crashing.runOnce()).rejects.toThrow('killed')
    expect(await statusCounts()).toEqual({ PUBLISHED: 10, PENDING_PUBLISH: 15, SCHEDULED: 35 })
    expect(sandbox.posts).toHaveLength(11)

    const healthy = publisher({ workerId: 'healthy' })
    // A fresh claim lives: not swept.
    expect(await healthy.sweep({ olderThanMs: 60_000 })).toEqual({ published: 0, rescheduled: 0 })
    clock.advance(61_000)
    expect(await healthy.sweep({ olderThanMs: 60_000 })).toEqual({ published: 1, rescheduled: 14 })
    for (;;) if ((await healthy.runOnce()).claimed === 0) break
    await expectEachPublishedOnce(60)
    const outcomes = await db.select({ outcome: publishAttempts.outcome, n: count() }).from(publishAttempts).groupBy(publishAttempts.outcome)
    expect(Object.fromEntries(outcomes.map((o) => [o.outcome, o.n]))).toEqual({ published: 59, unknown: 15 })
  })

  it('a worker killed after claiming, before publishing anything: the sweep reschedules and the posts go out once', async () => {
    const ids = await duePosts(5)
    const crashing = publisher({
      onEvent: (event) => {
        if (event === 'claimed') throw new Error('killed')
      }
    })
    await expect(crashing.runOnce()).rejects.toThrow('killed')
    expect(await statusCounts()).toEqual({ PENDING_PUBLISH: 5 })
    // The claim is not re-taken by another worker until swept.
    expect((await publisher().runOnce()).claimed).toBe(0)
    clock.advance(10 * 60_000 + 1)
    expect(await publisher().sweep()).toEqual({ published: 0, rescheduled: 5 })
    expect((await publisher().runOnce()).published).toBe(5)
    await expectEachPublishedOnce(ids.length)
  })

  it('a crashed claim then edited by the user: the next claim supersedes the stale attempt and publishes once', async () => {
    const post = await createPost(db, clock, { organizationId, authorUserId, text: 'v1', scheduledAt: clock.now() })
    await expect(
      publisher({
        onEvent: (event) => {
          if (event === 'claimed') throw new Error('killed')
        }
      }).runOnce()
    ).rejects.toThrow('killed')
    expect(await editPost(db, clock, post.id, { text: 'v2' })).toMatchObject({ status: 'SCHEDULED', version: 2 })
    expect(await publisher().runOnce()).toMatchObject({ claimed: 1, published: 1 })
    const attempts = await db.select().from(publishAttempts).where(eq(publishAttempts.postId, post.id))
    expect(attempts.map((a) => [a.postVersion, a.outcome]).sort()).toEqual([
      [1, 'unknown'],
      [2, 'published']
    ])
    expect(sandbox.posts.map((s) => s.text)).toEqual(['v2'])
  })

  it('a post edited or unscheduled while due is not published', async () => {
    const due = new Date(clock.now().getTime() - 1000)
    // Before the claim: unscheduled -> not claimed; edited (still SCHEDULED) -> publishes the new text.
    const unscheduled = await createPost(db, clock, { organizationId, authorUserId, text: 'gone', scheduledAt: due })
    await unschedulePost(db, clock, unscheduled.id)
    // After the claim, before the publish call.
    const editedLate = await createPost(db, clock, { organizationId, authorUserId, text: 'v1', scheduledAt: due })
    const unscheduledLate = await createPost(db, clock, { organizationId, authorUserId, text: 'late', scheduledAt: due })
    let once = true
    const p = publisher({
      onEvent: async (event, id) => {
        if (event !== 'claimed' || !once) return
        if (id === editedLate.id) await editPost(db, clock, id, { text: 'v2' })
        if (id === unscheduledLate.id) await unschedulePost(db, clock, id)
      }
    })
    const run = await p.runOnce()
    once = false
    expect(run.claimed).toBe(2)
    const rows = new Map((await db.select().from(posts)).map((r) => [r.id, r]))
    expect(rows.get(unscheduled.id)!.status).toBe('DRAFT')
    expect(rows.get(unscheduledLate.id)!.status).toBe('DRAFT')
    expect(rows.get(editedLate.id)!).toMatchObject({ status: 'SCHEDULED', text: 'v2', version: 2 })
    expect(sandbox.posts).toHaveLength(0)
    // The edited post then publishes its new content, once.
    expect((await p.runOnce()).published).toBe(1)
    expect(sandbox.posts.map((s) => s.text)).toEqual(['v2'])
  })

  it('a post edited while the publish call is in flight keeps the edit; the same key publishes it once', async () => {
    const post = await createPost(db, clock, { organizationId, authorUserId, text: 'v1', scheduledAt: clock.now() })
    let edit: Promise<unknown> = Promise.resolve()
    const p = publisher({
      onEvent: (event) => {
        if (event === 'beforePublish' && sandbox.publishCalls === 0) edit = editPost(db, clock, post.id, { text: 'v2' })
      }
    })
    sandbox.latencyMs = 30
    await p.runOnce()
    await edit
    const [row] = await db.select().from(posts).where(eq(posts.id, post.id))
    expect(row).toMatchObject({ status: 'SCHEDULED', text: 'v2', linkedInPostUrn: null })
    const [note] = await db.select().from(notifications)
    expect(note!.title).toBe('Post published before your change')
    // Re-publishing with the unchanged key returns the same LinkedIn post: still one.
    await p.runOnce()
    expect(sandbox.posts).toHaveLength(1)
    const [after] = await db.select().from(posts).where(eq(posts.id, post.id))
    expect(after).toMatchObject({ status: 'PUBLISHED', linkedInPostUrn: sandbox.posts[0]!.urn })
  })

  it('known-safe failures (token expired, validation, not connected) go back to DRAFT with their reason; nothing sent', async () => {
    const expired = await createPost(db, clock, { organizationId, authorUserId, text: 'a', scheduledAt: clock.now() })
    const p = publisher({ resolveTarget: async (post) => target(post, { token: 'old', expiresAt: new Date('2026-03-01T00:00:00Z') }) })
    expect(await p.runOnce()).toMatchObject({ claimed: 1, failed: 1 })
    const [row] = await db.select().from(posts).where(eq(posts.id, expired.id))
    expect(row).toMatchObject({ status: 'DRAFT', failureReason: 'LinkedIn access token expired — reconnect LinkedIn' })
    expect(sandbox.posts).toHaveLength(0)

    await createPost(db, clock, { organizationId, authorUserId, text: 'b', scheduledAt: clock.now() })
    sandbox.failNext('validation', 'Text too long')
    expect(await publisher().runOnce()).toMatchObject({ failed: 1 })
    await createPost(db, clock, { organizationId, authorUserId, text: 'c', scheduledAt: clock.now() })
    expect(await publisher({ resolveTarget: async () => null }).runOnce()).toMatchObject({ failed: 1 })
    expect(await statusCounts()).toEqual({ DRAFT: 3 })
    expect(sandbox.posts).toHaveLength(0)
    const reasons = (await db.select({ r: posts.failureReason }).from(posts)).map((r) => r.r).sort()
    expect(reasons).toEqual(['LinkedIn access token expired — reconnect LinkedIn', 'LinkedIn is not connected — connect LinkedIn and schedule again', 'Text too long'])
  })

  it('a timeout is an unknown outcome: may have been published, author notified, never retried; retry is a user action', async () => {
    const post = await createPost(db, clock, { organizationId, authorUserId, text: 'maybe', scheduledAt: clock.now() })
    sandbox.acceptThenTimeoutNext()
    const p = publisher()
    expect(await p.runOnce()).toMatchObject({ claimed: 1, unknown: 1 })
    expect(sandbox.publishCalls).toBe(1)
    const [row] = await db.select().from(posts).where(eq(posts.id, post.id))
    expect(row).toMatchObject({ status: 'DRAFT', failureReason: 'may have been published — check LinkedIn before retrying' })
    expect(row!.failureReason).toBe(UNKNOWN_OUTCOME_REASON)
    const notes = await db.select().from(notifications)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ userId: authorUserId, organizationId, title: 'Post may have been published' })
    const [attempt] = await db.select().from(publishAttempts).where(eq(publishAttempts.postId, post.id))
    expect(attempt).toMatchObject({ outcome: 'unknown', workerId: p.workerId, postVersion: 1 })
    // No automatic retry, however often the worker runs.
    clock.advance(60 * 60_000)
    await p.runOnce()
    await p.sweep({ olderThanMs: 0 })
    expect(sandbox.publishCalls).toBe(1)
    // The user's explicit retry issues a new idempotency key.
    const retried = await retryPost(db, clock, post.id, clock.now())
    expect(retried!.idempotencyKey).not.toBe(post.idempotencyKey)
    expect(await p.runOnce()).toMatchObject({ published: 1 })
    expect(sandbox.publishCalls).toBe(2)
  })

  it('a publish call that never answers times out as an unknown outcome', async () => {
    await createPost(db, clock, { organizationId, authorUserId, text: 'slow', scheduledAt: clock.now() })
    sandbox.timeoutNext(200)
    const p = publisher({ publishTimeoutMs: 20 })
    expect(await p.runOnce()).toMatchObject({ unknown: 1 })
    const [row] = await db.select().from(posts)
    expect(row!.failureReason).toBe(UNKNOWN_OUTCOME_REASON)
  })

  it('gives a post with files time to upload them (one more second per mediaBytesPerSecond), up to maxPublishTimeoutMs', async () => {
    const mib = 1024 * 1024
    const withVideo = async (post: PostRow): Promise<PublishTarget> => ({
      ...target(post, { token: 'token', expiresAt: null }),
      media: [{ kind: 'video', fileName: 'launch.mp4', contentType: 'video/mp4', size: mib, altText: '', open: async () => Readable.from([Buffer.alloc(mib)]) }]
    })
    sandbox.latencyMs = 80
    await createPost(db, clock, { organizationId, authorUserId, type: 'videos', text: 'with a video', scheduledAt: clock.now() })
    // 20 ms + 1 MiB at 8 MiB/s = 145 ms: enough for 80 ms.
    const patient = publisher({ publishTimeoutMs: 20, mediaBytesPerSecond: 8 * mib, resolveTarget: withVideo })
    expect(await patient.runOnce()).toMatchObject({ published: 1 })
    expect(sandbox.posts[0]!.media).toEqual([expect.objectContaining({ fileName: 'launch.mp4', size: mib })])

    await createPost(db, clock, { organizationId, authorUserId, type: 'videos', text: 'capped', scheduledAt: clock.now() })
    const capped = publisher({ publishTimeoutMs: 20, mediaBytesPerSecond: 8 * mib, maxPublishTimeoutMs: 40, resolveTarget: withVideo })
    expect(await capped.runOnce()).toMatchObject({ unknown: 1 })
  })

  it('publishes as a business page or as the member, with the post type and poll', async () => {
    await createPost(db, clock, {
      organizationId,
      authorUserId,
      type: 'poll',
      text: 'Which?',
      poll: { question: 'Which?', options: ['A', 'B'] },
      scheduledAt: clock.now()
    })
    await publisher().runOnce()
    expect(sandbox.posts[0]).toMatchObject({ author: { kind: 'person', id: authorUserId }, type: 'poll', poll: { options: ['A', 'B'] } })
    // Not yet due: untouched.
    await createPost(db, clock, { organizationId, authorUserId, text: 'later', scheduledAt: new Date(clock.now().getTime() + 1000) })
    expect((await publisher().runOnce()).claimed).toBe(0)
  })

  it('start() publishes due posts on its interval and stop() waits for the run', async () => {
    await duePosts(3)
    const p = publisher()
    p.start({ intervalMs: 10 })
    for (let i = 0; i < 200 && sandbox.posts.length < 3; i++) await new Promise((r) => setTimeout(r, 10))
    await p.stop()
    await expectEachPublishedOnce(3)
  })

  it('tells the author when a post is live, with an excerpt and a link to the post', async () => {
    const post = await createPost(db, clock, { organizationId, authorUserId, text: `Big   news:\n${'we ship '.repeat(20)}`, scheduledAt: clock.now() })
    await publisher().runOnce()
    const notes = await db.select().from(notifications)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ userId: authorUserId, organizationId, title: PUBLISHED_TITLE, link: `/content/write-post?postId=${post.id}` })
    expect(notes[0]!.message).toMatch(/^Your post “Big news: we ship we ship .*…” is live on LinkedIn\.$/)
  })

  const waitFor = async (done: () => boolean, ms = 3000) => {
    for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 5))
  }

  it('kick() runs at once instead of waiting for the interval; a kick during a run adds one more run', async () => {
    const idle = publisher()
    await duePosts(1)
    idle.kick()
    await new Promise((r) => setTimeout(r, 50))
    expect(sandbox.publishCalls).toBe(0) // not started: a kick does nothing

    const p = publisher({
      onEvent: async (event) => {
        // A second post becomes due while the first is being published.
        if (event === 'beforePublish' && sandbox.publishCalls === 0) {
          await duePosts(1)
          p.kick()
        }
      }
    })
    p.start({ intervalMs: 60_000 })
    await waitFor(() => sandbox.posts.length === 2)
    expect(sandbox.posts).toHaveLength(2)
    await duePosts(1)
    p.kick()
    await waitFor(() => sandbox.posts.length === 3)
    await p.stop()
    await expectEachPublishedOnce(3)
  })
})
