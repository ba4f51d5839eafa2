import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { ReviewThread } from '../../../shared/domain/entities'
import { reviewRequests, reviewReviewers } from '../../db/schema'
import { badRequest } from '../../errors'
import { recordEvent } from '../../events/outbox'
import { membersAmong } from '../access'
import { requirePostTransition } from '../postLifecycle'
import { postExcerpt } from '../postLinks'
import type { OrganizationSession } from '../sessions'
import { access, requireAuthor, requireReviewFlow } from './access'
import { FEEDBACK_REQUESTED_TITLE, firstMessage, notifyAll, personOf, quoted, transition, type RequestReviewInput, type ReviewContext } from './shared'
import { threadOf } from './threadOf'

/**
 * The author asks for feedback (POST /review/request): the whole request form replaces the
 * request's, an open request gains the new reviewers (only they are told), a withdrawn one is
 * reopened with exactly the reviewers asked now, and a DRAFT becomes ASK_FOR_FEEDBACK.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function requestReview(ctx: ReviewContext, session: OrganizationSession, input: RequestReviewInput): Promise<ReviewThread> {
  const { db, clock } = ctx
  await requireReviewFlow(ctx, db, session)
  return db.transaction(async (tx) => {
    const a = await access(tx, session, input.postId, { lock: true })
    requireAuthor(a)
    requirePostTransition(a.post, 'requestReview')
    const now = clock.now()
    const fields: Record<string, string> = {}
    const asked = [...new Set(input.reviewerIds)]
    if (asked.includes(a.post.authorUserId)) fields.reviewerIds = MESSAGES.reviewerIsAuthor
    else if ((await membersAmong(tx, session.organization.id, asked, { activeOnly: true })).size !== asked.length) fields.reviewerIds = MESSAGES.reviewerUnavailable
    const dueAt = input.dueAt ? new Date(input.dueAt) : null
    if (dueAt && dueAt.getTime() <= now.getTime()) fields.dueAt = MESSAGES.reviewDueInPast
    if (Object.keys(fields).length > 0) throw badRequest(firstMessage(fields), fields)

    const [existing] = await tx.select().from(reviewRequests).where(eq(reviewRequests.postId, a.post.id)).for('update')
    const request = { priority: input.priority, dueAt, message: input.message, updatedAt: now }
    let newReviewers: string[]
    if (existing?.open) {
      await tx.update(reviewRequests).set(request).where(eq(reviewRequests.postId, a.post.id))
      const kept = await tx.select({ userId: reviewReviewers.userId }).from(reviewReviewers).where(eq(reviewReviewers.postId, a.post.id))
      const keptIds = new Set(kept.map((r) => r.userId))
      newReviewers = asked.filter((id) => !keptIds.has(id))
    } else {
      if (existing) {
        await tx
          .update(reviewRequests)
          .set({ ...request, open: true, requestedByUserId: session.userId, requestedAt: now })
          .where(eq(reviewRequests.postId, a.post.id))
        await tx.delete(reviewReviewers).where(eq(reviewReviewers.postId, a.post.id))
      } else {
        await tx
          .insert(reviewRequests)
          .values({ ...request, postId: a.post.id, organizationId: a.post.organizationId, requestedByUserId: session.userId, open: true, requestedAt: now })
      }
      newReviewers = asked
    }
    if (newReviewers.length > 0) {
      await tx.insert(reviewReviewers).values(newReviewers.map((userId) => ({ postId: a.post.id, userId, addedAt: now })))
    }
    // A DRAFT becomes ASK_FOR_FEEDBACK; any other status stays (the table's requestReview).
    const post = await transition(ctx, tx, a.post, 'requestReview', 'author')
    if (newReviewers.length > 0) {
      await recordEvent(tx, now, {
        organizationId: post.organizationId,
        name: 'post.review_requested',
        payload: { postId: post.id, authorId: post.authorUserId, reviewerIds: newReviewers },
        actor: { type: 'user', userId: session.userId }
      })
    }
    const author = await personOf(tx, session.userId)
    await notifyAll(ctx, tx, post.organizationId, newReviewers, {
      title: FEEDBACK_REQUESTED_TITLE,
      message: `${author.fullName} asks for your feedback on ${quoted(post.text)}.${input.message ? ` “${postExcerpt(input.message, 120)}”` : ''}`,
      postId: post.id
    })
    return threadOf(ctx, tx, { ...a, post })
  })
}
