import { asc, eq, inArray } from 'drizzle-orm'
import type { Feedback, PersonRef, ReviewThread } from '../../../shared/domain/entities'
import type { Executor } from '../../db/client'
import { reviewFeedback, reviewRequests, reviewReviewers, users } from '../../db/schema'
import type { PostRow } from '../posts'
import type { Access } from './access'
import type { ReviewContext } from './shared'

/** The whole review of a post as `a`'s user sees it (reviewThreadSchema). */
export async function threadOf(ctx: Pick<ReviewContext, 'views'>, executor: Executor, a: Access, post: PostRow = a.post): Promise<ReviewThread> {
  const [request] = await executor.select().from(reviewRequests).where(eq(reviewRequests.postId, post.id))
  const reviewerRows = request
    ? await executor
        .select({ userId: reviewReviewers.userId, addedAt: reviewReviewers.addedAt })
        .from(reviewReviewers)
        .where(eq(reviewReviewers.postId, post.id))
        .orderBy(asc(reviewReviewers.addedAt), asc(reviewReviewers.userId))
    : []
  const feedbackRows = await executor
    .select()
    .from(reviewFeedback)
    .where(eq(reviewFeedback.postId, post.id))
    .orderBy(asc(reviewFeedback.createdAt), asc(reviewFeedback.id))
  const participantIds = [post.authorUserId, ...reviewerRows.map((r) => r.userId), ...a.approvers.leaders, ...a.approvers.admins]
  const personIds = new Set([
    ...participantIds,
    ...feedbackRows.flatMap((f) => [f.authorUserId, f.resolvedByUserId, ...f.mentions].filter((id): id is string => id !== null))
  ])
  const people = await executor
    .select({ id: users.id, fullName: users.fullName, image: users.image })
    .from(users)
    .where(inArray(users.id, [...personIds]))
  const byId = new Map(people.map((p) => [p.id, p]))
  const person = (id: string | null): PersonRef => (id ? byId.get(id) : undefined) ?? { id: id ?? '', fullName: '', image: null }
  const [postView] = await ctx.views(executor, [post])
  return {
    post: postView!,
    request: request
      ? {
          open: request.open,
          priority: request.priority,
          dueAt: request.dueAt?.toISOString() ?? null,
          message: request.message,
          requestedAt: request.requestedAt.toISOString(),
          reviewers: reviewerRows.map((r) => ({ ...person(r.userId), addedAt: r.addedAt.toISOString() }))
        }
      : null,
    feedback: feedbackRows.map(
      (f): Feedback => ({
        id: f.id,
        postId: f.postId,
        kind: f.kind,
        parentId: f.parentId,
        author: person(f.authorUserId),
        text: f.text,
        mentions: f.mentions.map((id) => person(id)),
        anchor:
          f.anchorStart !== null && f.anchorEnd !== null && f.anchorQuote !== null && f.anchorRevision !== null
            ? { start: f.anchorStart, end: f.anchorEnd, quote: f.anchorQuote, revision: f.anchorRevision }
            : null,
        replacement: f.replacement,
        status: f.status,
        resolvedBy: f.resolvedByUserId ? person(f.resolvedByUserId) : null,
        resolvedAt: f.resolvedAt?.toISOString() ?? null,
        createdAt: f.createdAt.toISOString(),
        updatedAt: f.updatedAt.toISOString()
      })
    ),
    viewer: { isAuthor: a.isAuthor, isReviewer: a.isReviewer, canApprove: a.canApprove },
    participants: [...new Set(participantIds)].map((id) => person(id))
  }
}
