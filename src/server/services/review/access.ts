import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Executor } from '../../db/client'
import { posts, reviewFeedback, reviewReviewers } from '../../db/schema'
import { forbidden, notFound, planLimit } from '../../errors'
import { approversOf, reviewFlowHeld } from '../approval'
import { isUuid } from '../ids'
import type { PostRow } from '../posts'
import type { OrganizationSession } from '../sessions'
import { REVIEW_MESSAGES, type ReviewContext } from './shared'

/**
 * Who may see a post's review and do what in it (docs/architecture.md, "Collaborate: reviews,
 * approvals and versions"): the post's author, its reviewers, the author's team leaders and the
 * organization's admins see it; to anyone else it does not exist (404). The plan comes first.
 */
export type FeedbackRow = typeof reviewFeedback.$inferSelect
type Approvers = Awaited<ReturnType<typeof approversOf>>

export interface Access {
  post: PostRow
  isAuthor: boolean
  isReviewer: boolean
  /** The author's team leader or an admin, and not the author. */
  canApprove: boolean
  approvers: Approvers
}

/** 402 reviewNotIncluded unless the organization holds REVIEW_FLOW. */
export async function requireReviewFlow(ctx: Pick<ReviewContext, 'clock'>, executor: Executor, session: OrganizationSession): Promise<void> {
  if (!(await reviewFlowHeld(executor, session.organization.id, ctx.clock.now()))) throw planLimit(MESSAGES.reviewNotIncluded)
}

/** The post and what the session user is to it; 404 when they may not see it. */
export async function access(
  executor: Executor,
  session: OrganizationSession,
  postId: string,
  options: { lock?: boolean; missing?: string } = {}
): Promise<Access> {
  const missing = options.missing ?? MESSAGES.postNotFound
  if (!isUuid(postId)) throw notFound(missing)
  const query = executor
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, session.organization.id)))
  const [post] = options.lock ? await query.for('update') : await query
  if (!post) throw notFound(missing)
  const isAuthor = post.authorUserId === session.userId
  const [reviewer] = isAuthor
    ? []
    : await executor
        .select({ userId: reviewReviewers.userId })
        .from(reviewReviewers)
        .where(and(eq(reviewReviewers.postId, post.id), eq(reviewReviewers.userId, session.userId)))
  const approvers = await approversOf(executor, post.organizationId, post.authorUserId)
  const canApprove = approvers.all.has(session.userId)
  if (!isAuthor && !reviewer && !canApprove) throw notFound(missing)
  return { post, isAuthor, isReviewer: reviewer !== undefined, canApprove, approvers }
}

export function requireAuthor(a: Access, message: string = REVIEW_MESSAGES.onlyAuthor): void {
  if (!a.isAuthor) throw forbidden(message)
}

export function requireApprover(a: Access): void {
  if (a.isAuthor) throw forbidden(MESSAGES.selfApproval)
  if (!a.canApprove) throw forbidden(MESSAGES.notAnApprover)
}

/** The feedback row (locked when asked) and the access to its post; 404 feedbackNotFound for non-viewers. */
export async function feedbackAccess(tx: Executor, session: OrganizationSession, feedbackId: string): Promise<{ feedback: FeedbackRow; access: Access }> {
  if (!isUuid(feedbackId)) throw notFound(MESSAGES.feedbackNotFound)
  const [found] = await tx
    .select({ postId: reviewFeedback.postId })
    .from(reviewFeedback)
    .where(and(eq(reviewFeedback.id, feedbackId), eq(reviewFeedback.organizationId, session.organization.id)))
  if (!found) throw notFound(MESSAGES.feedbackNotFound)
  // The post's row first, then the feedback's: the same lock order as every other change of the post.
  const a = await access(tx, session, found.postId, { lock: true, missing: MESSAGES.feedbackNotFound })
  const [feedback] = await tx.select().from(reviewFeedback).where(eq(reviewFeedback.id, feedbackId)).for('update')
  if (!feedback) throw notFound(MESSAGES.feedbackNotFound)
  return { feedback, access: a }
}
