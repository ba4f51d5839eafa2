import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { ReviewThread } from '../../../shared/domain/entities'
import { reviewFeedback } from '../../db/schema'
import { badRequest, conflict } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { feedbackAccess, requireAuthor, requireReviewFlow } from './access'
import { REVIEW_MESSAGES, type ReviewContext } from './shared'
import { threadOf } from './threadOf'

/**
 * The author dismisses an open suggestion; the post's text stays as it is.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function dismissSuggestion(ctx: ReviewContext, session: OrganizationSession, feedbackId: string): Promise<ReviewThread> {
  const { db, clock } = ctx
  await requireReviewFlow(ctx, db, session)
  return db.transaction(async (tx) => {
    const { feedback, access: a } = await feedbackAccess(tx, session, feedbackId)
    requireAuthor(a, MESSAGES.onlyAuthorAccepts)
    if (feedback.kind !== 'SUGGESTION') throw badRequest(REVIEW_MESSAGES.notASuggestion, { feedbackId: REVIEW_MESSAGES.notASuggestion })
    if (feedback.status !== 'OPEN') throw conflict(MESSAGES.suggestionNotOpen)
    const now = clock.now()
    await tx
      .update(reviewFeedback)
      .set({ status: 'DISMISSED', resolvedByUserId: session.userId, resolvedAt: now, updatedAt: now })
      .where(eq(reviewFeedback.id, feedback.id))
    return threadOf(ctx, tx, a)
  })
}
