import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { publishAttempts } from '../../db/schema'
import { applyPostTransition, type PostPatch } from '../../services/postLifecycle'
import { postLink } from '../../services/postLinks'
import type { PostRow } from '../../services/posts'
import type { Claimed, PublisherContext, RunRecord } from './types'

/*
 * Step 3, recording the outcome compare-and-set: only while our attempt is still running (the sweep
 * did not resolve it) and the post is still PENDING_PUBLISH at the claimed version; each outcome is
 * a domain event written with it (docs/architecture.md, "The exactly-once publisher").
 */

/** Finishes our attempt if it is still running; false when the sweep resolved it meanwhile. */
export async function finishAttempt(
  clock: Clock,
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  attemptId: string,
  outcome: 'published' | 'failed' | 'unknown',
  error: string | null
): Promise<boolean> {
  const rows = await tx
    .update(publishAttempts)
    .set({ outcome, error, finishedAt: clock.now() })
    .where(and(eq(publishAttempts.id, attemptId), isNull(publishAttempts.outcome)))
    .returning({ id: publishAttempts.id })
  return rows.length === 1
}

/** The outcome of our claim, compare-and-set: only while the post is still PENDING_PUBLISH at the claimed version. */
export const settle = (
  executor: Executor,
  post: PostRow,
  event: 'published' | 'failed' | 'requeued',
  patch: PostPatch,
  now: Date,
  extra: Pick<Parameters<typeof applyPostTransition>[1], 'with' | 'onlyIf'> = {}
) => applyPostTransition(executor, { postId: post.id, event, by: 'system', expected: { status: 'PENDING_PUBLISH', version: post.version }, patch, now, ...extra })

/** A failed or unknown outcome: our attempt finished with it and the post back to DRAFT with the reason, both only if still ours. */
export async function recordFailure(
  ctx: Pick<PublisherContext, 'db' | 'clock'>,
  run: RunRecord,
  post: PostRow,
  attemptId: string,
  reason: string,
  outcome: 'failed' | 'unknown',
  error = reason
) {
  const { db, clock } = ctx
  await db.transaction(async (tx) => {
    if (!(await finishAttempt(clock, tx, attemptId, outcome, error))) return
    // post.failed, with its cause read from the reason (UNKNOWN_OUTCOME_REASON: unknownOutcome): the author is told by the consumer.
    if (await settle(tx, post, 'failed', { failureReason: reason }, clock.now())) run.outcomes = true
  })
}

/**
 * LinkedIn took the post as `urn`: PUBLISHED (post.published), and onPublished in the same
 * transaction. When the user changed the post meanwhile their change is kept and they are told.
 */
export async function recordPublished(
  ctx: Pick<PublisherContext, 'db' | 'clock' | 'notifications' | 'options'>,
  run: RunRecord,
  { post, attemptId }: Claimed,
  urn: string
): Promise<void> {
  const { db, clock, notifications, options } = ctx
  // One statement (the common path): finish our attempt if still running and, only then, the post
  // if it is still PENDING_PUBLISH at the claimed version; onPublished joins its transaction.
  const publishedAt = clock.now()
  const recorded = await db.transaction(async (tx) => {
    const finished = tx.$with('finished').as(
      tx
        .update(publishAttempts)
        .set({ outcome: 'published', finishedAt: publishedAt, error: null })
        .where(and(eq(publishAttempts.id, attemptId), isNull(publishAttempts.outcome)))
        .returning({ id: publishAttempts.id })
    )
    const row = await settle(tx, post, 'published', { linkedInPostUrn: urn, publishedAt, failureReason: null }, publishedAt, {
      with: [finished],
      onlyIf: sql`exists (select 1 from ${finished})`
    })
    if (row) {
      await options.onPublished?.(tx, { ...post, status: 'PUBLISHED', linkedInPostUrn: urn, publishedAt })
      return { attempt: 1, post: 1 }
    }
    // The post was not ours any more: did our attempt finish (only this statement marks it published)?
    const [attempt] = await tx.select({ outcome: publishAttempts.outcome }).from(publishAttempts).where(eq(publishAttempts.id, attemptId))
    return { attempt: attempt?.outcome === 'published' ? 1 : 0, post: 0 }
  })
  if (recorded?.post === 1) run.outcomes = true
  if (recorded?.attempt === 1 && recorded.post === 0) {
    // Published, but the user changed the post meanwhile: keep their change, say what happened.
    await db.transaction(async (tx) => {
      await tx
        .update(publishAttempts)
        .set({ error: `published as ${urn}, but the post was changed meanwhile` })
        .where(eq(publishAttempts.id, attemptId))
      await notifications.notify(
        {
          organizationId: post.organizationId,
          userId: post.authorUserId,
          title: 'Post published before your change',
          message: `The earlier version of your post was published on LinkedIn (${urn}) while you changed it.`,
          link: postLink(post.id)
        },
        tx
      )
    })
  }
}
