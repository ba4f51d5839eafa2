import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../shared/constants'
import { LinkedInPermissionError, LinkedInRateLimitError, TokenExpiredError, type LinkedInAdapter, type MetricsQuery } from '../adapters/linkedin/linkedin'
import { createLinkedInSandbox, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { manualClock, type ManualClock } from '../testing/clock'
import type { Database, DatabaseHandle } from '../db/client'
import { jobs, linkedInApiUsage, notifications, organizations, postMetrics, postMetricSnapshots, posts, users } from '../db/schema'
import { createNotificationService } from '../services/notifications'
import { newPostValues, type PostRow } from '../services/posts'
import { createTestDatabase, testDatabaseKinds } from '../testing/harness'
import { deferred } from '../testing/publisherFixtures'
import { manualTimers, type ManualTimers } from '../testing/timers'
import { createMetricsJob, MAX_DISCONNECTED_ATTEMPTS, METRICS_JOB, METRICS_READINGS_MS, nextReadingAt, type MetricsJobOptions } from './metrics'
import type { PublishTarget } from '../adapters/linkedin/linkedin'
import { createPublisher, PUBLISH_JOB } from './publisher'
import { createJobRunner, type JobRunner } from './runner'

const HOUR_MS = 60 * 60_000
const MINUTE_MS = 60_000

describe('the metrics schedule', () => {
  it('reads 1 h, 6 h and 24 h after publishing, then daily to day 30, weekly to day 90, then is done', () => {
    const days = (ms: number) => ms / DAY_MS
    expect(METRICS_READINGS_MS.slice(0, 3)).toEqual([HOUR_MS, 6 * HOUR_MS, DAY_MS])
    expect(METRICS_READINGS_MS.slice(3, 32).map(days)).toEqual(Array.from({ length: 29 }, (_, i) => i + 2))
    expect(METRICS_READINGS_MS.slice(32).map(days)).toEqual([37, 44, 51, 58, 65, 72, 79, 86, 90])
    const publishedAt = new Date('2026-03-01T10:00:00Z')
    const at = (ms: number) => new Date(publishedAt.getTime() + ms)
    expect(nextReadingAt(publishedAt, publishedAt)).toEqual(at(HOUR_MS))
    expect(nextReadingAt(publishedAt, at(HOUR_MS))).toEqual(at(6 * HOUR_MS))
    // Late by days (no server ran): the next reading still ahead, no burst of missed ones.
    expect(nextReadingAt(publishedAt, at(10 * DAY_MS + MINUTE_MS))).toEqual(at(11 * DAY_MS))
    expect(nextReadingAt(publishedAt, at(31 * DAY_MS))).toEqual(at(37 * DAY_MS))
    expect(nextReadingAt(publishedAt, at(90 * DAY_MS))).toBeNull()
  })
})

const kinds = await testDatabaseKinds()

describe.each(kinds)('metrics job [%s]', (kind) => {
  let handle: DatabaseHandle
  let db: Database
  let clock: ManualClock
  let timers: ManualTimers
  let sandbox: LinkedInSandbox
  /** Every metrics call LinkedIn received. */
  let calls: MetricsQuery[]
  /** Replaces the sandbox's answer for a call (throw to fail it). */
  let answer: ((query: MetricsQuery) => Promise<void>) | null
  let connected: boolean
  /** The statements sent while a test records them. */
  let recording: string[] | null = null
  const organizationId = randomUUID()
  const ann = randomUUID()
  const ben = randomUUID()

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { logger: { logQuery: (query) => void recording?.push(query) } })
    db = handle.db
    const now = new Date('2026-01-01T00:00:00Z')
    await db.insert(organizations).values({ id: organizationId, organizationWorkOSId: `org_${randomUUID().replaceAll('-', '')}`, name: 'Acme', createdAt: now, updatedAt: now })
    await db.insert(users).values(
      [ann, ben].map((id, i) => ({ id, email: `${id}@example.com`, fullName: ['Ann Author', 'Ben Author'][i]!, passwordHash: 'x', createdAt: now, updatedAt: now }))
    )
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await db.delete(posts)
    await db.delete(jobs)
    await db.delete(linkedInApiUsage)
    await db.delete(notifications)
    clock = manualClock('2026-03-10T09:00:00Z')
    timers = manualTimers()
    sandbox = createLinkedInSandbox({ clock })
    calls = []
    answer = null
    connected = true
  })

  /** The sandbox, with every metrics call counted and open to a test's answer. */
  const linkedin = (): LinkedInAdapter => ({
    provider: sandbox.provider,
    publish: (input) => sandbox.publish(input),
    findPublished: (query) => sandbox.findPublished(query),
    postUrl: (urn) => sandbox.postUrl(urn),
    async metrics(query) {
      calls.push(query)
      await answer?.(query)
      return sandbox.metrics(query)
    }
  })
  const target = (post: PostRow): PublishTarget | null =>
    connected ? { accessToken: { token: 'token', expiresAt: null }, author: { kind: 'person', id: post.authorUserId }, media: [] } : null

  const runnerFor = (workerId = 'worker-a') => createJobRunner({ db, clock, timers, workerId })
  const metricsJob = (runner: JobRunner, overrides: Partial<MetricsJobOptions> = {}) =>
    createMetricsJob({ db, clock, queue: runner, linkedin: linkedin(), resolveTarget: async (post) => target(post), log: () => undefined, ...overrides })

  /** Published posts, `ageMs` ago, each with its metrics job queued as the publisher does. */
  const published = async (authorUserId: string, n: number, ageMs = HOUR_MS) => {
    const runner = runnerFor('publisher')
    const job = metricsJob(runner)
    const publishedAt = new Date(clock.now().getTime() - ageMs)
    const rows = Array.from({ length: n }, (_, i) => ({
      ...newPostValues({ organizationId, authorUserId, text: `Post ${i}` }, publishedAt),
      status: 'PUBLISHED' as const,
      linkedInPostUrn: `urn:li:share:${randomUUID()}`,
      publishedAt
    }))
    await db.insert(posts).values(rows)
    for (const row of rows) await job.enqueue(db, { ...row, publishedAt })
    return rows
  }

  const jobOf = async (postId: string) => (await db.select().from(jobs).where(eq(jobs.key, postId)))[0]
  const snapshotsOf = async (postId: string) => db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.postId, postId)).orderBy(asc(postMetricSnapshots.takenAt))
  const callsOf = (urn: string) => calls.filter((c) => c.urn === urn).length

  it('reads a post on its schedule as the clock moves: snapshots at 1 h, 6 h, 24 h, daily to day 30, weekly to day 90; then the job is gone', async () => {
    const [post] = await published(ann, 1, 0)
    const job = metricsJob(runnerFor())
    // Not due yet.
    expect(await job.run()).toBe(false)
    clock.advance(HOUR_MS - 1)
    await job.run()
    expect(calls).toHaveLength(0)
    for (let reading = 0; ; reading++) {
      const queued = await jobOf(post!.id)
      if (!queued) break
      expect(queued).toMatchObject({ runs: reading, attempts: 0, lockedBy: null })
      clock.set(queued.runAt)
      await job.run()
      // A second run at the same time reads nothing more.
      await job.run()
    }
    const taken = (await snapshotsOf(post!.id)).map((s) => s.takenAt.getTime() - post!.publishedAt.getTime())
    expect(taken).toEqual(METRICS_READINGS_MS)
    expect(calls).toHaveLength(METRICS_READINGS_MS.length)
    // The latest figures are the last reading's, and they grew.
    const snapshots = await snapshotsOf(post!.id)
    const [latest] = await db.select().from(postMetrics).where(eq(postMetrics.postId, post!.id))
    expect(latest).toMatchObject({ status: 'ok', impressions: snapshots.at(-1)!.impressions, updatedAt: snapshots.at(-1)!.takenAt })
    expect(snapshots.at(-1)!.impressions).toBeGreaterThan(snapshots[0]!.impressions)
  })

  it('429: the post is tried again after Retry-After with the attempt recorded, and its connection is not asked again before then', async () => {
    const anns = await published(ann, 2)
    const [other] = await published(ben, 1)
    // Ann's third post is not due for ten minutes: it waits for the connection too.
    const [later] = await published(ann, 1, HOUR_MS - 10 * MINUTE_MS)
    // The first call for Ann's connection is answered 429.
    let limited: string | null = null
    answer = async (query) => {
      if (query.author.id !== ann || limited) return
      limited = query.urn
      throw new LinkedInRateLimitError(30 * MINUTE_MS)
    }
    const job = metricsJob(runnerFor())
    await job.run()
    const first = anns.find((p) => p.linkedInPostUrn === limited)
    const second = anns.find((p) => p !== first)
    const retryAt = new Date(clock.now().getTime() + 30 * MINUTE_MS)
    expect(calls.map((c) => c.urn).sort()).toEqual([first!.linkedInPostUrn, other!.linkedInPostUrn].sort())
    expect(await jobOf(first!.id)).toMatchObject({ attempts: 1, runAt: retryAt, lastError: 'LinkedIn asked to slow down', lockedBy: null })
    expect(await jobOf(second!.id)).toMatchObject({ attempts: 0, runAt: retryAt, lockedBy: null })
    expect(await jobOf(later!.id)).toMatchObject({ runAt: retryAt })
    expect(await snapshotsOf(other!.id)).toHaveLength(1)

    answer = null
    clock.advance(30 * MINUTE_MS - 1)
    await job.run()
    expect(calls).toHaveLength(2)
    clock.advance(1)
    await job.run()
    expect(callsOf(first!.linkedInPostUrn!)).toBe(2)
    expect(callsOf(second!.linkedInPostUrn!)).toBe(1)
    expect(callsOf(later!.linkedInPostUrn!)).toBe(1)
    expect(await jobOf(first!.id)).toMatchObject({ attempts: 0, runs: 1, lastError: null })
  })

  it('keeps a daily budget per connection: over it, the post waits for the next UTC day; other connections go on', async () => {
    clock.set('2026-03-10T22:30:00Z')
    const anns = await published(ann, 5)
    const [bens] = await published(ben, 1)
    const job = metricsJob(runnerFor(), { dailyBudget: 3 })
    await job.run()
    expect(calls.filter((c) => c.author.id === ann)).toHaveLength(3)
    expect(callsOf(bens!.linkedInPostUrn!)).toBe(1)
    const usage = await db.select().from(linkedInApiUsage).orderBy(asc(linkedInApiUsage.calls))
    expect(usage.map(({ userId, day, calls }) => ({ userId, day, calls }))).toEqual([
      { userId: ben, day: '2026-03-10', calls: 1 },
      { userId: ann, day: '2026-03-10', calls: 3 }
    ])
    const waiting = (await Promise.all(anns.map((p) => jobOf(p.id)))).filter((j) => j!.runs === 0)
    expect(waiting.map((j) => ({ runAt: j!.runAt, attempts: j!.attempts }))).toEqual([
      { runAt: new Date('2026-03-11T00:00:00Z'), attempts: 0 },
      { runAt: new Date('2026-03-11T00:00:00Z'), attempts: 0 }
    ])
    // Still the same day: nothing more for Ann.
    clock.set('2026-03-10T23:59:59Z')
    await job.run()
    expect(calls).toHaveLength(4)
    clock.set('2026-03-11T00:00:00Z')
    await job.run()
    expect(calls).toHaveLength(6)
    expect(await Promise.all(anns.map(async (p) => (await snapshotsOf(p.id)).length))).toEqual([1, 1, 1, 1, 1])
  })

  it('counts every LinkedIn call of a reading against the budget: a member\'s post read one metric per call costs that many', async () => {
    clock.set('2026-03-12T08:00:00Z')
    const mine = await published(ann, 3)
    const costly = { ...linkedin(), metricsCallCost: () => 5 }
    const job = metricsJob(runnerFor(), { dailyBudget: 12, linkedin: costly })
    await job.run()
    // 12 calls allow two readings of 5; the third waits for tomorrow.
    expect(calls.filter((c) => mine.some((p) => p.linkedInPostUrn === c.urn))).toHaveLength(2)
    const [usage] = await db.select().from(linkedInApiUsage).where(and(eq(linkedInApiUsage.userId, ann), eq(linkedInApiUsage.day, '2026-03-12')))
    expect(usage?.calls).toBe(10)
    const waiting = (await Promise.all(mine.map((p) => jobOf(p.id)))).filter((j) => j!.runs === 0)
    expect(waiting.map((j) => j!.runAt)).toEqual([new Date('2026-03-13T00:00:00Z')])
  })

  it('a missing permission marks the post "not available from LinkedIn" once and stops reading it', async () => {
    const [denied, allowed] = await published(ann, 2)
    answer = async (query) => {
      if (query.urn === denied!.linkedInPostUrn) throw new LinkedInPermissionError()
    }
    const job = metricsJob(runnerFor())
    await job.run()
    const latest = await db.select().from(postMetrics).orderBy(asc(postMetrics.status))
    expect(latest.map((m) => [m.postId, m.status])).toEqual([
      [allowed!.id, 'ok'],
      [denied!.id, 'unavailable']
    ])
    expect(await jobOf(denied!.id)).toBeUndefined()
    expect(await snapshotsOf(denied!.id)).toHaveLength(0)
    // Days later: the allowed post is read again, the denied one never.
    clock.advance(3 * DAY_MS)
    await job.run()
    expect(callsOf(denied!.linkedInPostUrn!)).toBe(1)
    expect(callsOf(allowed!.linkedInPostUrn!)).toBe(2)
  })

  it('not connected or token expired: tried daily, given up after MAX_DISCONNECTED_ATTEMPTS; other errors back off exponentially', async () => {
    const [post] = await published(ann, 1)
    const [flaky] = await published(ben, 1)
    connected = false
    answer = async (query) => {
      if (query.urn === flaky!.linkedInPostUrn) throw new Error('LinkedIn answered 503')
    }
    const job = metricsJob(runnerFor())
    const start = clock.now().getTime()
    await job.run()
    expect(await jobOf(post!.id)).toMatchObject({ attempts: 1, runAt: new Date(start + DAY_MS), lastError: 'LinkedIn is not connected' })
    // Ben is not connected either: make his connection answer with errors instead.
    connected = true
    clock.set(new Date(start + DAY_MS))
    answer = async (query) => {
      if (query.urn === post!.linkedInPostUrn) throw new TokenExpiredError()
      if (query.urn === flaky!.linkedInPostUrn) throw new Error('LinkedIn answered 503')
    }
    await job.run()
    expect(await jobOf(post!.id)).toMatchObject({ attempts: 2, runAt: new Date(start + 2 * DAY_MS), lastError: 'LinkedIn access token expired — reconnect LinkedIn' })
    // Ben's post: the backoff doubles with its attempts (the first was not connected): 10 min, then 20.
    const flakyJob = await jobOf(flaky!.id)
    expect(flakyJob).toMatchObject({ attempts: 2, lastError: 'LinkedIn answered 503' })
    expect(flakyJob!.runAt.getTime() - clock.now().getTime()).toBe(10 * MINUTE_MS)
    clock.advance(10 * MINUTE_MS)
    await job.run()
    expect((await jobOf(flaky!.id))!.runAt.getTime() - clock.now().getTime()).toBe(20 * MINUTE_MS)

    for (let attempt = 3; attempt <= MAX_DISCONNECTED_ATTEMPTS; attempt++) {
      clock.set((await jobOf(post!.id))!.runAt)
      await job.run()
    }
    expect(await jobOf(post!.id)).toBeUndefined()
    expect(callsOf(post!.linkedInPostUrn!)).toBe(MAX_DISCONNECTED_ATTEMPTS - 1)
  })

  it('a batch costs a few statements per post, however many posts it has', async () => {
    const statementsOfBatch = async (n: number) => {
      await db.delete(jobs)
      await published(ann, n)
      const job = metricsJob(runnerFor(), { batchSize: n })
      recording = []
      try {
        await job.run()
        return recording.length
      } finally {
        recording = null
      }
    }
    const ten = await statementsOfBatch(10)
    const forty = await statementsOfBatch(40)
    expect(calls).toHaveLength(50)
    // The claim and the posts' read once per batch; per post, the budget and one transaction.
    const perPost = (forty - ten) / 30
    expect(perPost).toBeLessThanOrEqual(6)
    expect(forty - 40 * perPost).toBeLessThanOrEqual(6)
  })

  it('two workers on one database claim the due jobs once each: no post read twice for one due time', async () => {
    const rows = [...(await published(ann, 70)), ...(await published(ben, 70))]
    const a = metricsJob(runnerFor('worker-a'), { batchSize: 20 })
    const b = metricsJob(runnerFor('worker-b'), { batchSize: 20 })
    const drain = async (job: typeof a) => {
      while (await job.run());
    }
    await Promise.all([drain(a), drain(b), drain(a), drain(b)])
    expect(calls).toHaveLength(rows.length)
    expect(new Set(calls.map((c) => c.urn)).size).toBe(rows.length)
    const queued = await db.select().from(jobs)
    expect(queued).toHaveLength(rows.length)
    expect(queued.every((j) => j.runs === 1 && j.lockedBy === null && j.runAt.getTime() === rows[0]!.publishedAt!.getTime() + 6 * HOUR_MS)).toBe(true)
    expect(await db.$count(postMetricSnapshots)).toBe(rows.length)
  })

  it('is queued exactly once when a post publishes: by the publisher run, and by the sweep that finds a post on LinkedIn', async () => {
    const due = (text: string) => ({ ...newPostValues({ organizationId, authorUserId: ann, text, scheduledAt: clock.now() }, clock.now()) })
    const runner = runnerFor()
    const job = metricsJob(runner)
    const publisher = (onEvent?: (event: string) => void) =>
      createPublisher({
        db,
        clock,
        timers,
        linkedin: linkedin(),
        notifications: createNotificationService(db, clock),
        resolveTarget: async (post) => target(post),
        onPublished: (tx, post) => job.enqueue(tx, post),
        onEvent
      })
    const one = due('published by a run')
    await db.insert(posts).values(one)
    await publisher().runOnce()
    await publisher().runOnce()
    await publisher().sweep({ olderThanMs: 0 })
    const publishedAt = (await db.select().from(posts).where(eq(posts.id, one.id)))[0]!.publishedAt!
    expect(await db.select().from(jobs)).toEqual([
      expect.objectContaining({ kind: METRICS_JOB, key: one.id, organizationId, runAt: new Date(publishedAt.getTime() + HOUR_MS), runs: 0, payload: { authorUserId: ann } })
    ])

    // Killed after LinkedIn took the post, before recording it: nothing queued until the sweep finds it.
    const two = due('found by the sweep')
    await db.insert(posts).values(two)
    await expect(
      publisher((event) => {
        if (event === 'afterPublish') throw new Error('killed')
      }).runOnce()
    ).rejects.toThrow('killed')
    expect(await jobOf(two.id)).toBeUndefined()
    clock.advance(11 * MINUTE_MS)
    expect(await publisher().sweep({ olderThanMs: 10 * MINUTE_MS })).toMatchObject({ published: 1 })
    await publisher().sweep({ olderThanMs: 0 })
    expect(await jobOf(two.id)).toMatchObject({ runAt: new Date(clock.now().getTime() + HOUR_MS) })
    expect(await db.$count(jobs)).toBe(2)
  })

  it('on one runner with the publisher: a slow metrics run does not delay the publisher’s next run, nor a kicked one', async () => {
    await published(ann, 1)
    const runner = runnerFor()
    const publisher = createPublisher({
      db,
      clock,
      timers,
      linkedin: sandbox,
      notifications: createNotificationService(db, clock),
      resolveTarget: async (post) => target(post)
    })
    const held = deferred()
    const reading = deferred()
    answer = async () => {
      reading.resolve()
      await held.promise
    }
    runner.register(publisher.job({ intervalMs: 5_000 }))
    runner.register(metricsJob(runner))
    runner.start()
    // Both lanes start at once; the metrics run waits on LinkedIn.
    const first = timers.advance(0)
    await reading.promise

    const post = newPostValues({ organizationId, authorUserId: ann, text: 'due while metrics are slow', scheduledAt: clock.now() }, clock.now())
    await db.insert(posts).values(post)
    expect(await timers.advance(5_000)).toBe(1)
    expect(sandbox.posts.map((p) => p.text)).toEqual(['due while metrics are slow'])

    const now = newPostValues({ organizationId, authorUserId: ann, text: 'posted now', scheduledAt: clock.now() }, clock.now())
    await db.insert(posts).values(now)
    runner.kick(PUBLISH_JOB)
    expect(await timers.advance(0)).toBe(1)
    expect(sandbox.posts).toHaveLength(2)

    held.resolve()
    expect(await first).toBe(2)
    expect(await db.$count(postMetricSnapshots)).toBe(1)
    await runner.stop()
    expect(timers.pending).toEqual([])
  })
})
