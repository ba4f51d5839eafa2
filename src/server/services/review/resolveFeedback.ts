import { eq } from 'drizzle-orm'
import type { ReviewThread } from '../../../shared/domain/entities'
import { reviewFeedback } from '../../db/schema'
import { badRequest, forbidden } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { feedbackAccess, requireReviewFlow } from './access'
import { REVIEW_MESSAGES, type ReviewContext } from './shared'
import { threadOf } from './threadOf'

/**
 * Resolving or reopening a top-level comment: by the post's author, the comment's writer or an
 * approver. Resolving twice answers the thread unchanged.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function resolveFeedback(ctx: ReviewContext, session: OrganizationSession, input: { feedbackId: string; resolved: boolean }): Promise<ReviewThread> {
  const { db, clock } = ctx
  await requireReviewFlow(ctx, db, session)
  return db.transaction(async (tx) => {
    const { feedback, access: a } = await feedbackAccess(tx, session, input.feedbackId)
    if (feedback.kind !== 'COMMENT' || feedback.parentId !== null) throw badRequest(REVIEW_MESSAGES.notAComment, { feedbackId: REVIEW_MESSAGES.notAComment })
    if (!a.isAuthor && !a.canApprove && feedback.authorUserId !== session.userId) throw forbidden(REVIEW_MESSAGES.notResolver)
    const status = input.resolved ? 'RESOLVED' : 'OPEN'
    if (feedback.status !== status) {
      const now = clock.now()
      await tx
        .update(reviewFeedback)
        .set({ status, resolvedByUserId: input.resolved ? session.userId : null, resolvedAt: input.resolved ? now : null, updatedAt: now })
        .where(eq(reviewFeedback.id, feedback.id))
    }
    return threadOf(ctx, tx, a)
  })
}
