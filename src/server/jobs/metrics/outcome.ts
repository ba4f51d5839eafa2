import type { PostMetrics } from '../../adapters/linkedin/linkedin'
import { postMetrics, postMetricSnapshots } from '../../db/schema'
import type { PostRow } from '../../services/posts'
import type { JobRow } from '../runner'
import { nextReadingAt } from './readings'
import type { MetricsContext } from './types'

/* A reading's outcome: the figures, unavailable, or tried again (docs/architecture.md, "The job runner and the metrics sync"). */

export async function record({ db, queue }: MetricsContext, job: JobRow, post: PostRow & { publishedAt: Date }, metrics: PostMetrics, now: Date): Promise<void> {
  const figures = {
    impressions: metrics.impressions,
    membersReached: metrics.membersReached,
    reactions: metrics.reactions,
    comments: metrics.comments,
    reshares: metrics.reshares,
    clicks: metrics.clicks
  }
  await db.transaction(async (tx) => {
    await tx.insert(postMetricSnapshots).values({ postId: post.id, organizationId: post.organizationId, takenAt: now, ...figures })
    await tx
      .insert(postMetrics)
      .values({ postId: post.id, organizationId: post.organizationId, status: 'ok', ...figures, updatedAt: now })
      .onConflictDoUpdate({ target: postMetrics.postId, set: { status: 'ok', ...figures, updatedAt: now } })
    await queue.complete(job, nextReadingAt(post.publishedAt, now), tx)
  })
}

export async function markUnavailable({ db, queue }: MetricsContext, job: JobRow, post: PostRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(postMetrics)
      .values({ postId: post.id, organizationId: post.organizationId, status: 'unavailable', updatedAt: now })
      .onConflictDoUpdate({ target: postMetrics.postId, set: { status: 'unavailable', updatedAt: now } })
    await queue.complete(job, null, tx)
  })
}

/** A failure that may pass: tried again at retryAt unless it has failed `max` times in a row. */
export async function retryOrGiveUp({ queue, log }: MetricsContext, job: JobRow, error: string, retryAt: Date, max: number): Promise<void> {
  if (job.attempts + 1 < max) return queue.fail(job, error, retryAt)
  log(`metrics of post ${job.key}: given up after ${max} attempts: ${error}`)
  await queue.complete(job, null)
}
