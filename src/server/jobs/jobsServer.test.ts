import { asc, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Post } from '../../shared/domain'
import { createLinkedInSandbox } from '../adapters/linkedin/sandbox'
import { jobs, postMetrics, postMetricSnapshots } from '../db/schema'
import { postFixtures } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'
import { METRICS_JOB } from './metrics'

const PUBLISHER_INTERVAL_MS = 5_000
const METRICS_INTERVAL_MS = 60_000
const HOUR_MS = 60 * 60_000

describeEachDatabase(
  'the server’s job runner',
  (t) => {
    const { connectedOrg, create } = postFixtures(t)

    it('a post published with Post now gains metrics as the server clock moves: 1 h, then 6 h after publishing', async () => {
      const ann = await connectedOrg()
      const { client, userId } = ann
      const draft = await create(ann, { text: 'Our results, read back from LinkedIn' })
      expect((await client.post<Post>('/posts/publish-now', { postId: draft.id, version: draft.version })).status).toBe(200)
      // The kicked publisher run.
      expect(await t().timers!.advance(0)).toBeGreaterThanOrEqual(1)
      const published = (await client.get<Post>('/posts/get', { postId: draft.id })).body
      expect(published.status).toBe('PUBLISHED')
      const publishedAt = Date.parse(published.publishedAt!)
      expect(await t().db.select().from(jobs)).toEqual([
        expect.objectContaining({ kind: METRICS_JOB, key: published.id, runAt: new Date(publishedAt + HOUR_MS), payload: { authorUserId: userId } })
      ])

      // Not yet an hour: the metrics lane runs and reads nothing.
      await t().timers!.advance(METRICS_INTERVAL_MS)
      expect(await t().db.$count(postMetricSnapshots)).toBe(0)

      t().clock.set(new Date(publishedAt + HOUR_MS))
      await t().timers!.advance(METRICS_INTERVAL_MS)
      t().clock.set(new Date(publishedAt + 6 * HOUR_MS))
      await t().timers!.advance(METRICS_INTERVAL_MS)
      const snapshots = await t().db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.postId, published.id)).orderBy(asc(postMetricSnapshots.takenAt))
      expect(snapshots.map((s) => s.takenAt.getTime() - publishedAt)).toEqual([HOUR_MS, 6 * HOUR_MS])
      expect(snapshots[1]!.impressions).toBeGreaterThan(snapshots[0]!.impressions)
      const [latest] = await t().db.select().from(postMetrics).where(eq(postMetrics.postId, published.id))
      expect(latest).toMatchObject({ status: 'ok', impressions: snapshots[1]!.impressions, reactions: snapshots[1]!.reactions })
      expect(await t().db.select().from(jobs)).toEqual([expect.objectContaining({ runs: 2, runAt: new Date(publishedAt + 24 * HOUR_MS) })])
    })
  },
  {
    config: { publisherIntervalMs: PUBLISHER_INTERVAL_MS, metricsIntervalMs: METRICS_INTERVAL_MS },
    // The jobs run only when the test advances the timers.
    manualTimers: true,
    linkedInAdapter: ({ clock }) => createLinkedInSandbox({ clock })
  }
)
