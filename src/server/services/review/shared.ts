import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { POST_DRAFT_MAX, type createFeedbackBodySchema, type requestReviewBodySchema, type reviewInboxQuerySchema } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import type { PersonRef } from '../../../shared/domain/entities'
import type { PostActor, PostEvent } from '../../../shared/rules/postLifecycle'
import type { LinkedInAdapter } from '../../adapters/linkedin/linkedin'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { media, postMedia, users } from '../../db/schema'
import { conflict } from '../../errors'
import type { NotificationService } from '../notifications'
import { applyPostTransition, type PostPatch } from '../postLifecycle'
import { postExcerpt, reviewLink } from '../postLinks'
import type { postViews, PostRow } from '../posts'

/**
 * What the review use cases share: their inputs, their dependencies, the titles and messages they
 * answer with and the small helpers they all call. The decisions are in docs/architecture.md,
 * "Collaborate: reviews, approvals and versions".
 */
export type RequestReviewInput = z.output<typeof requestReviewBodySchema>
export type CreateFeedbackInput = z.output<typeof createFeedbackBodySchema>
export type ReviewInboxQuery = z.output<typeof reviewInboxQuerySchema>

export interface ReviewDeps {
  db: Database
  clock: Clock
  notifications: Pick<NotificationService, 'notify'>
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
}

/** What every review use case is given: the deps, with the post views built once. */
export interface ReviewContext {
  db: Database
  clock: Clock
  notifications: Pick<NotificationService, 'notify'>
  views: ReturnType<typeof postViews>
}

export const INBOX_LIMIT = 200
export const CANDIDATES_LIMIT = 200

export const FEEDBACK_REQUESTED_TITLE = 'Feedback requested 💬'
export const NEW_FEEDBACK_TITLE = 'New feedback on your post 💬'
export const MENTIONED_TITLE = 'You were mentioned 💬'
export const APPROVAL_REQUESTED_TITLE = 'Approval requested 📝'
export const APPROVAL_NEEDED_AGAIN_TITLE = 'Approval needed again 🔁'
export const APPROVED_TITLE = 'Post approved ✅'
export const REJECTED_TITLE = 'Post rejected ❌'

/** Refusals of this service that the shared messages do not name. */
export const REVIEW_MESSAGES = {
  onlyAuthor: 'Only the author of this post can do that.',
  notResolver: 'Only the post’s author, the comment’s writer and the author’s team leaders and admins can resolve this comment.',
  notAComment: 'Only a comment thread can be resolved or reopened.',
  notASuggestion: 'This feedback is not a suggestion.',
  replyIsComment: 'A reply is a comment: it cannot quote the post or suggest a change.',
  commentHasNoReplacement: 'Only a suggestion replaces text.',
  noTeamToReview: 'Only team leaders and admins see their teams’ posts in review.',
  suggestionTooLong: `With this suggestion the post would be longer than ${POST_DRAFT_MAX.toLocaleString('en-US')} characters.`
} as const

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
export const firstMessage = (fields: Record<string, string>) => Object.values(fields)[0]!
export const quoted = (text: string) => `“${postExcerpt(text, 60)}”`

export async function personOf(executor: Executor, userId: string): Promise<PersonRef> {
  const [person] = await executor.select({ id: users.id, fullName: users.fullName, image: users.image }).from(users).where(eq(users.id, userId))
  return person ?? { id: userId, fullName: '', image: null }
}

export async function notifyAll(
  ctx: Pick<ReviewContext, 'notifications'>,
  tx: Executor,
  organizationId: string,
  userIds: Iterable<string>,
  note: { title: string; message: string; postId: string }
) {
  for (const userId of new Set(userIds)) {
    await ctx.notifications.notify({ organizationId, userId, title: note.title, message: note.message, link: reviewLink(note.postId) }, tx)
  }
}

/**
 * `event` of the lifecycle on `post`, locked by the caller (so the compare-and-set cannot lose):
 * the status and version move as the table says, `patch` is written with them.
 */
export async function transition(
  ctx: Pick<ReviewContext, 'clock'>,
  tx: Executor,
  post: PostRow,
  event: PostEvent,
  by: PostActor,
  patch: PostPatch = {}
): Promise<PostRow> {
  const row = await applyPostTransition(tx, {
    postId: post.id,
    event,
    by,
    expected: { status: post.status, version: post.version, failed: post.failureReason !== null },
    patch,
    now: ctx.clock.now()
  })
  if (!row) throw conflict(MESSAGES.postChangedElsewhere, { version: MESSAGES.postChangedElsewhere })
  return row
}

/** The post's media ids in display order (what a revision keeps). */
export async function mediaOfPost(tx: Executor, postId: string): Promise<{ id: string; kind: (typeof media.$inferSelect)['kind'] }[]> {
  return tx
    .select({ id: media.id, kind: media.kind })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(eq(postMedia.postId, postId))
    .orderBy(asc(postMedia.position))
}
