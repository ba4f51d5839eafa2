import { eq } from 'drizzle-orm'
import { POST_DRAFT_MAX } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import type { ReviewThread } from '../../../shared/domain/entities'
import { postProblems } from '../../../shared/rules/posts'
import { reviewFeedback } from '../../db/schema'
import { badRequest, conflict } from '../../errors'
import { nextRevision, type PostContent } from '../approval'
import { requirePostTransition } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import { feedbackAccess, requireAuthor, requireReviewFlow } from './access'
import {
  APPROVAL_NEEDED_AGAIN_TITLE,
  mediaOfPost,
  notifyAll,
  personOf,
  quoted,
  REVIEW_MESSAGES,
  transition,
  type ReviewContext
} from './shared'
import { threadOf } from './threadOf'

/**
 * The author accepts a suggestion: applied as a new revision at its anchor, else at the quote's
 * only occurrence, else 409 suggestionOutdated. An approved post needs its approvers again; a
 * SCHEDULED post whose new text breaks LinkedIn's limits goes back to DRAFT.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function acceptSuggestion(ctx: ReviewContext, session: OrganizationSession, input: { feedbackId: string; version: number }): Promise<ReviewThread> {
  const { db, clock } = ctx
  await requireReviewFlow(ctx, db, session)
  return db.transaction(async (tx) => {
    const { feedback, access: a } = await feedbackAccess(tx, session, input.feedbackId)
    requireAuthor(a, MESSAGES.onlyAuthorAccepts)
    if (feedback.kind !== 'SUGGESTION') throw badRequest(REVIEW_MESSAGES.notASuggestion, { feedbackId: REVIEW_MESSAGES.notASuggestion })
    if (feedback.status !== 'OPEN') throw conflict(MESSAGES.suggestionNotOpen)
    const post = a.post
    requirePostTransition(post, 'edit', input.version)
    const quote = feedback.anchorQuote ?? ''
    let start = feedback.anchorStart ?? -1
    if (quote === '' || post.text.slice(start, start + quote.length) !== quote) {
      const first = quote === '' ? -1 : post.text.indexOf(quote)
      if (first < 0 || post.text.indexOf(quote, first + 1) >= 0) throw conflict(MESSAGES.suggestionOutdated)
      start = first
    }
    const text = post.text.slice(0, start) + (feedback.replacement ?? '') + post.text.slice(start + quote.length)
    if (text.length > POST_DRAFT_MAX) throw badRequest(REVIEW_MESSAGES.suggestionTooLong, { feedbackId: REVIEW_MESSAGES.suggestionTooLong })
    const files = await mediaOfPost(tx, post.id)
    const current: PostContent = { type: post.type, text: post.text, poll: post.poll, mediaIds: files.map((m) => m.id), businessPageId: post.businessPageId }
    const now = clock.now()
    const revision = await nextRevision(tx, post, current, { ...current, text }, session.userId, now)
    // A SCHEDULED post whose new text breaks LinkedIn's limits goes back to DRAFT, as an edit does.
    const publishable = Object.keys(postProblems({ type: post.type, text, poll: post.poll, media: files.map((m) => ({ kind: m.kind })) })).length === 0
    const updated = await transition(ctx, tx, post, publishable ? 'edit' : 'editBreakingLimits', 'author', { ...revision.set, text })
    await tx
      .update(reviewFeedback)
      .set({ status: 'ACCEPTED', resolvedByUserId: session.userId, resolvedAt: now, updatedAt: now })
      .where(eq(reviewFeedback.id, feedback.id))
    if (revision.approvalReset) {
      const author = await personOf(tx, session.userId)
      await notifyAll(ctx, tx, post.organizationId, a.approvers.notify, {
        title: APPROVAL_NEEDED_AGAIN_TITLE,
        message: `${author.fullName} changed ${quoted(text)} after it was approved. It needs your approval again.`,
        postId: post.id
      })
    }
    return threadOf(ctx, tx, a, updated)
  })
}
