import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { ReviewThread } from '../../../shared/domain/entities'
import { reviewFeedback, reviewReviewers } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import { recordEvent } from '../../events/outbox'
import { isUuid } from '../ids'
import { postExcerpt } from '../postLinks'
import type { OrganizationSession } from '../sessions'
import { access, requireReviewFlow, type FeedbackRow } from './access'
import {
  firstMessage,
  MENTIONED_TITLE,
  NEW_FEEDBACK_TITLE,
  notifyAll,
  personOf,
  quoted,
  REVIEW_MESSAGES,
  type CreateFeedbackInput,
  type ReviewContext
} from './shared'
import { threadOf } from './threadOf'

/**
 * Anyone who sees a post writes feedback on it: a comment (optionally anchored to a quote of the
 * current text), a suggestion (an anchor and its replacement) or a reply to a top-level feedback.
 * The mentioned participants are told, and the author of feedback from others.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function createFeedback(ctx: ReviewContext, session: OrganizationSession, input: CreateFeedbackInput): Promise<ReviewThread> {
  const { db, clock } = ctx
  await requireReviewFlow(ctx, db, session)
  return db.transaction(async (tx) => {
    const a = await access(tx, session, input.postId, { lock: true })
    const post = a.post
    const anchor = input.anchor ?? null
    const replacement = input.replacement ?? null
    const fields: Record<string, string> = {}
    let parent: FeedbackRow | undefined
    if (input.parentId) {
      if (!isUuid(input.parentId)) throw notFound(MESSAGES.feedbackNotFound)
      ;[parent] = await tx
        .select()
        .from(reviewFeedback)
        .where(and(eq(reviewFeedback.id, input.parentId), eq(reviewFeedback.postId, post.id)))
      if (!parent) throw notFound(MESSAGES.feedbackNotFound)
      if (parent.parentId !== null) fields.parentId = MESSAGES.replyToReply
      else if (input.kind !== 'COMMENT' || anchor || replacement !== null) fields.parentId = REVIEW_MESSAGES.replyIsComment
    }
    if (input.kind === 'COMMENT') {
      if (input.text === '') fields.text = MESSAGES.feedbackTextEmpty
      if (replacement !== null) fields.replacement = REVIEW_MESSAGES.commentHasNoReplacement
    } else if (!anchor) fields.anchor = MESSAGES.suggestionNeedsAnchor
    else if (replacement === null || replacement === anchor.quote) fields.replacement = MESSAGES.suggestionUnchanged
    if (anchor && !parent && (anchor.start >= anchor.end || post.text.slice(anchor.start, anchor.end) !== anchor.quote)) {
      fields.anchor = MESSAGES.feedbackAnchorInvalid
    }
    const participants = new Set([post.authorUserId, ...a.approvers.all])
    const reviewers = await tx.select({ userId: reviewReviewers.userId }).from(reviewReviewers).where(eq(reviewReviewers.postId, post.id))
    for (const r of reviewers) participants.add(r.userId)
    const mentions = [...new Set(input.mentions)]
    if (mentions.some((id) => !participants.has(id))) fields.mentions = MESSAGES.mentionNotParticipant
    if (Object.keys(fields).length > 0) throw badRequest(firstMessage(fields), fields)

    const now = clock.now()
    const feedbackId = randomUUID()
    await tx.insert(reviewFeedback).values({
      id: feedbackId,
      postId: post.id,
      organizationId: post.organizationId,
      authorUserId: session.userId,
      kind: input.kind,
      parentId: parent?.id ?? null,
      text: input.text,
      mentions,
      anchorStart: anchor?.start ?? null,
      anchorEnd: anchor?.end ?? null,
      anchorQuote: anchor?.quote ?? null,
      anchorRevision: anchor ? post.revision : null,
      replacement: input.kind === 'SUGGESTION' ? replacement : null,
      status: 'OPEN',
      createdAt: now,
      updatedAt: now
    })
    await recordEvent(tx, now, {
      organizationId: post.organizationId,
      name: 'post.feedback_added',
      payload: { postId: post.id, authorId: post.authorUserId, feedbackId, writerId: session.userId, kind: input.kind },
      actor: { type: 'user', userId: session.userId }
    })
    const writer = await personOf(tx, session.userId)
    const mentioned = mentions.filter((id) => id !== session.userId)
    await notifyAll(ctx, tx, post.organizationId, mentioned, {
      title: MENTIONED_TITLE,
      message: `${writer.fullName} mentioned you in feedback on ${quoted(post.text)}: “${postExcerpt(input.text, 120)}”`,
      postId: post.id
    })
    if (post.authorUserId !== session.userId && !mentioned.includes(post.authorUserId)) {
      const what = input.kind === 'SUGGESTION' ? 'suggested a change to' : parent ? 'replied on' : 'commented on'
      await notifyAll(ctx, tx, post.organizationId, [post.authorUserId], {
        title: NEW_FEEDBACK_TITLE,
        message: `${writer.fullName} ${what} ${quoted(post.text)}.`,
        postId: post.id
      })
    }
    return threadOf(ctx, tx, a)
  })
}
