import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { memberships, posts, reviewReviewers } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { approversOf } from '../approval'
import { eventActorOf, isApiKeyActor, type OrganizationActor } from '../actor'
import { isUuid } from '../ids'
import { applyPostTransition, type PostPatch, type PostTransitionInput } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import type { PostRow } from './rows'

/* Which post a request may act on, and the author's one way to change its status (docs/architecture.md, "Posts on the server"). */

/**
 * Whose rules a post is checked by: its author in its organization (the slot must be theirs, the
 * page linked to them, the media theirs). A session is its own author; an API key acting on a
 * member's post passes that member (authorOf).
 */
export type PostAuthor = Pick<OrganizationSession, 'userId'> & {
  organization: { id: string }
  /** An API key acts for the author: messages name "the author", not "you". */
  viaKey?: true
}

/**
 * The author whose rules apply when `actor` acts on a post of `authorUserId`: the session user, or
 * for an API key that author, who must be an ACTIVE member of the key's organization (a key may not
 * write or schedule in the name of someone who left: 400 postAuthorUnknown on `field`).
 */
export async function authorOf(executor: Executor, actor: OrganizationActor, authorUserId: string, field = 'authorId'): Promise<PostAuthor> {
  if (!isApiKeyActor(actor)) return actor
  const [member] = isUuid(authorUserId)
    ? await executor
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, actor.organization.id), eq(memberships.userId, authorUserId), eq(memberships.status, 'ACTIVE')))
    : []
  if (!member) throw badRequest(MESSAGES.postAuthorUnknown, { [field]: MESSAGES.postAuthorUnknown })
  return { userId: authorUserId, organization: actor.organization, viaKey: true }
}

/**
 * The post `actor` may act on as its author (locked for the transaction when `lock`): the session
 * user's own post in the session organization, or — for an API key, which acts as the organization
 * (issue 28) — any post of the key's organization. 404 for anything else.
 */
export async function ownPost(executor: Executor, actor: OrganizationActor, postId: string, lock = false): Promise<PostRow> {
  if (!isUuid(postId)) throw notFound(MESSAGES.postNotFound)
  const query = executor
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, actor.organization.id), isApiKeyActor(actor) ? undefined : eq(posts.authorUserId, actor.userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound(MESSAGES.postNotFound)
  return row
}

/**
 * The author's `event` on `post` (locked by the caller): the lifecycle's one writer of the status.
 * With an API key as `actor` the event is caused by the organization (the table says which it may
 * cause) and its domain event names the key.
 */
export async function transition(
  tx: Executor,
  clock: Clock,
  post: PostRow,
  event: PostTransitionInput['event'],
  patch: PostPatch = {},
  now = clock.now(),
  actor?: OrganizationActor
): Promise<PostRow> {
  const byKey = actor !== undefined && isApiKeyActor(actor)
  const row = await applyPostTransition(tx, {
    postId: post.id,
    event,
    by: byKey ? 'organization' : 'author',
    ...(byKey ? { eventActor: eventActorOf(actor) } : {}),
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
