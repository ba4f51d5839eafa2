import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../shared/api/messages'
import type { Post } from '../../shared/domain'
import type { PublishInput } from '../adapters/linkedin/linkedin'
import { createLinkedInSandbox, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
import { posts, publishAttempts } from '../db/schema'
import { PUBLISH_JOB } from '../jobs/publisher'
import { createTestApp, type TestApp } from '../testing/harness'
import { postFixtures, type TestPerson } from '../testing/postFixtures'
import { privateClusterUnavailable, startPrivateCluster, type PrivateCluster } from '../testing/privateCluster'
import { eventually } from '../testing/eventually'
import { deferred } from '../testing/publisherFixtures'

/**
 * Issue 16, fault 1: the database is killed (`kill -9` of its postmaster) in the middle of a
 * publishing batch and started again. The server (its real job runner and publisher, on real
 * timers) is never restarted.
 */
const unavailable = privateClusterUnavailable()
const AUTHORS = 3
const POSTS_PER_AUTHOR = 10
const KILL_AFTER_PUBLISH_CALLS = 5
const PUBLISHER_INTERVAL_MS = 200

// Said where the run shows it, not only in the skipped suite's name.
if (unavailable) console.warn(`Skipping the database outage fault test (issue 16): ${unavailable}`)

describe.skipIf(unavailable !== null)(
  `the database killed mid-batch and restarted${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: PrivateCluster | undefined
    let t: TestApp | undefined
    let sandbox: LinkedInSandbox
    /** The idempotency key of every publish call LinkedIn took, in order. */
    const publishCalls: string[] = []
    const killed = deferred()
    let down = false
    /** Publish calls begun while the database was dead (killed, not yet restarted). */
    let callsWhileDown = 0
    /** The publisher's runs that failed (the job runner reports each) while the database was dead. */
    let failedTicksWhileDown = 0

    beforeAll(async () => {
      cluster = await startPrivateCluster()
      const handle = await openDatabase({ databaseUrl: cluster.url, connectTimeoutMs: 2_000 })
      await migrate(handle.db)
      t = await createTestApp({
        databaseHandle: handle,
        config: { publisherIntervalMs: PUBLISHER_INTERVAL_MS },
        serviceLog: (message) => {
          if (down && message.startsWith(`job ${PUBLISH_JOB} `)) failedTicksWhileDown++
        },
        linkedInAdapter: ({ clock }) => {
          sandbox = createLinkedInSandbox({ clock })
          // LinkedIn takes the post; right after its 5th, before the publisher can record it, the
          // database dies.
          const publish = async (input: PublishInput) => {
            if (down) callsWhileDown++
            const result = await sandbox.publish(input)
            publishCalls.push(input.idempotencyKey)
            if (publishCalls.length === KILL_AFTER_PUBLISH_CALLS) {
              await cluster!.kill9()
              // Dead now, its backends too; calls begun while it was dying count as before.
              down = true
              killed.resolve()
            }
            return result
          }
          return new Proxy(sandbox, { get: (target, key) => (key === 'publish' ? publish : Reflect.get(target, key)) })
        }
      })
    })
    afterAll(async () => {
      await t?.close()
      await cluster?.destroy()
    })

    it('answers 503 while it is down, recovers without a restart, and publishes every due post exactly once', async () => {
      const app = () => t!
      const { connectedOrg, create } = postFixtures(app)
      const authors: TestPerson[] = []
      for (let i = 0; i < AUTHORS; i++) authors.push(await connectedOrg(`Author ${i + 1}`))
      const inOneHour = new Date(app().clock.now().getTime() + 60 * 60_000).toISOString()
      const ids: string[] = []
      for (const author of authors) {
        for (let i = 0; i < POSTS_PER_AUTHOR; i++) {
          const draft = await create(author, { text: `Post ${i + 1} of ${author.userId}` })
          const scheduled = await author.client.post<Post>('/posts/schedule', { postId: draft.id, version: draft.version, scheduledAt: inOneHour })
          expect(scheduled.body.status, JSON.stringify(scheduled.body)).toBe('SCHEDULED')
          ids.push(draft.id)
        }
      }

      // Their time comes: the server's publisher takes the batch on its next tick.
      const started = Date.now()
      app().clock.advance(2 * 60 * 60_000)
      await Promise.race([killed.promise, new Promise((_, reject) => setTimeout(() => reject(new Error('the batch never reached the 5th post')), 20_000))])

      // While it is down: a clear 503 within moments, for a signed-in request, never a hang or a 500.
      for (const author of authors) {
        const asked = Date.now()
        const res = await author.client.get('/user')
        expect(Date.now() - asked).toBeLessThan(3_000)
        expect(res.status).toBe(503)
        expect(res.body).toEqual({ error: { code: 'database_unavailable', message: MESSAGES.databaseUnavailable } })
        expect(res.headers['retry-after']).toBe('5')
      }
      // The publisher fails its ticks meanwhile and keeps trying; no publish call begins (the calls
      // of the batch's other lanes that were under way when it died may still end). Three failed
      // runs observed, not a length of time, so a slow machine waits longer instead of passing early.
      const ticksBefore = failedTicksWhileDown
      await eventually(async () => failedTicksWhileDown >= ticksBefore + 3, 'three failed publisher runs while the database is down', { timeoutMs: 30_000, intervalMs: 100 })
      expect(callsWhileDown).toBe(0)
      const takenBeforeRestart = publishCalls.length

      down = false
      await cluster!.restart()
      // The same server answers again: the pool makes new connections.
      await eventually(async () => (await authors[0]!.client.get('/user')).status === 200, 'GET /user to answer again', { timeoutMs: 5_000, intervalMs: 100 })
      for (const author of authors) expect((await author.client.get('/user')).status).toBe(200)

      // The batch finishes: the post LinkedIn took before the kill is found there by its key, the
      // rest go out once each.
      await eventually(
        async () => (await app().db.select({ id: posts.id }).from(posts).where(eq(posts.status, 'PUBLISHED'))).length === ids.length,
        'every post to be PUBLISHED',
        { timeoutMs: 20_000, intervalMs: 100 }
      )
      const rows = await app().db.select().from(posts).where(inArray(posts.id, ids))
      expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'PUBLISHED'))
      expect(new Set(publishCalls).size).toBe(ids.length)
      expect(publishCalls).toHaveLength(ids.length)
      expect(sandbox.posts).toHaveLength(ids.length)
      const urnByKey = new Map(sandbox.posts.map((p) => [p.idempotencyKey, p.urn]))
      for (const row of rows) expect(row.linkedInPostUrn).toBe(urnByKey.get(row.idempotencyKey))
      // Nothing is left open: every attempt has an outcome. Each post was taken by LinkedIn once:
      // recorded by its run, or (taken just before the kill, never recorded) found there by the
      // sweep after the restart.
      const attempts = await app().db.select().from(publishAttempts).where(inArray(publishAttempts.postId, ids))
      expect(attempts.filter((a) => a.outcome === null)).toEqual([])
      const recorded = attempts.filter((a) => a.outcome === 'published')
      const foundBySweep = attempts.filter((a) => a.outcome === 'unknown' && a.error?.startsWith('worker stopped; LinkedIn has the post as'))
      expect(foundBySweep.length).toBeGreaterThanOrEqual(1)
      expect(foundBySweep.length).toBeLessThanOrEqual(takenBeforeRestart)
      expect([...recorded, ...foundBySweep].map((a) => a.postId).sort()).toEqual([...ids].sort())
      console.info(`database outage: batch of ${ids.length} recovered ${Date.now() - started} ms after the posts came due`)
    }, 60_000)
  }
)
