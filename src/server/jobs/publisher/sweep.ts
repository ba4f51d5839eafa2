import { and, eq, isNull, lte, or } from 'drizzle-orm'
import { UNKNOWN_OUTCOME_REASON } from '../../../shared/rules/postLifecycle'
import { posts, publishAttempts } from '../../db/schema'
import { finishAttempt, recordFailure, settle } from './recordOutcome'
import type { PublisherContext, RunRecord, SweepResult } from './types'

/*
 * The sweep, recovering posts left PENDING_PUBLISH by a crashed worker: LinkedIn is asked for a
 * post with the idempotency key — found: PUBLISHED; not found: SCHEDULED again, to be published
 * once with the same key (docs/architecture.md, "The exactly-once publisher").
 */

/** Attempts started more than olderThanMs ago, and this worker's own after one of its runs failed, whatever their age. */
export async function sweepStale(ctx: PublisherContext, run: RunRecord, olderThanMs: number): Promise<SweepResult> {
  const { db, clock, linkedin, resolveTarget, workerId, options, state } = ctx
  const cutoff = new Date(clock.now().getTime() - olderThanMs)
  const ownLeftOpen = state.ownAttemptsLeftOpen
  const stale = await db
    .select({ post: posts, attemptId: publishAttempts.id, startedAt: publishAttempts.startedAt })
    .from(posts)
    .innerJoin(publishAttempts, and(eq(publishAttempts.postId, posts.id), isNull(publishAttempts.outcome)))
    .where(
      and(
        eq(posts.status, 'PENDING_PUBLISH'),
        ownLeftOpen ? or(lte(publishAttempts.startedAt, cutoff), eq(publishAttempts.workerId, workerId)) : lte(publishAttempts.startedAt, cutoff)
      )
    )
  const result: SweepResult = { published: 0, rescheduled: 0 }
  for (const { post, attemptId, startedAt } of stale) {
    const target = await resolveTarget(post)
    if (!target) {
      // Without a token LinkedIn cannot be asked: the outcome stays unknown and the author decides.
      await recordFailure(ctx, run, post, attemptId, UNKNOWN_OUTCOME_REASON, 'unknown', 'worker stopped; LinkedIn could not be asked (not connected)')
      continue
    }
    const found = await linkedin.findPublished({
      idempotencyKey: post.idempotencyKey,
      author: target.author,
      text: post.text,
      since: startedAt,
      accessToken: target.accessToken,
      reshareOf: post.reshareOfUrn
    })
    await db.transaction(async (tx) => {
      const note = found ? `worker stopped; LinkedIn has the post as ${found.urn}` : 'worker stopped; LinkedIn has no post with this key: scheduled again'
      if (!(await finishAttempt(clock, tx, attemptId, 'unknown', note))) return
      const now = clock.now()
      const updated = found
        ? await settle(tx, post, 'published', { linkedInPostUrn: found.urn, publishedAt: now, failureReason: null }, now)
        : await settle(tx, post, 'requeued', {}, now)
      if (!updated) return
      result[found ? 'published' : 'rescheduled']++
      if (found) run.outcomes = true
      if (found) await options.onPublished?.(tx, { ...post, status: 'PUBLISHED', linkedInPostUrn: found.urn, publishedAt: now })
    })
  }
  if (ownLeftOpen) state.ownAttemptsLeftOpen = false
  return result
}
