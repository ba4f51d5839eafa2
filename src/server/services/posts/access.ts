import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { posts, reviewReviewers } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { approversOf } from '../approval'
import { isUuid } from '../ids'
import { applyPostTransition, type PostPatch, type PostTransitionInput } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import type { PostRow } from './rows'

/* Which post a request may act on, and the author's one way to change its status (docs/architecture.md, "Posts on the server"). */

/** The session user's own post in the session organization (locked for the transaction when `lock`); 404 for anything else. */
export async function ownPost(executor: Executor, session: OrganizationSession, postId: string, lock = false): Promise<PostRow> {
  if (!isUuid(postId)) throw notFound(MESSAGES.postNotFound)
  const query = executor
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, session.organization.id), eq(posts.authorUserId, session.userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound(MESSAGES.postNotFound)
  return row
}

/** The author's `event` on `post` (locked by the caller): the lifecycle's one writer of the status. */
export async function transition(
  tx: Executor,
  clock: Clock,
  post: PostRow,
  event: PostTransitionInput['event'],
  patch: PostPatch = {},
  now = clock.now()
): Promise<PostRow> {
  const row = await applyPostTransition(tx, {
    postId: post.id,
    event,
    by: 'author',
    expected: { status: post.status, version: post.version, failed: post.failureReason !== null },
    patch,
    now
  })
  // The row is locked by this transaction: the compare-and-set cannot lose.
  if (!row) throw conflict(MESSAGES.postChangedElsewhere, { version: MESSAGES.postChangedElsewhere })
  return row
}

/**
 * A post of the session's organization the caller may review: its author, one of its reviewers,
 * a leader of one of the author's teams or an admin. Anyone else gets the 404 of a missing post.
 */
export async function reviewablePost(db: Executor, session: OrganizationSession, postId: string): Promise<PostRow> {
  if (!isUuid(postId)) throw notFound(MESSAGES.postNotFound)
  const [row] = await db
    .select({ post: posts, reviewer: reviewReviewers.userId })
    .from(posts)
    .leftJoin(reviewReviewers, and(eq(reviewReviewers.postId, posts.id), eq(reviewReviewers.userId, session.userId)))
    .where(and(eq(posts.id, postId), eq(posts.organizationId, session.organization.id)))
  if (!row) throw notFound(MESSAGES.postNotFound)
  const { post } = row
  if (post.authorUserId === session.userId || row.reviewer) return post
  if ((await approversOf(db, post.organizationId, post.authorUserId)).all.has(session.userId)) return post
  throw notFound(MESSAGES.postNotFound)
}
