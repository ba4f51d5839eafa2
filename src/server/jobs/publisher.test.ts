import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../shared/api/messages'
import type { LinkedInAdapter, AccessToken } from '../adapters/linkedin/linkedin'
import { createLinkedInSandbox, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { manualClock, type ManualClock } from '../testing/clock'
import type { Database, DatabaseHandle } from '../db/client'
import { notifications, organizations, posts, publishAttempts, users } from '../db/schema'
import type { OrganizationSession } from '../services/sessions'
import { removeMemberships } from '../services/members'
import { createNotificationService } from '../services/notifications'
import { createPostService, newPostValues, type NewPost, type PostRow, type PostService } from '../services/posts'
import { drainPublishNotices } from '../testing/events'
import { createTestDatabase, testDatabaseKinds } from '../testing/harness'
import { deferred, postServiceDeps, sessionOf } from '../testing/publisherFixtures'
import { manualTimers, type ManualTimers } from '../testing/timers'
import type { PublishTarget } from '../adapters/linkedin/linkedin'
import { createPublisher, PUBLISH_JOB, PUBLISHED_TITLE, UNKNOWN_OUTCOME_REASON, type Publisher, type PublisherOptions } from './publisher'
import { createJobRunner } from './runner'

const target = (post: PostRow, accessToken: AccessToken): PublishTarget => ({ accessToken, author: { kind: 'person', id: post.authorUserId }, media: [] })

const kinds = await testDatabaseKinds()

describe.each(kinds)('publisher [%s]', (kind) => {
  let handle: DatabaseHandle
  let db: Database
  let clock: ManualClock
  let timers: ManualTimers
  let sandbox: LinkedInSandbox
  /** The posts service the API uses (create, update, schedule, publish now, unschedule, retry). */
  let service: PostService
  let kicks: number
  const organizationId = randomUUID()
  const organizationWorkOSId = `org_${randomUUID().replaceAll('-', '')}`
  const authorUserId = randomUUID()
  /** A second author, for the member who leaves the organization. */
  const otherUserId = randomUUID()
  const ann = sessionOf(authorUserId, { id: organizationId, organizationWorkOSId, role: 'ADMIN' })
  const ben = sessionOf(otherUserId, { id: organizationId, organizationWorkOSId, role: 'ADMIN' })

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    const now = new Date('2026-01-01T00:00:00Z')
    await db.insert(organizations).values({ id: organizationId, organizationWorkOSId, name: 'Acme', createdAt: now, updatedAt: now })
    // Signed-up people (a password): a removal from the organization keeps their user.
    await db.insert(users).values([
      { id: authorUserId, email: `${authorUserId}@example.com`, fullName: 'Ann Author', passwordHash: 'x', createdAt: now, updatedAt: now },
      { id: otherUserId, email: `${otherUserId}@example.com`, fullName: 'Ben Leaving', passwordHash: 'x', createdAt: now, updatedAt: now }
    ])
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await db.delete(posts)
    await db.delete(notifications)
    clock = manualClock('2026-03-10T09:00:00Z')
    timers = manualTimers()
    sandbox = createLinkedInSandbox({ clock })
    kicks = 0
    service = createPostService(postServiceDeps({ db, clock, linkedInAdapter: sandbox, kick: () => kicks++ }))
  })

  const publisher = (overrides: Partial<PublisherOptions> = {}) =>
    createPublisher({
      db,
      clock,
      timers,
      linkedin: sandbox,
      notifications: createNotificationService(db, clock),
      batchSize: 25,
      resolveTarget: async (post) => target(post, { token: 'token', expiresAt: new Date('2026-06-01T00:00:00Z') }),
      ...overrides
    })

  /** The publisher as the server runs it: a kind of the job runner, on the test's timers. */
  const runnerOf = (p: Publisher, intervalMs: number) => {
    const runner = createJobRunner({ db, clock, timers, workerId: p.workerId })
    runner.register(p.job({ intervalMs }))
    return { start: () => runner.start(), kick: () => runner.kick(PUBLISH_JOB), stop: () => runner.stop() }
  }

  /** Written and sent with Post now, as the editor does: SCHEDULED for now. */
  const postNow = async (author: OrganizationSession, content: Parameters<PostService['create']>[1]) => {
    const draft = await service.create(author, content)
    return service.publishNow(author, { postId: draft.id, version: draft.version })
  }

  /** Rows already due, written straight into the table (bulk fixtures, and content the editor would refuse). */
  const insertDue = async (values: Array<Omit<NewPost, 'organizationId' | 'authorUserId'>>) => {
    const at = new Date(clock.now().getTime() - 60_000)
    const rows = values.map((v) => newPostValues({ organizationId, authorUserId, scheduledAt: at, ...v }, clock.now()))
    for (let i = 0; i < rows.length; i += 500) await db.insert(posts).values(rows.slice(i, i + 500))
    return rows.map((r) => r.id)
  }
  const duePosts = (n: number) => insertDue(Array.from({ length: n }, (_, i) => ({ text: `Post ${i}` })))

  const row = async (id: string) => (await db.select().from(posts).where(eq(posts.id, id)))[0]!

  /** What the API answers for a change refused: its status and message. */
  const refusal = (change: Promise<unknown>) =>
    change.then(
      () => 'accepted',
      (error: { statusCode?: number; message: string }) => `${error.statusCode} ${error.message}`
    )

  /** LinkedIn in front of the sandbox whose publish call waits for the test: `called` once it is made, `answer()` lets it through. */
  const heldLinkedIn = () => {
    const called = deferred()
    const gate = deferred()
    const linkedin: LinkedInAdapter = {
      ...sandbox,
      publish: async (input) => {
        called.resolve()
        await gate.promise
        return sandbox.publish(input)
      }
    }
    return { linkedin, called: called.promise, answer: () => gate.resolve() }
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

  /*
   * What proves it is how often the two workers claim side by side (each claim's FOR UPDATE SKIP
   * LOCKED against the other's), not how many posts go out: 200 posts in batches of 5 are 40 claims,
   * as many as 1,000 in batches of 25 were, for a fifth of the publishing. 1,000 took 17–29 s of the
   * 30 s allowed on a loaded 2-core machine (PGlite, where every statement waits its turn), and once
   * more than 30.
   */
  it('2 workers + 200 due posts in 40 claims: each published exactly once', async () => {
    await duePosts(200)
    const a = publisher({ workerId: 'a', concurrency: 4, batchSize: 5 })
    const b = publisher({ workerId: 'b', concurrency: 4, batchSize: 5 })
    const drain = async (p: ReturnType<typeof publisher>) => {
      let claimed = 0
      for (;;) {
        const r = await p.runOnce()
        if (r.claimed === 0) return claimed
        claimed += r.claimed
      }
    }
    const [byA, byB] = await Promise.all([drain(a), drain(b)])
    expect(byA + byB).toBe(200)
    if (kind === 'postgres') expect(Math.min(byA, byB)).toBeGreaterThan(0)
    expect(sandbox.publishCalls).toBe(200)
    await expectEachPublishedOnce(200)
    const workers = await db.select({ workerId: publishAttempts.workerId, n: count() }).from(publishAttempts).groupBy(publishAttempts.workerId)
    expect(workers.reduce((s, w) => s + w.n, 0)).toBe(200)
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

  it('a reshare (issue 15) goes out once with its parent URN, even when the worker dies after LinkedIn took it', async () => {
    const [quiet, commented] = await insertDue([{ text: '' }, { text: 'Proud of this team' }])
    await db.update(posts).set({ reshareOfUrn: 'urn:li:share:7001' }).where(eq(posts.id, quiet!))
    await db.update(posts).set({ reshareOfUrn: 'urn:li:ugcPost:7002' }).where(eq(posts.id, commented!))
    const crashing = publisher({
      onEvent: (event) => {
        if (event === 'afterPublish') throw new Error('killed')
      }
    })
    await expect(crashing.runOnce()).rejects.toThrow('killed')
    expect(sandbox.posts).toHaveLength(1)
    clock.advance(10 * 60_000 + 1)
    // The sandbox finds the reshare by its key and parent: published, not sent again.
    expect(await publisher().sweep()).toEqual({ published: 1, rescheduled: 1 })
    expect((await publisher().runOnce()).published).toBe(1)
    await expectEachPublishedOnce(2)
    expect(sandbox.publishCalls).toBe(2)
    const byParent = Object.fromEntries(sandbox.posts.map((p) => [p.reshareOf, p.text]))
    expect(byParent).toEqual({ 'urn:li:share:7001': '', 'urn:li:ugcPost:7002': 'Proud of this team' })
    const reshared = await row(quiet!)
    const query = { idempotencyKey: reshared.idempotencyKey, author: { kind: 'person' as const, id: authorUserId }, text: '', since: clock.now(), accessToken: { token: 't', expiresAt: null } }
    expect(await sandbox.findPublished({ ...query, reshareOf: 'urn:li:share:7001' })).toEqual({ urn: reshared.linkedInPostUrn })
    expect(await sandbox.findPublished({ ...query, reshareOf: 'urn:li:share:9999' })).toBeNull()
    expect(await sandbox.findPublished(query)).toBeNull()
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

  it('a crashed claim: an edit by the author is refused until the sweep reschedules the post (same key); then the edit publishes once', async () => {
    const post = await postNow(ann, { text: 'v1' })
    await expect(
      publisher({
        onEvent: (event) => {
          if (event === 'claimed') throw new Error('killed')
        }
      }).runOnce()
    ).rejects.toThrow('killed')
    expect(await refusal(service.update(ann, { postId: post.id, version: post.version, text: 'v2' }))).toBe(`409 ${MESSAGES.postBeingPublished}`)
    clock.advance(10 * 60_000 + 1)
    expect(await publisher().sweep()).toEqual({ published: 0, rescheduled: 1 })
    const edited = await service.update(ann, { postId: post.id, version: post.version, text: 'v2' })
    expect(edited).toMatchObject({ status: 'SCHEDULED', text: 'v2' })
    expect(await publisher().runOnce()).toMatchObject({ claimed: 1, published: 1 })
    const attempts = await db.select().from(publishAttempts).where(eq(publishAttempts.postId, post.id))
    expect(attempts.map((a) => [a.postVersion, a.outcome]).sort()).toEqual([
      [post.version, 'unknown'],
      [edited.version, 'published']
    ])
    expect(sandbox.posts.map((s) => s.text)).toEqual(['v2'])
  })

  it('a crashed claim left open while its post went back to DRAFT (the author left) and was scheduled again: the next claim supersedes it', async () => {
    const post = await postNow(ben, { text: 'before leaving' })
    await expect(
      publisher({
        onEvent: (event) => {
          if (event === 'claimed') throw new Error('killed')
        }
      }).runOnce()
    ).rejects.toThrow('killed')
    await removeMemberships(db, organizationId, [otherUserId], clock.now(), { type: 'system' })
    const taken = await row(post.id)
    expect(taken).toMatchObject({ status: 'DRAFT', failureReason: MESSAGES.authorLeftOrganization })
    // The sweep only looks at posts being published: the attempt stays open.
    clock.advance(10 * 60_000 + 1)
    expect(await publisher().sweep()).toEqual({ published: 0, rescheduled: 0 })
    // Back in the organization, the author sends it again (a new key: their decision after a failure).
    const again = await service.publishNow(ben, { postId: post.id, version: taken.version })
    expect(await publisher().runOnce()).toMatchObject({ claimed: 1, published: 1 })
    const attempts = await db.select().from(publishAttempts).where(eq(publishAttempts.postId, post.id))
    expect(attempts.map((a) => [a.postVersion, a.outcome, a.error]).sort()).toEqual([
      [post.version, 'unknown', 'superseded by a later claim'],
      [again.version, 'published', null]
    ])
    expect(sandbox.posts.map((s) => s.text)).toEqual(['before leaving'])
  })

  it('a post unscheduled or edited before its claim, or its author removed after it, is not published as it was', async () => {
    // Before the claim: unscheduled -> not claimed; edited (still SCHEDULED) -> publishes the new text.
    const unscheduled = await postNow(ann, { text: 'gone' })
    await service.unschedule(ann, unscheduled.id)
    const edited = await postNow(ann, { text: 'v1' })
    expect(await service.update(ann, { postId: edited.id, version: edited.version, text: 'v2' })).toMatchObject({ status: 'SCHEDULED' })
    // After the claim, before the publish call: the author's own changes are refused; a removal is not.
    const held = await postNow(ann, { text: 'held' })
    const leaving = await postNow(ben, { text: 'leaving' })
    const refusals: string[] = []
    const p = publisher({
      onEvent: async (event, id) => {
        if (event !== 'claimed') return
        if (id === held.id) {
          refusals.push(await refusal(service.update(ann, { postId: id, version: held.version, text: 'too late' })))
          refusals.push(await refusal(service.unschedule(ann, id)))
          refusals.push(await refusal(service.remove(ann, id)))
        }
        if (id === leaving.id) await removeMemberships(db, organizationId, [otherUserId], clock.now(), { type: 'system' })
      }
    })
    expect(await p.runOnce()).toMatchObject({ claimed: 3, published: 2, skipped: 1 })
    expect(refusals).toEqual(Array(3).fill(`409 ${MESSAGES.postBeingPublished}`))
    expect(await row(unscheduled.id)).toMatchObject({ status: 'DRAFT', linkedInPostUrn: null })
    expect(await row(leaving.id)).toMatchObject({ status: 'DRAFT', failureReason: MESSAGES.authorLeftOrganization, linkedInPostUrn: null })
    expect(await row(edited.id)).toMatchObject({ status: 'PUBLISHED', text: 'v2' })
    expect(await row(held.id)).toMatchObject({ status: 'PUBLISHED', text: 'held' })
    expect(sandbox.posts.map((s) => s.text).sort()).toEqual(['held', 'v2'])
    expect(await p.runOnce()).toMatchObject({ claimed: 0 })
  })

  it('an author removed while the publish call is in flight: LinkedIn has the post, the row keeps the change, the author is told', async () => {
    const post = await postNow(ben, { text: 'in flight' })
    const linkedin: LinkedInAdapter = {
      ...sandbox,
      publish: async (input) => {
        await removeMemberships(db, organizationId, [otherUserId], clock.now(), { type: 'system' })
        return sandbox.publish(input)
      }
    }
    expect(await publisher({ linkedin }).runOnce()).toMatchObject({ claimed: 1, published: 1 })
    expect(await row(post.id)).toMatchObject({ status: 'DRAFT', failureReason: MESSAGES.authorLeftOrganization, linkedInPostUrn: null })
    expect(sandbox.posts).toHaveLength(1)
    const [attempt] = await db.select().from(publishAttempts).where(eq(publishAttempts.postId, post.id))
    expect(attempt).toMatchObject({ outcome: 'published', error: `published as ${sandbox.posts[0]!.urn}, but the post was changed meanwhile` })
    const [note] = await db.select().from(notifications)
    expect(note).toMatchObject({ userId: otherUserId, title: 'Post published before your change' })
  })

  it('known-safe failures (token expired, validation, not connected) go back to DRAFT with their reason; nothing sent', async () => {
    const expired = await postNow(ann, { text: 'a' })
    const p = publisher({ resolveTarget: async (post) => target(post, { token: 'old', expiresAt: new Date('2026-03-01T00:00:00Z') }) })
    expect(await p.runOnce()).toMatchObject({ claimed: 1, failed: 1 })
    expect(await row(expired.id)).toMatchObject({ status: 'DRAFT', failureReason: 'LinkedIn access token expired — reconnect LinkedIn' })
    expect(sandbox.posts).toHaveLength(0)

    await postNow(ann, { text: 'b' })
    sandbox.failNext('validation', 'Text too long')
    expect(await publisher().runOnce()).toMatchObject({ failed: 1 })
    await postNow(ann, { text: 'c' })
    expect(await publisher({ resolveTarget: async () => null }).runOnce()).toMatchObject({ failed: 1 })
    expect(await statusCounts()).toEqual({ DRAFT: 3 })
    expect(sandbox.posts).toHaveLength(0)
    const reasons = (await db.select({ r: posts.failureReason }).from(posts)).map((r) => r.r).sort()
    expect(reasons).toEqual(['LinkedIn access token expired — reconnect LinkedIn', 'LinkedIn is not connected — connect LinkedIn and schedule again', 'Text too long'])
  })

  it('a timeout is an unknown outcome: may have been published, author notified, never retried; retry is a user action', async () => {
    const post = await postNow(ann, { text: 'maybe' })
    const key = (await row(post.id)).idempotencyKey
    sandbox.acceptThenTimeoutNext()
    const p = publisher()
    expect(await p.runOnce()).toMatchObject({ claimed: 1, unknown: 1 })
    expect(sandbox.publishCalls).toBe(1)
    expect(await row(post.id)).toMatchObject({ status: 'DRAFT', failureReason: 'may have been published — check LinkedIn before retrying' })
    expect((await row(post.id)).failureReason).toBe(UNKNOWN_OUTCOME_REASON)
    await drainPublishNotices(db, clock)
    const notes = await db.select().from(notifications)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ userId: authorUserId, organizationId, title: 'Post may have been published' })
    const [attempt] = await db.select().from(publishAttempts).where(eq(publishAttempts.postId, post.id))
    expect(attempt).toMatchObject({ outcome: 'unknown', workerId: p.workerId, postVersion: post.version })
    // No automatic retry, however often the worker runs.
    clock.advance(60 * 60_000)
    await p.runOnce()
    await p.sweep({ olderThanMs: 0 })
    expect(sandbox.publishCalls).toBe(1)
    // The user's explicit retry (POST /posts/retry) issues a new idempotency key and asks for a run at once.
    const kicked = kicks
    expect(await service.retry(ann, { postId: post.id })).toMatchObject({ status: 'SCHEDULED', failureReason: null })
    expect(kicks).toBe(kicked + 1)
    expect((await row(post.id)).idempotencyKey).not.toBe(key)
    expect(await p.runOnce()).toMatchObject({ published: 1 })
    expect(sandbox.publishCalls).toBe(2)
    expect(sandbox.posts.map((s) => s.text)).toEqual(['maybe', 'maybe'])
  })

  it('a publish call that never answers times out as an unknown outcome', async () => {
    await postNow(ann, { text: 'slow' })
    const held = heldLinkedIn()
    const run = publisher({ linkedin: held.linkedin, publishTimeoutMs: 20 }).runOnce()
    await held.called
    expect(timers.pending).toEqual([20])
    expect(await timers.advance(19)).toBe(0)
    expect(await timers.advance(1)).toBe(1)
    expect(await run).toMatchObject({ unknown: 1 })
    const [post] = await db.select().from(posts)
    expect(post!.failureReason).toBe(UNKNOWN_OUTCOME_REASON)
  })

  it('gives a post with files time to upload them (one more second per mediaBytesPerSecond), up to maxPublishTimeoutMs', async () => {
    const mib = 1024 * 1024
    const withVideo = async (post: PostRow): Promise<PublishTarget> => ({
      ...target(post, { token: 'token', expiresAt: null }),
      media: [{ kind: 'video', fileName: 'launch.mp4', contentType: 'video/mp4', size: mib, altText: '', open: async () => Readable.from([Buffer.alloc(mib)]) }]
    })
    // Written straight into the table: its video comes from resolveTarget, not from an upload.
    await insertDue([{ type: 'videos', text: 'with a video' }])
    const patient = heldLinkedIn()
    const published = publisher({ linkedin: patient.linkedin, publishTimeoutMs: 20, mediaBytesPerSecond: 8 * mib, resolveTarget: withVideo }).runOnce()
    await patient.called
    // 20 ms + 1 MiB at 8 MiB/s = 145 ms.
    expect(timers.pending).toEqual([145])
    expect(await timers.advance(144)).toBe(0)
    patient.answer()
    expect(await published).toMatchObject({ published: 1 })
    expect(timers.pending).toEqual([])
    expect(sandbox.posts[0]!.media).toEqual([expect.objectContaining({ fileName: 'launch.mp4', size: mib })])

    await insertDue([{ type: 'videos', text: 'capped' }])
    const capped = heldLinkedIn()
    const unknown = publisher({ linkedin: capped.linkedin, publishTimeoutMs: 20, mediaBytesPerSecond: 8 * mib, maxPublishTimeoutMs: 40, resolveTarget: withVideo }).runOnce()
    await capped.called
    expect(timers.pending).toEqual([40])
    expect(await timers.advance(40)).toBe(1)
    expect(await unknown).toMatchObject({ unknown: 1 })
  })

  it('publishes as a business page or as the member, with the post type and poll', async () => {
    await postNow(ann, { type: 'poll', text: 'Which?', poll: { question: 'Which?', options: ['A', 'B'], durationDays: 7 } })
    await publisher().runOnce()
    expect(sandbox.posts[0]).toMatchObject({ author: { kind: 'person', id: authorUserId }, type: 'poll', poll: { options: ['A', 'B'] } })
    // Not yet due: untouched.
    const later = await service.create(ann, { text: 'later' })
    await service.schedule(ann, { postId: later.id, version: later.version, scheduledAt: new Date(clock.now().getTime() + 1000).toISOString() })
    expect((await publisher().runOnce()).claimed).toBe(0)
  })

  it('on the job runner: start() runs at once and then once per interval on its timers; stop() waits for the run in flight and leaves no timer', async () => {
    await duePosts(3)
    const running = deferred()
    let hold: Promise<void> | null = null
    const p = runnerOf(
      publisher({
        onEvent: async (event) => {
          if (event !== 'beforePublish' || !hold) return
          running.resolve()
          await hold
        }
      }),
      10_000
    )
    p.start()
    expect(timers.pending).toEqual([0])
    expect(await timers.advance(0)).toBe(1)
    await expectEachPublishedOnce(3)
    expect(timers.pending).toEqual([10_000])

    await duePosts(2)
    expect(await timers.advance(9_999)).toBe(0)
    expect(sandbox.publishCalls).toBe(3)
    expect(await timers.advance(1)).toBe(1)
    await expectEachPublishedOnce(5)

    // A run in flight when stop() is called: stop() resolves after it has recorded its post.
    await duePosts(1)
    const release = deferred()
    hold = release.promise
    const advanced = timers.advance(10_000)
    await running.promise
    const stopped = p.stop()
    release.resolve()
    await stopped
    await expectEachPublishedOnce(6)
    expect(await advanced).toBe(1)
    expect(timers.pending).toEqual([])
  })

  it('tells the author when a post is live, with an excerpt and a link to the post: once, from the event stream, however often it is read', async () => {
    const post = await postNow(ann, { text: `Big   news:\n${'we ship '.repeat(20)}` })
    await publisher().runOnce()
    // The publisher wrote the outcome only; the notice is the consumer's, whichever process reads it and however often.
    expect(await db.select().from(notifications)).toEqual([])
    await drainPublishNotices(db, clock)
    await drainPublishNotices(db, clock)
    const notes = await db.select().from(notifications)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ userId: authorUserId, organizationId, title: PUBLISHED_TITLE, link: `/content/write-post?postId=${post.id}` })
    expect(notes[0]!.message).toMatch(/^Your post “Big news: we ship we ship .*…” is live on LinkedIn\.$/)
  })

  it('asks the publish notices consumer to run once after each run that recorded an outcome, whoever started the run', async () => {
    let told = 0
    const p = publisher({ told: () => told++ })
    // A run called directly (as tests and the bench do) kicks for its own outcome.
    await postNow(ann, { text: 'first' })
    expect((await p.runOnce()).published).toBe(1)
    expect(told).toBe(1)
    // Runs that record nothing ask for nothing: not a direct one, nor the job's next run.
    expect((await p.runOnce()).claimed).toBe(0)
    const runner = runnerOf(p, 60_000)
    runner.start()
    expect(await timers.advance(0)).toBe(1)
    expect(told).toBe(1)

    // A run of the job whose sweep finds a post on LinkedIn and whose batch publishes another: one kick.
    await duePosts(1)
    const crashing = publisher({
      told: () => told++,
      onEvent: (event) => {
        if (event === 'afterPublish') throw new Error('killed')
      }
    })
    await expect(crashing.runOnce()).rejects.toThrow('killed')
    expect(told).toBe(1)
    await duePosts(1)
    clock.advance(60 * 60_000 + 1)
    runner.kick()
    expect(await timers.advance(0)).toBe(1)
    await expectEachPublishedOnce(3)
    expect(told).toBe(2)
    await runner.stop()

    // A sweep called directly that resolves a post kicks once too.
    await duePosts(1)
    await expect(crashing.runOnce()).rejects.toThrow('killed')
    clock.advance(10 * 60_000 + 1)
    expect(await p.sweep()).toEqual({ published: 1, rescheduled: 0 })
    expect(told).toBe(3)
    expect(await p.sweep()).toEqual({ published: 0, rescheduled: 0 })
    expect(told).toBe(3)
  })

  it('kick() runs on a zero-delay timer instead of waiting for the interval; a kick during a run adds one more run', async () => {
    const idle = runnerOf(publisher(), 60_000)
    await duePosts(1)
    idle.kick()
    // Not started: a kick schedules nothing, however long one waits.
    expect(timers.pending).toEqual([])
    expect(await timers.advance(60_000)).toBe(0)
    expect(sandbox.publishCalls).toBe(0)

    const p = runnerOf(
      publisher({
        onEvent: async (event) => {
          // A second post becomes due while the first is being published.
          if (event === 'beforePublish' && sandbox.publishCalls === 0) {
            await duePosts(1)
            p.kick()
          }
        }
      }),
      60_000
    )
    p.start()
    // The first run and the one the kick asked for, both at time 0.
    expect(await timers.advance(0)).toBe(2)
    expect(sandbox.posts).toHaveLength(2)
    expect(timers.pending).toEqual([60_000])
    await duePosts(1)
    p.kick()
    expect(timers.pending).toEqual([0])
    expect(await timers.advance(0)).toBe(1)
    expect(timers.pending).toEqual([60_000])
    await p.stop()
    await expectEachPublishedOnce(3)
  })
})
