import { inArray } from 'drizzle-orm'
import { DAY_MS } from '../../../shared/constants'
import { posts } from '../../db/schema'
import { retryOrGiveUp } from './outcome'
import { readOne } from './readOne'
import { FIRST_BACKOFF_MS, MAX_FAILED_ATTEMPTS, messageOf, METRICS_JOB } from './readings'
import type { MetricsContext } from './types'

/* One run: a batch of due jobs and their posts (docs/architecture.md, "The job runner and the metrics sync"). */

export async function readBatch(ctx: MetricsContext): Promise<boolean> {
  const { db, clock, queue, batchSize } = ctx
  const claimed = await queue.claim(METRICS_JOB, batchSize)
  if (claimed.length === 0) return false
  const rows = await db
    .select()
    .from(posts)
    .where(
      inArray(
        posts.id,
        claimed.map((job) => job.key)
      )
    )
  const byId = new Map(rows.map((post) => [post.id, post]))
  /** Connections not to ask again in this batch, and until when. */
  const held = new Map<string, Date>()
  for (const job of claimed) {
    const post = byId.get(job.key)
    const now = clock.now()
    if (!post || post.status !== 'PUBLISHED' || !post.publishedAt || !post.linkedInPostUrn) {
      await queue.complete(job, null)
      continue
    }
    const until = held.get(post.authorUserId)
    if (until) {
      await queue.defer(job, until)
      continue
    }
    try {
      const hold = await readOne(ctx, job, { ...post, publishedAt: post.publishedAt, linkedInPostUrn: post.linkedInPostUrn }, now)
      if (hold) held.set(post.authorUserId, hold)
    } catch (error) {
      const backoff = Math.min(DAY_MS, FIRST_BACKOFF_MS * 2 ** job.attempts)
      await retryOrGiveUp(ctx, job, messageOf(error), new Date(now.getTime() + backoff), MAX_FAILED_ATTEMPTS)
    }
  }
  return claimed.length === batchSize
}
