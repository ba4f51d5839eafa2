import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { ReviewThread } from '../../../shared/domain/entities'
import { reviewRequests } from '../../db/schema'
import { conflict } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { access, requireAuthor, requireReviewFlow } from './access'
import { transition, type ReviewContext } from './shared'
import { threadOf } from './threadOf'

/**
 * The author withdraws their request for feedback: the request closes (its reviewers keep
 * reading the thread, which leaves their "For my review") and ASK_FOR_FEEDBACK returns to DRAFT.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function withdrawReview(ctx: ReviewContext, session: OrganizationSession, postId: string): Promise<ReviewThread> {
  const { db, clock } = ctx
  await requireReviewFlow(ctx, db, session)
  return db.transaction(async (tx) => {
    const a = await access(tx, session, postId, { lock: true })
    requireAuthor(a)
    const [request] = await tx.select().from(reviewRequests).where(eq(reviewRequests.postId, a.post.id)).for('update')
    if (!request?.open) throw conflict(MESSAGES.reviewNotOpen)
    await tx.update(reviewRequests).set({ open: false, updatedAt: clock.now() }).where(eq(reviewRequests.postId, a.post.id))
    // ASK_FOR_FEEDBACK returns to DRAFT; any other status stays (the table's withdrawReview).
    const post = await transition(ctx, tx, a.post, 'withdrawReview', 'author')
    return threadOf(ctx, tx, { ...a, post })
  })
}
