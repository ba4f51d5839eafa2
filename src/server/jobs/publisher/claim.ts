import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { posts, publishAttempts } from '../../db/schema'
import { approvalRequiredFor, isApproved } from '../../services/approval'
import { applyPostTransitionToMany } from '../../services/postLifecycle'
import type { PostRow } from '../../services/posts'
import type { Claimed, PublisherContext, RunRecord } from './types'

/*
 * Step 1, the claim: one transaction takes due SCHEDULED posts FOR UPDATE SKIP LOCKED, refuses the
 * unapproved ones and sets the rest PENDING_PUBLISH with a running attempt each
 * (docs/architecture.md, "The exactly-once publisher").
 */

export async function claim(ctx: Pick<PublisherContext, 'db' | 'clock' | 'batchSize' | 'workerId'>, run: RunRecord): Promise<Claimed[]> {
  const { db, clock, batchSize, workerId } = ctx
  return db.transaction(async (tx) => {
    const now = clock.now()
    const due = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.status, 'SCHEDULED'), lte(posts.scheduledAt, now)))
      .orderBy(asc(posts.scheduledAt))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const refused = await unapproved(clock, tx, due)
    if (refused.length > 0) await refuseUnapproved(clock, tx, run, refused)
    const approved = due.filter((post) => !refused.includes(post))
    if (approved.length === 0) return []
    await applyPostTransitionToMany(tx, {
      event: 'publishingStarted',
      by: 'system',
      where: inArray(
        posts.id,
        approved.map((p) => p.id)
      ),
      now
    })
    // A running attempt left by an earlier claim (a crashed worker whose post the user then edited
    // back to SCHEDULED) is closed: the outcome of that call is unknown, and this claim supersedes it.
    await tx
      .update(publishAttempts)
      .set({ outcome: 'unknown', finishedAt: now, error: 'superseded by a later claim' })
      .where(
        and(
          inArray(
            publishAttempts.postId,
            due.map((p) => p.id)
          ),
          isNull(publishAttempts.outcome)
        )
      )
    const claimed = approved.map((post) => ({ post: { ...post, status: 'PENDING_PUBLISH' as const }, attemptId: randomUUID() }))
    await tx.insert(publishAttempts).values(
      claimed.map(({ post, attemptId }) => ({
        id: attemptId,
        postId: post.id,
        organizationId: post.organizationId,
        workerId,
        postVersion: post.version,
        startedAt: now
      }))
    )
    return claimed
  })
}

/** The due posts that need approval and are not approved for their revision: one look-up per organization. */
async function unapproved(clock: Clock, tx: Executor, due: readonly PostRow[]): Promise<PostRow[]> {
  const byOrganization = new Map<string, PostRow[]>()
  for (const post of due) byOrganization.set(post.organizationId, [...(byOrganization.get(post.organizationId) ?? []), post])
  const refused: PostRow[] = []
  for (const [organizationId, rows] of byOrganization) {
    const required = await approvalRequiredFor(
      tx,
      clock,
      organizationId,
      rows.map((r) => r.authorUserId)
    )
    refused.push(...rows.filter((post) => !isApproved(post, required.get(post.authorUserId) ?? false)))
  }
  return refused
}

/**
 * Due while not approved: never published. Back to DRAFT with the reason (version + 1, so any
 * copy of the row elsewhere is stale), with post.failed (cause notApproved) in the claim's
 * transaction: the publish notices consumer tells the author and the approvers.
 */
async function refuseUnapproved(clock: Clock, tx: Executor, run: RunRecord, refused: readonly PostRow[]): Promise<void> {
  const rows = await applyPostTransitionToMany(tx, {
    event: 'notApprovedInTime',
    by: 'system',
    where: inArray(
      posts.id,
      refused.map((p) => p.id)
    ),
    patch: { failureReason: MESSAGES.notApprovedAtPublishTime },
    now: clock.now()
  })
  if (rows.length > 0) run.outcomes = true
}
