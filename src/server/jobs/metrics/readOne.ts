import { DAY_MS } from '../../../shared/constants'
import { LinkedInPermissionError, LinkedInRateLimitError, TokenExpiredError, type PostMetrics } from '../../adapters/linkedin/linkedin'
import type { JobRow } from '../runner'
import { holdConnection, spendCalls } from './budget'
import { markUnavailable, record, retryOrGiveUp } from './outcome'
import { MAX_DISCONNECTED_ATTEMPTS, nextUtcDay } from './readings'
import type { MetricsContext, ReadablePost } from './types'

/* Reading one post's metrics (docs/architecture.md, "The job runner and the metrics sync"). */

/** Reads one post; says until when its connection must not be asked again (budget spent, 429), if so. */
export async function readOne(ctx: MetricsContext, job: JobRow, post: ReadablePost, now: Date): Promise<Date | null> {
  const { queue, linkedin, resolveTarget } = ctx
  const target = await resolveTarget(post)
  if (!target) {
    await retryOrGiveUp(ctx, job, 'LinkedIn is not connected', new Date(now.getTime() + DAY_MS), MAX_DISCONNECTED_ATTEMPTS)
    return null
  }
  if (!(await spendCalls(ctx, post.authorUserId, now, linkedin.metricsCallCost?.(target.author) ?? 1))) {
    const tomorrow = nextUtcDay(now)
    await queue.defer(job, tomorrow)
    return tomorrow
  }
  let metrics: PostMetrics
  try {
    metrics = await linkedin.metrics({ urn: post.linkedInPostUrn, author: target.author, accessToken: target.accessToken, publishedAt: post.publishedAt, now })
  } catch (error) {
    if (error instanceof LinkedInRateLimitError) {
      const until = new Date(now.getTime() + error.retryAfterMs)
      await queue.fail(job, error.message, until)
      await holdConnection(ctx, post.authorUserId, until, now)
      return until
    }
    if (error instanceof LinkedInPermissionError) {
      await markUnavailable(ctx, job, post, now)
      return null
    }
    if (error instanceof TokenExpiredError) {
      await retryOrGiveUp(ctx, job, error.message, new Date(now.getTime() + DAY_MS), MAX_DISCONNECTED_ATTEMPTS)
      return null
    }
    throw error
  }
  await record(ctx, job, post, metrics, now)
  return null
}
