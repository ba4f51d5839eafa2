import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type { createPostBodySchema, schedulePostBodySchema, updatePostBodySchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { POLL_DURATION_DEFAULT } from '../../shared/constants'
import type { Post, PostVersion } from '../../shared/domain/entities'
import { RECOMMENDED_MESSAGES } from '../../shared/domain/recommended'
import type { PostStatus, PostType } from '../../shared/domain/enums'
import { linkedInPostAddress } from '../../shared/rules/linkedInPosts'
import { initialPostStatus } from '../../shared/rules/postLifecycle'
import { postProblems, type PostProblems } from '../../shared/rules/posts'
import type { AccessToken, LinkedInAdapter } from '../adapters/linkedin/linkedin'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { assignedSlots, businessPageMembers, businessPages, media, postMedia, postVersions, posts, recommendations, reviewReviewers, users } from '../db/schema'
import { badRequest, conflict, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import type { PublishTarget } from '../adapters/linkedin/linkedin'
import { postExcerpt, reviewLink } from './postLinks'
import { approvalRequiredFor, approvalView, approversOf, decidersOf, firstRevision, isApproved, nextRevision, type PostContent } from './approval'
import { isUuid } from './ids'
import { toMediaView, usableMedia, type MediaRow, type MediaService } from './media'
import type { NotificationService } from './notifications'
import { applyPostTransition, requirePostTransition, type PostPatch, type PostTransitionInput } from './postLifecycle'
import { reshareSource } from './recommended'

/**
 * Posts (issue 6): the session user's own posts in the session's organization, written in
 * /content/write-post and published by the publisher (jobs/publisher.ts).
 *
 * Decisions:
 * - Ownership: every endpoint acts on the session user's own posts in the session organization;
 *   anything else (another member's post, another organization's, a malformed id) is 404.
 * - Drafts keep whatever was typed (up to POST_DRAFT_MAX); LinkedIn's limits (rules/posts.ts) are
 *   checked when a post is scheduled, published now or retried. An edit that makes a SCHEDULED post
 *   break them sends it back to DRAFT (the response says so); it keeps its scheduledAt.
 * - Versions: update and schedule send the version they were made from; another one is 409
 *   postChangedElsewhere. Every change bumps it.
 * - A post being published (PENDING_PUBLISH) cannot be changed, unscheduled or deleted (409
 *   postBeingPublished): the row is the worker's until it records the outcome, which takes seconds.
 *   A PUBLISHED post is kept as published (409 postPublished).
 * - References: mediaIds are READY files this user uploaded in this organization, each once (400
 *   mediaUnavailable / mediaRepeated, field mediaIds); slotId a slot of the organization (404
 *   slotNotFound) assigned to this user (400 slotNotYours) that holds no other scheduled, pending or
 *   published post (409 slotTaken; the slot row is locked while this is checked and written);
 *   businessPageId a page of the organization (404) the user is linked to (400 notLinkedToPage).
 *   Creating a post for a slot without a type takes the slot's post type.
 * - Scheduling checks everything at once and answers one 400 with a message per field: the
 *   LinkedIn limits (text, poll…, media), the time (scheduledAt, or slotId when the slot's time is
 *   used: scheduleInPast / scheduleTimeMissing), the page link (businessPageId) and the author's
 *   LinkedIn connection (field linkedIn: linkedInNotConnected / linkedInExpired). Scheduling a post
 *   whose last attempt failed is the user's explicit retry: it gets a new idempotency key.
 * - Publish now and retry without a time hand the post to this process's publisher at once (kick).
 * - GET /posts lists the user's 500 most recently changed posts.
 *
 * Collaborate (issue 13):
 * - Revisions: a create writes revision 1 (firstRevision); an update whose text, type, poll, media
 *   (ids in order) or business page differ writes the next one (nextRevision, in the update's
 *   transaction under the row lock). A save that changes none of them (a slot, the same text
 *   again) writes no revision. The page is content: it says who the post is published as.
 * - Approval is bound to a revision: an edit of an APPROVED post returns it to PENDING and the
 *   approvers (approversOf().notify) are told in the same transaction. A SCHEDULED post stays
 *   SCHEDULED — the answer shows its approval PENDING, and the publisher refuses it loudly if its
 *   time comes before it is approved again (jobs/publisher.ts).
 * - Schedule, publish now and retry need the post approved for its current revision when its
 *   author's approval is required (approvalRequiredFor): field `approval` in the one 400, first
 *   (nothing else the author fixes makes it publishable without it); approvalPendingToSchedule
 *   while PENDING, approvalRequiredToSchedule otherwise (never sent, or REJECTED).
 * - GET /posts/versions: newest first, on every plan, for the author, the post's reviewers, the
 *   author's team leaders and the organization's admins; 404 for anyone else, as for a post that
 *   does not exist.
 * - postViews is exported: other services that show posts (the review thread) render them the same.
 *
 * Reshares (issue 15):
 * - POST /posts/create with recommendationId makes a reshare of the recommended post: the user must
 *   be in the recommendation's audience (404 otherwise) and it must be open (400 ended). One reshare
 *   per user and recommendation while it exists (409 alreadyReshared; deleting it allows another):
 *   the recommendation's row is locked while this is checked and written. The post keeps the
 *   parent's URN (reshareOfUrn) and the recommendation; its text is the comment and may be empty.
 * - A reshare is a text post: media, a poll, a business page or another type are refused on create
 *   and update (400 reshareTextOnly). postViews fills `reshare` from the recommendations of all
 *   rows in one statement (a reshare whose recommendation was deleted keeps the parent's URN).
 */
export type CreatePostInput = z.output<typeof createPostBodySchema>
export type UpdatePostInput = z.output<typeof updatePostBodySchema>
export type SchedulePostInput = z.output<typeof schedulePostBodySchema>

/** What posts need of the LinkedIn connection (services.linkedIn). */
export interface LinkedInAccess {
  status(userId: string): Promise<'connected' | 'missing' | 'expired'>
  publishingIdentity(userId: string): Promise<{ accessToken: AccessToken; memberId: string } | null>
}

export interface PostService {
  list(session: OrganizationSession, query: { status?: PostStatus; slotId?: string }): Promise<Post[]>
  get(session: OrganizationSession, postId: string): Promise<Post>
  create(session: OrganizationSession, input: CreatePostInput): Promise<Post>
  update(session: OrganizationSession, input: UpdatePostInput): Promise<Post>
  schedule(session: OrganizationSession, input: SchedulePostInput): Promise<Post>
  publishNow(session: OrganizationSession, input: { postId: string; version: number }): Promise<Post>
  unschedule(session: OrganizationSession, postId: string): Promise<Post>
  retry(session: OrganizationSession, input: { postId: string; scheduledAt?: string }): Promise<Post>
  remove(session: OrganizationSession, postId: string): Promise<void>
  /** Every kept revision of a post the caller may review, newest first. */
  versions(session: OrganizationSession, postId: string): Promise<PostVersion[]>
  /** The publisher's resolveTarget: the author's token, the LinkedIn author and the media in order; null when not connected. */
  publishTarget(post: PostRow): Promise<PublishTarget | null>
}

export const POST_LIST_LIMIT = 500
const NOT_DRAFT: PostStatus[] = ['SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED']

export const APPROVAL_AGAIN_TITLE = 'Approval needed again 🔁'

type Poll = NonNullable<PostRow['poll']>

interface Content {
  type: PostType
  text: string
  poll: Poll | null
  media: MediaRow[]
  /** A reshare: its comment may be empty. */
  reshare: boolean
}

const firstMessage = (fields: Record<string, string>) => Object.values(fields)[0]!

/** What a revision keeps of a post (or of the content an update makes of it) with its media in order. */
const contentOf = (post: Pick<PostRow, 'type' | 'text' | 'poll' | 'businessPageId'>, mediaRows: readonly MediaRow[]): PostContent => ({
  type: post.type,
  text: post.text,
  poll: post.poll,
  mediaIds: mediaRows.map((m) => m.id),
  businessPageId: post.businessPageId
})

export function createPostService(deps: {
  db: Database
  clock: Clock
  /** Where the post's files are read from when it is published. */
  media: Pick<MediaService, 'storage'>
  linkedIn: LinkedInAccess
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
  /** Tells approvers when an edit returns an approved post to PENDING. */
  notifications: Pick<NotificationService, 'notify'>
  /** Asks this process's publisher to run now (publish now, retry now). */
  kick: () => void
}): PostService {
  const { db, clock, linkedIn, notifications } = deps
  const views = postViews(deps)

  async function ownPost(executor: Executor, session: OrganizationSession, postId: string, lock = false): Promise<PostRow> {
    if (!isUuid(postId)) throw notFound(MESSAGES.postNotFound)
    const query = executor
      .select()
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.organizationId, session.organization.id), eq(posts.authorUserId, session.userId)))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw notFound(MESSAGES.postNotFound)
    return row
  }

  /** The author's `event` on `post` (locked by the caller): the lifecycle's one writer of the status. */
  async function transition(tx: Executor, post: PostRow, event: PostTransitionInput['event'], patch: PostPatch = {}, now = clock.now()): Promise<PostRow> {
    const row = await applyPostTransition(tx, {
      postId: post.id,
      event,
      by: 'author',
      expected: { status: post.status, version: post.version, failed: post.failureReason !== null },
      patch,
      now
    })
    // The row is locked by this transaction: the compare-and-set cannot lose.
    if (!row) throw conflict(MESSAGES.postChangedElsewhere, { version: MESSAGES.postChangedElsewhere })
    return row
  }

  /** The slot, locked for the rest of the transaction; checks it is the user's and free for `postId`. */
  async function usableSlot(tx: Executor, session: OrganizationSession, slotId: string, postId: string | null) {
    if (!isUuid(slotId)) throw notFound(MESSAGES.slotNotFound)
    const [slot] = await tx
      .select({ id: assignedSlots.id, time: assignedSlots.time, assigneeId: assignedSlots.assigneeId, postType: assignedSlots.postType })
      .from(assignedSlots)
      .where(and(eq(assignedSlots.id, slotId), eq(assignedSlots.organizationId, session.organization.id)))
      .for('update')
    if (!slot) throw notFound(MESSAGES.slotNotFound)
    if (slot.assigneeId !== session.userId) throw badRequest(MESSAGES.slotNotYours, { slotId: MESSAGES.slotNotYours })
    const [other] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.slotId, slot.id), inArray(posts.status, NOT_DRAFT), postId ? ne(posts.id, postId) : undefined))
      .limit(1)
    if (other) throw conflict(MESSAGES.slotTaken, { slotId: MESSAGES.slotTaken })
    return slot
  }

  async function pageProblem(tx: Executor, session: OrganizationSession, pageId: string): Promise<string | null> {
    if (!isUuid(pageId)) throw notFound(MESSAGES.businessPageNotFound)
    const [page] = await tx
      .select({ id: businessPages.id, linked: businessPageMembers.userId })
      .from(businessPages)
      .leftJoin(businessPageMembers, and(eq(businessPageMembers.businessPageId, businessPages.id), eq(businessPageMembers.userId, session.userId)))
      .where(and(eq(businessPages.id, pageId), eq(businessPages.organizationId, session.organization.id)))
    if (!page) throw notFound(MESSAGES.businessPageNotFound)
    return page.linked ? null : MESSAGES.notLinkedToPage
  }

  async function requirePage(tx: Executor, session: OrganizationSession, pageId: string): Promise<void> {
    const problem = await pageProblem(tx, session, pageId)
    if (problem) throw badRequest(problem, { businessPageId: problem })
  }

  /** The media of `ids` in that order, each usable by this user. */
  async function orderedMedia(tx: Executor, session: OrganizationSession, ids: readonly string[]): Promise<MediaRow[]> {
    if (new Set(ids).size !== ids.length) throw badRequest(MESSAGES.mediaRepeated, { mediaIds: MESSAGES.mediaRepeated })
    const rows = await usableMedia(tx, session.organization.id, session.userId, ids)
    const byId = new Map(rows.map((r) => [r.id, r]))
    const ordered = ids.map((id) => byId.get(id))
    if (ordered.some((r) => !r)) throw badRequest(MESSAGES.mediaUnavailable, { mediaIds: MESSAGES.mediaUnavailable })
    return ordered as MediaRow[]
  }

  async function replaceMedia(tx: Executor, postId: string, rows: readonly MediaRow[]): Promise<void> {
    await tx.delete(postMedia).where(eq(postMedia.postId, postId))
    if (rows.length > 0) await tx.insert(postMedia).values(rows.map((m, position) => ({ postId, mediaId: m.id, position })))
  }

  const view = async (executor: Executor, row: PostRow) => (await views(executor, [row]))[0]!

  /** A reshare carries its comment only (400 reshareTextOnly on the field that adds anything else). */
  function requireTextOnly(input: Pick<CreatePostInput, 'type' | 'poll' | 'mediaIds' | 'businessPageId'>): void {
    const field =
      input.mediaIds && input.mediaIds.length > 0
        ? 'mediaIds'
        : input.poll
          ? 'poll'
          : input.businessPageId
            ? 'businessPageId'
            : input.type && input.type !== 'textOnly'
              ? 'type'
              : null
    if (field) throw badRequest(RECOMMENDED_MESSAGES.reshareTextOnly, { [field]: RECOMMENDED_MESSAGES.reshareTextOnly })
  }

  /** The reshare columns of a new post made from `recommendationId`, once its rules are checked. */
  async function reshareOf(tx: Executor, session: OrganizationSession, recommendationId: string, input: CreatePostInput) {
    const recommendation = await reshareSource(tx, session, recommendationId, clock.now())
    requireTextOnly(input)
    const [existing] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.recommendationId, recommendation.id), eq(posts.authorUserId, session.userId)))
      .limit(1)
    if (existing) throw conflict(RECOMMENDED_MESSAGES.alreadyReshared, { recommendationId: RECOMMENDED_MESSAGES.alreadyReshared })
    return { type: 'textOnly' as const, reshareOfUrn: recommendation.linkedInPostUrn, recommendationId: recommendation.id }
  }

  /**
   * A post of the session's organization the caller may review: its author, one of its reviewers,
   * a leader of one of the author's teams or an admin. Anyone else gets the 404 of a missing post.
   */
  async function reviewablePost(session: OrganizationSession, postId: string): Promise<PostRow> {
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

  /** An approved post was edited: back to PENDING, so whoever approves the author's posts is asked again. */
  async function askApprovalAgain(tx: Executor, post: PostRow): Promise<void> {
    const [{ notify }, [author]] = [
      await approversOf(tx, post.organizationId, post.authorUserId),
      await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, post.authorUserId))
    ]
    const excerpt = postExcerpt(post.text, 60)
    const message = `${author!.fullName} changed ${excerpt ? `“${excerpt}”` : 'a post'} after it was approved. It needs your approval again.`
    for (const userId of notify) {
      await notifications.notify({ organizationId: post.organizationId, userId, title: APPROVAL_AGAIN_TITLE, message, link: reviewLink(post.id) }, tx)
    }
  }

  const problemsOf = (content: Content): PostProblems =>
    postProblems({ type: content.type, text: content.text, poll: content.poll, media: content.media.map((m) => ({ kind: m.kind })), reshare: content.reshare })

  /** The author's LinkedIn connection as a field problem (read before any transaction: it uses its own connection). */
  async function linkedInProblem(userId: string): Promise<string | null> {
    const status = await linkedIn.status(userId)
    if (status === 'missing') return MESSAGES.linkedInNotConnected
    if (status === 'expired') return MESSAGES.linkedInExpired
    return null
  }

  /**
   * Schedules `postId` (locked, changeable, at `version` when given) for `when`: 'now', an instant,
   * or the slot's time. Everything that would stop it is answered at once as one 400.
   */
  async function scheduleAt(
    session: OrganizationSession,
    input: { postId: string; version?: number; when: 'now' | Date | null; slotId?: string | null; onlyFailed?: boolean }
  ): Promise<Post> {
    const connection = await linkedInProblem(session.userId)
    return db.transaction(async (tx) => {
      const post = await ownPost(tx, session, input.postId, true)
      const event = input.onlyFailed ? 'retry' : input.when === 'now' ? 'publishNow' : 'schedule'
      requirePostTransition(post, event, input.version)
      const slotId = input.slotId === undefined ? post.slotId : input.slotId
      const slot = slotId ? await usableSlot(tx, session, slotId, post.id) : null
      const now = clock.now()
      const fields: Record<string, string> = {}
      const approvalRequired = (await approvalRequiredFor(tx, clock, post.organizationId, [post.authorUserId])).get(post.authorUserId) ?? false
      if (!isApproved(post, approvalRequired)) {
        fields.approval = post.approvalStatus === 'PENDING' ? MESSAGES.approvalPendingToSchedule : MESSAGES.approvalRequiredToSchedule
      }
      Object.assign(fields, problemsOf({ ...post, media: (await mediaOf(tx, [post.id])).get(post.id) ?? [], reshare: post.reshareOfUrn !== null }))
      const time = input.when === 'now' ? now : (input.when ?? slot?.time ?? null)
      const timeField = input.when === null && slot ? 'slotId' : 'scheduledAt'
      if (!time) fields.scheduledAt = MESSAGES.scheduleTimeMissing
      else if (input.when !== 'now' && time.getTime() <= now.getTime()) fields[timeField] = MESSAGES.scheduleInPast
      const pageIssue = post.businessPageId ? await pageProblem(tx, session, post.businessPageId) : null
      if (pageIssue) fields.businessPageId = pageIssue
      if (connection) fields.linkedIn = connection
      if (Object.keys(fields).length > 0) throw badRequest(firstMessage(fields), fields)
      const scheduled = await transition(
        tx,
        post,
        event,
        {
          scheduledAt: time!,
          slotId,
          failureReason: null,
          // After a failure the user has decided to publish again: LinkedIn must take it as a new post.
          ...(post.failureReason ? { idempotencyKey: randomUUID() } : {})
        },
        now
      )
      return view(tx, scheduled)
    })
  }

  return {
    async list(session, query) {
      if (query.slotId && !isUuid(query.slotId)) return []
      const rows = await db
        .select()
        .from(posts)
        .where(
          and(
            eq(posts.organizationId, session.organization.id),
            eq(posts.authorUserId, session.userId),
            query.status ? eq(posts.status, query.status) : undefined,
            query.slotId ? eq(posts.slotId, query.slotId) : undefined
          )
        )
        .orderBy(desc(posts.updatedAt), desc(posts.id))
        .limit(POST_LIST_LIMIT)
      return views(db, rows)
    },

    async get(session, postId) {
      return view(db, await ownPost(db, session, postId))
    },

    async create(session, input) {
      return db.transaction(async (tx) => {
        const reshare = input.recommendationId ? await reshareOf(tx, session, input.recommendationId, input) : null
        const slot = input.slotId ? await usableSlot(tx, session, input.slotId, null) : null
        if (input.businessPageId) await requirePage(tx, session, input.businessPageId)
        const mediaRows = input.mediaIds ? await orderedMedia(tx, session, input.mediaIds) : []
        const [row] = await tx
          .insert(posts)
          .values({
            ...newPostValues(
              {
                organizationId: session.organization.id,
                authorUserId: session.userId,
                businessPageId: input.businessPageId ?? null,
                slotId: slot?.id ?? null,
                type: input.type ?? (slot?.postType as PostType | undefined) ?? 'textOnly',
                text: input.text,
                poll: input.poll ?? null
              },
              clock.now()
            ),
            ...(reshare ?? {})
          })
          .returning()
        await replaceMedia(tx, row!.id, mediaRows)
        await firstRevision(tx, row!, contentOf(row!, mediaRows), session.userId, clock.now())
        return view(tx, row!)
      })
    },

    async update(session, input) {
      return db.transaction(async (tx) => {
        const post = await ownPost(tx, session, input.postId, true)
        requirePostTransition(post, 'edit', input.version)
        if (post.reshareOfUrn) requireTextOnly(input)
        const slotId = input.slotId === undefined ? post.slotId : input.slotId
        if (input.slotId && input.slotId !== post.slotId) await usableSlot(tx, session, input.slotId, post.id)
        if (input.businessPageId && input.businessPageId !== post.businessPageId) await requirePage(tx, session, input.businessPageId)
        const currentMedia = (await mediaOf(tx, [post.id])).get(post.id) ?? []
        const mediaRows = input.mediaIds ? await orderedMedia(tx, session, input.mediaIds) : currentMedia
        const content: Content = {
          type: input.type ?? post.type,
          text: input.text ?? post.text,
          poll: input.poll === undefined ? post.poll : input.poll,
          media: mediaRows,
          reshare: post.reshareOfUrn !== null
        }
        const businessPageId = input.businessPageId === undefined ? post.businessPageId : input.businessPageId
        const now = clock.now()
        const revision = await nextRevision(tx, post, contentOf(post, currentMedia), contentOf({ ...content, businessPageId }, mediaRows), session.userId, now)
        // A SCHEDULED post that no longer meets LinkedIn's limits goes back to DRAFT (the table's editBreakingLimits).
        const publishable = Object.keys(problemsOf(content)).length === 0
        const updated = await transition(
          tx,
          post,
          publishable ? 'edit' : 'editBreakingLimits',
          { type: content.type, text: content.text, poll: content.poll, slotId, businessPageId, ...revision.set },
          now
        )
        if (input.mediaIds) await replaceMedia(tx, post.id, mediaRows)
        if (revision.approvalReset) await askApprovalAgain(tx, updated)
        return view(tx, updated)
      })
    },

    async schedule(session, input) {
      return scheduleAt(session, {
        postId: input.postId,
        version: input.version,
        when: input.scheduledAt ? new Date(input.scheduledAt) : null,
        slotId: input.slotId
      })
    },

    async publishNow(session, input) {
      const post = await scheduleAt(session, { postId: input.postId, version: input.version, when: 'now' })
      deps.kick()
      return post
    },

    async unschedule(session, postId) {
      return db.transaction(async (tx) => {
        const post = await ownPost(tx, session, postId, true)
        requirePostTransition(post, 'unschedule')
        // Only a SCHEDULED post changes (back to DRAFT, version + 1, so a publisher holding the old one drops it).
        return view(tx, await transition(tx, post, 'unschedule'))
      })
    },

    async retry(session, input) {
      const post = await scheduleAt(session, { postId: input.postId, when: input.scheduledAt ? new Date(input.scheduledAt) : 'now', onlyFailed: true })
      if (!input.scheduledAt) deps.kick()
      return post
    },

    async remove(session, postId) {
      await db.transaction(async (tx) => {
        const post = await ownPost(tx, session, postId, true)
        requirePostTransition(post, 'delete')
        await transition(tx, post, 'delete')
      })
    },

    async versions(session, postId) {
      const post = await reviewablePost(session, postId)
      const rows = await db
        .select({
          version: postVersions,
          savedBy: { id: users.id, fullName: users.fullName, image: users.image },
          page: { id: businessPages.id, linkedInCompanyName: businessPages.linkedInCompanyName }
        })
        .from(postVersions)
        .leftJoin(users, eq(users.id, postVersions.savedByUserId))
        .leftJoin(businessPages, eq(businessPages.id, postVersions.businessPageId))
        .where(eq(postVersions.postId, post.id))
        .orderBy(desc(postVersions.revision))
      return rows.map(({ version: v, savedBy, page }) => ({
        revision: v.revision,
        text: v.text,
        type: v.type,
        poll: v.poll ? { question: v.poll.question, options: v.poll.options, durationDays: v.poll.durationDays ?? POLL_DURATION_DEFAULT } : null,
        mediaCount: v.mediaIds.length,
        businessPage: page?.id ? page : null,
        // The person who saved it left Pagecrew (their user is gone): the revision stays, unnamed.
        savedBy: savedBy?.id ? savedBy : { id: '', fullName: '', image: null },
        createdAt: v.createdAt.toISOString()
      }))
    },

    async publishTarget(post) {
      const identity = await linkedIn.publishingIdentity(post.authorUserId)
      if (!identity) return null
      const [page] = post.businessPageId
        ? await db
            .select({ id: businessPages.id, linkedInOrganizationId: businessPages.linkedInOrganizationId })
            .from(businessPages)
            .where(eq(businessPages.id, post.businessPageId))
        : []
      const files = (await mediaOf(db, [post.id])).get(post.id) ?? []
      return {
        accessToken: identity.accessToken,
        author: page ? { kind: 'organization', id: page.linkedInOrganizationId ?? page.id } : { kind: 'person', id: identity.memberId },
        media: files.map((m) => ({
          kind: m.kind,
          fileName: m.fileName,
          contentType: m.contentType,
          size: m.size,
          altText: m.altText,
          open: () => deps.media.storage.openRead(m.storageKey)
        }))
      }
    }
  }
}

export type PostRow = typeof posts.$inferSelect

/** The media of each post, in their order. */
async function mediaOf(executor: Executor, postIds: readonly string[]): Promise<Map<string, MediaRow[]>> {
  const byPost = new Map<string, MediaRow[]>()
  if (postIds.length === 0) return byPost
  const rows = await executor
    .select({ postId: postMedia.postId, media })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(inArray(postMedia.postId, [...postIds]))
    .orderBy(asc(postMedia.postId), asc(postMedia.position))
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? []
    list.push(row.media)
    byPost.set(row.postId, list)
  }
  return byPost
}

/**
 * Posts as the API shows them, for this service and any other that shows posts (the review
 * thread, issue 13): a few look-ups for any number of posts of one organization (approval,
 * deciders, authors, pages, media), whoever is asking — the caller decides what is visible.
 */
export function postViews(deps: { clock: Clock; linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'> }) {
  const { clock } = deps
  return async function views(executor: Executor, rows: readonly PostRow[]): Promise<Post[]> {
    if (rows.length === 0) return []
    const authorIds = [...new Set(rows.map((r) => r.authorUserId))]
    const pageIds = [...new Set(rows.flatMap((r) => (r.businessPageId ? [r.businessPageId] : [])))]
    const recommendationIds = [...new Set(rows.flatMap((r) => (r.recommendationId ? [r.recommendationId] : [])))]
    const organizationId = rows[0]!.organizationId
    const [required, deciders] = [await approvalRequiredFor(executor, clock, organizationId, authorIds), await decidersOf(executor, rows)]
    const [authors, pages, mediaByPost] = [
      await executor.select({ id: users.id, fullName: users.fullName, image: users.image }).from(users).where(inArray(users.id, authorIds)),
      pageIds.length
        ? await executor
            .select({ id: businessPages.id, linkedInCompanyName: businessPages.linkedInCompanyName, image: businessPages.image })
            .from(businessPages)
            .where(inArray(businessPages.id, pageIds))
        : [],
      await mediaOf(
        executor,
        rows.map((r) => r.id)
      )
    ]
    const sources = recommendationIds.length
      ? await executor
          .select({ id: recommendations.id, url: recommendations.linkedInPostUrl, previewText: recommendations.previewText, previewAuthor: recommendations.previewAuthor })
          .from(recommendations)
          .where(inArray(recommendations.id, recommendationIds))
      : []
    const sourceById = new Map(sources.map((x) => [x.id, x]))
    const reshareOf = (r: PostRow): Post['reshare'] => {
      if (!r.reshareOfUrn) return null
      const source = r.recommendationId ? sourceById.get(r.recommendationId) : undefined
      return {
        linkedInPostUrn: r.reshareOfUrn,
        linkedInPostUrl: source?.url ?? linkedInPostAddress(r.reshareOfUrn),
        previewText: source?.previewText ?? '',
        previewAuthor: source?.previewAuthor ?? '',
        recommendationId: source ? source.id : null
      }
    }
    const authorById = new Map(authors.map((a) => [a.id, a]))
    const pageById = new Map(pages.map((p) => [p.id, p]))
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      type: r.type,
      text: r.text,
      poll: r.poll ? { question: r.poll.question, options: r.poll.options, durationDays: r.poll.durationDays ?? POLL_DURATION_DEFAULT } : null,
      media: (mediaByPost.get(r.id) ?? []).map(toMediaView),
      author: authorById.get(r.authorUserId) ?? { id: r.authorUserId, fullName: '', image: null },
      businessPage: r.businessPageId ? (pageById.get(r.businessPageId) ?? null) : null,
      slotId: r.slotId,
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      linkedInPostUrn: r.linkedInPostUrn,
      linkedInPostUrl: r.linkedInPostUrn ? deps.linkedInAdapter.postUrl(r.linkedInPostUrn) : null,
      failureReason: r.failureReason,
      version: r.version,
      revision: r.revision,
      approval: approvalView(r, required.get(r.authorUserId) ?? false, deciders),
      reshare: reshareOf(r),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString()
    }))
  }
}

export interface NewPost {
  organizationId: string
  authorUserId: string
  businessPageId?: string | null
  slotId?: string | null
  type?: PostType
  text: string
  poll?: PostRow['poll']
  /** Given: the post is SCHEDULED for then; absent: a DRAFT. */
  scheduledAt?: Date | null
}

/** A new post's row: version 1 and its own idempotency key (what LinkedIn de-duplicates its publishing by). */
export function newPostValues(input: NewPost, now: Date): typeof posts.$inferInsert {
  return {
    id: randomUUID(),
    organizationId: input.organizationId,
    authorUserId: input.authorUserId,
    businessPageId: input.businessPageId ?? null,
    slotId: input.slotId ?? null,
    type: input.type ?? 'textOnly',
    status: initialPostStatus(Boolean(input.scheduledAt)),
    text: input.text,
    poll: input.poll ?? null,
    scheduledAt: input.scheduledAt ?? null,
    idempotencyKey: randomUUID(),
    version: 1,
    createdAt: now,
    updatedAt: now
  }
}
