import { eq } from 'drizzle-orm'
import { UNKNOWN_OUTCOME_REASON } from '../../../shared/rules/postLifecycle'
import type { Timers } from '../../clock'
import { posts } from '../../db/schema'
import { LinkedInTimeoutError, isKnownSafeFailure } from '../../adapters/linkedin/linkedin'
import { finishAttempt, recordFailure, recordPublished } from './recordOutcome'
import type { Claimed, Outcome, PublisherContext, PublisherEvent, RunRecord } from './types'

/*
 * Step 2, publishing one claimed post, outside any transaction: the row re-read and skipped if its
 * status or version changed since the claim, otherwise LinkedIn called once, never retried
 * automatically (docs/architecture.md, "The exactly-once publisher").
 */

const NOT_CONNECTED_REASON = 'LinkedIn is not connected — connect LinkedIn and schedule again'

function withTimeout<T>(timers: Timers, promise: Promise<T>, ms: number): Promise<T> {
  let timer: unknown
  const timeout = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(() => reject(new LinkedInTimeoutError(`LinkedIn did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => timers.clearTimeout(timer))
}

export async function publishOne(
  ctx: Pick<PublisherContext, 'db' | 'clock' | 'timers' | 'linkedin' | 'notifications' | 'resolveTarget' | 'timeoutFor' | 'options'>,
  run: RunRecord,
  claimed: Claimed,
  event: (e: PublisherEvent, id: string) => Promise<void>
): Promise<Outcome> {
  const { db, clock, timers, linkedin, resolveTarget, timeoutFor } = ctx
  const { post, attemptId } = claimed
  // Edited or unscheduled since the claim: do not publish.
  const [current] = await db.select({ status: posts.status, version: posts.version }).from(posts).where(eq(posts.id, post.id))
  if (!current || current.status !== 'PENDING_PUBLISH' || current.version !== post.version) {
    await db.transaction((tx) => finishAttempt(clock, tx, attemptId, 'failed', 'skipped: the post changed after it was claimed'))
    return 'skipped'
  }
  const target = await resolveTarget(post)
  if (!target) {
    await recordFailure(ctx, run, post, attemptId, NOT_CONNECTED_REASON, 'failed')
    return 'failed'
  }
  await event('beforePublish', post.id)
  let urn: string
  try {
    const result = await withTimeout(
      timers,
      linkedin.publish({
        author: target.author,
        text: post.text,
        type: post.type,
        poll: post.poll,
        media: target.media,
        idempotencyKey: post.idempotencyKey,
        accessToken: target.accessToken,
        reshareOf: post.reshareOfUrn
      }),
      timeoutFor(target)
    )
    urn = result.urn
  } catch (error) {
    if (isKnownSafeFailure(error)) {
      await event('afterPublish', post.id)
      await recordFailure(ctx, run, post, attemptId, error.message, 'failed')
      return 'failed'
    }
    await event('afterPublish', post.id)
    await recordFailure(ctx, run, post, attemptId, UNKNOWN_OUTCOME_REASON, 'unknown', error instanceof Error ? error.message : String(error))
    return 'unknown'
  }
  await event('afterPublish', post.id)
  await recordPublished(ctx, run, claimed, urn)
  return 'published'
}
