import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { POST_DRAFT_MAX, type createFeedbackBodySchema, type requestReviewBodySchema, type reviewInboxQuerySchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { Feedback, PersonRef, PostStage, ReviewCandidate, ReviewInbox, ReviewThread } from '../../shared/domain/entities'
import type { Priority } from '../../shared/domain/enums'
import { POST_STAGE_RULES, postTransition, type PostActor, type PostEvent } from '../../shared/rules/postLifecycle'
import { postProblems } from '../../shared/rules/posts'
import type { LinkedInAdapter } from '../adapters/linkedin/linkedin'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { businessPages, media, memberships, postMedia, posts, reviewFeedback, reviewRequests, reviewReviewers, teamMembers, users } from '../db/schema'
import { badRequest, conflict, forbidden, notFound, planLimit } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, membersAmong } from './access'
import { approvalRequiredFor, approversOf, nextRevision, reviewFlowHeld, type PostContent } from './approval'
import { record, sessionActor } from './audit'
import { isUuid } from './ids'
import type { NotificationService } from './notifications'
import { recordEvent } from '../events/outbox'
import { applyPostTransition, requirePostTransition, type PostPatch } from './postLifecycle'
import { postViews, type PostRow } from './posts'
import { postExcerpt, reviewLink } from './postLinks'

/**
 * Collaborate (issue 13): feedback requests, comments and suggestions, approvals and the
 * /collaborate inbox. Posts themselves (editing, scheduling, versions) stay in services/posts.ts;
 * this service changes a post's content only through nextRevision (an accepted suggestion).
 *
 * Decisions:
 * - Visibility: a post's review is seen by its author, its reviewers (review_reviewers), the
 *   author's team leaders and the organization's admins (ADMIN and GHOST) — approversOf(). To
 *   anyone else, as to another organization or a malformed id, the post does not exist (404
 *   postNotFound; feedback ids answer 404 feedbackNotFound the same way). Someone who can see the
 *   post but may not do the action gets a 403.
 * - Plan: every endpoint but the "My posts" inbox (view=mine) needs REVIEW_FLOW (402
 *   reviewNotIncluded): the thread and the reviewer candidates too, since without the feature there
 *   is nothing to show in them. The plan is checked first (it is the organization's and says
 *   nothing about the post). The inbox's counts are the data's whatever the plan.
 * - Author-only: asking for feedback, withdrawing it, the reviewer candidates, sending for approval,
 *   accepting and dismissing suggestions (403 for the post's other viewers).
 * - Asking for feedback: reviewers are ACTIVE members other than the author; dueAt in the future.
 *   The body is the whole request form: priority, dueAt (absent = none) and message replace the
 *   request's. An open request gains the new reviewers (the existing ones are kept and not told
 *   again). A withdrawn request is reopened as a new one: its reviewers become exactly the list
 *   asked now, all of them told. A DRAFT becomes ASK_FOR_FEEDBACK; a SCHEDULED post stays
 *   SCHEDULED (asking for feedback must not silently cancel a publication); PUBLISHED and
 *   PENDING_PUBLISH are refused (409) like post edits.
 * - Withdrawing closes the request (open false) and returns ASK_FOR_FEEDBACK to DRAFT. The closed
 *   request keeps its reviewers: they keep seeing the thread (what they wrote stays theirs to
 *   read) but it leaves their "For my review".
 * - Every status change bumps posts.version (an editor holding the old one reloads). Approval
 *   decisions (submit, approve, reject) change updatedAt but not the version unless the status
 *   changes (a rejected SCHEDULED post goes back to DRAFT): the author's editor keeps saving, and
 *   an approval is bound to the revision anyway.
 * - Feedback: anyone who sees the post writes it. A COMMENT needs text; its optional anchor must
 *   still quote the current text exactly. A SUGGESTION needs an anchor and a replacement that
 *   differs from the quote; its text is the reviewer's note. A reply (parentId) answers a
 *   top-level feedback of the same post, is a COMMENT without anchor or replacement. Mentions must
 *   be participants; each mentioned (not the writer) is told, and the post's author is told of
 *   feedback from others (once, as a mention when mentioned).
 * - Resolving: top-level COMMENTs only, by the post's author, the comment's writer or an approver
 *   (a reviewer does not close another's thread). Resolving twice answers the thread unchanged.
 * - Accepting a suggestion applies it as a new revision (nextRevision, the post's row locked):
 *   at its anchor when the text there is still the quote, else at the quote's only occurrence,
 *   else 409 suggestionOutdated. An approved post goes back to PENDING and its approvers are told.
 *   A SCHEDULED post whose new text breaks LinkedIn's limits goes back to DRAFT, as an edit does.
 *   Other open anchored feedback whose range no longer holds its quote is left as it is: the
 *   client shows it as outdated.
 * - Approval: sending needs approval to be required for the author (400 approvalNotRequired);
 *   an approval already given for the current revision answers the thread unchanged. Approving
 *   needs PENDING and the version the approver read. Rejecting revokes PENDING or APPROVED (not
 *   while being published); a SCHEDULED post goes back to DRAFT and keeps its time. No
 *   self-approval (403 selfApproval), even for an admin or a leader.
 * - Inbox: "requested" is open requests where I am a reviewer plus PENDING approvals I may give,
 *   published posts left out; "team" is the posts in review (stage IN_REVIEW) of the members of
 *   the teams I lead (admins: everyone's), mine left out (they are in "My posts"), 403 for someone
 *   who leads no team and is not an admin. Both sort by the open request's priority (none counts
 *   as NOPRIORITY), due date (none last), then the oldest request (or change) first. "mine" is
 *   every post I wrote here, newest change first. At most INBOX_LIMIT items; a fixed number of
 *   statements whatever the number of posts.
 * - Notifications are written in the transaction of the change they tell of, linking to
 *   /collaborate?postId=….
 */
export type RequestReviewInput = z.output<typeof requestReviewBodySchema>
export type CreateFeedbackInput = z.output<typeof createFeedbackBodySchema>
export type ReviewInboxQuery = z.output<typeof reviewInboxQuerySchema>

export interface ReviewService {
  requestReview(session: OrganizationSession, input: RequestReviewInput): Promise<ReviewThread>
  withdraw(session: OrganizationSession, postId: string): Promise<ReviewThread>
  inbox(session: OrganizationSession, query: ReviewInboxQuery): Promise<ReviewInbox>
  thread(session: OrganizationSession, postId: string): Promise<ReviewThread>
  candidates(session: OrganizationSession, query: { postId: string; search?: string }): Promise<ReviewCandidate[]>
  createFeedback(session: OrganizationSession, input: CreateFeedbackInput): Promise<ReviewThread>
  resolveFeedback(session: OrganizationSession, input: { feedbackId: string; resolved: boolean }): Promise<ReviewThread>
  acceptSuggestion(session: OrganizationSession, input: { feedbackId: string; version: number }): Promise<ReviewThread>
  dismissSuggestion(session: OrganizationSession, feedbackId: string): Promise<ReviewThread>
  submitForApproval(session: OrganizationSession, input: { postId: string; version: number }): Promise<ReviewThread>
  approve(session: OrganizationSession, input: { postId: string; version: number }): Promise<ReviewThread>
  reject(session: OrganizationSession, input: { postId: string; reason: string }): Promise<ReviewThread>
  /** The count of the inbox's "requested" tab (the dashboard, issue 14); null without REVIEW_FLOW. */
  requestedCount(session: OrganizationSession): Promise<number | null>
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

const PRIORITY_RANK: Record<Priority, number> = { URGENT: 0, HIGH: 1, MEDIUM: 2, LOW: 3, NOPRIORITY: 4 }

type FeedbackRow = typeof reviewFeedback.$inferSelect
type Approvers = Awaited<ReturnType<typeof approversOf>>

interface Access {
  post: PostRow
  isAuthor: boolean
  isReviewer: boolean
  /** The author's team leader or an admin, and not the author. */
  canApprove: boolean
  approvers: Approvers
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const firstMessage = (fields: Record<string, string>) => Object.values(fields)[0]!
const quoted = (text: string) => `“${postExcerpt(text, 60)}”`

/**
 * Where a post stands (postStageSchema): PUBLISHED, SCHEDULED (also while being published),
 * FAILED, REJECTED, IN_REVIEW, APPROVED, DRAFT — the first that applies. Built from the
 * lifecycle's POST_STAGE_RULES, which postStage() reads the same way.
 */
const stageSql = (() => {
  const inStatuses = (statuses: readonly string[]) => sql.raw(`${statuses.map((s) => `'${s}'`).join(', ')}`)
  const conditionOf = (rule: (typeof POST_STAGE_RULES)[number]): SQL | null => {
    const byStatus = rule.statuses
      ? rule.failed
        ? sql`(${posts.status} in (${inStatuses(rule.statuses)}) and ${posts.failureReason} is not null)`
        : sql`${posts.status} in (${inStatuses(rule.statuses)})`
      : null
    const byApproval = rule.approval ? sql`${posts.approvalStatus} = ${sql.raw(`'${rule.approval}'`)}` : null
    if (byStatus && byApproval) return rule.either ? sql`(${byStatus} or ${byApproval})` : sql`(${byStatus} and ${byApproval})`
    return byStatus ?? byApproval
  }
  const whens = POST_STAGE_RULES.flatMap((rule) => {
    const condition = conditionOf(rule)
    return condition ? [sql`when ${condition} then ${sql.raw(`'${rule.stage}'`)}`] : []
  })
  const fallback = POST_STAGE_RULES.find((rule) => !rule.statuses && !rule.approval)?.stage ?? 'DRAFT'
  return sql<PostStage>`(case ${sql.join(whens, sql` `)} else ${sql.raw(`'${fallback}'`)} end)`
})()
/** The open request's priority; none counts as NOPRIORITY. */
const prioritySql = sql<Priority>`coalesce(${reviewRequests.priority}, 'NOPRIORITY')`
const priorityRankSql = sql<number>`(case ${prioritySql} ${sql.join(
  Object.entries(PRIORITY_RANK).map(([priority, rank]) => sql`when ${priority} then ${sql.raw(String(rank))}`),
  sql` `
)} end)`

export function createReviewService(deps: {
  db: Database
  clock: Clock
  notifications: Pick<NotificationService, 'notify'>
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
}): ReviewService {
  const { db, clock, notifications } = deps
  const views = postViews(deps)

  async function requireReviewFlow(executor: Executor, session: OrganizationSession): Promise<void> {
    if (!(await reviewFlowHeld(executor, session.organization.id, clock.now()))) throw planLimit(MESSAGES.reviewNotIncluded)
  }

  /** The post and what the session user is to it; 404 when they may not see it. */
  async function access(executor: Executor, session: OrganizationSession, postId: string, options: { lock?: boolean; missing?: string } = {}): Promise<Access> {
    const missing = options.missing ?? MESSAGES.postNotFound
    if (!isUuid(postId)) throw notFound(missing)
    const query = executor
      .select()
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.organizationId, session.organization.id)))
    const [post] = options.lock ? await query.for('update') : await query
    if (!post) throw notFound(missing)
    const isAuthor = post.authorUserId === session.userId
    const [reviewer] = isAuthor
      ? []
      : await executor
          .select({ userId: reviewReviewers.userId })
          .from(reviewReviewers)
          .where(and(eq(reviewReviewers.postId, post.id), eq(reviewReviewers.userId, session.userId)))
    const approvers = await approversOf(executor, post.organizationId, post.authorUserId)
    const canApprove = approvers.all.has(session.userId)
    if (!isAuthor && !reviewer && !canApprove) throw notFound(missing)
    return { post, isAuthor, isReviewer: reviewer !== undefined, canApprove, approvers }
  }

  function requireAuthor(a: Access, message: string = REVIEW_MESSAGES.onlyAuthor): void {
    if (!a.isAuthor) throw forbidden(message)
  }

  function requireApprover(a: Access): void {
    if (a.isAuthor) throw forbidden(MESSAGES.selfApproval)
    if (!a.canApprove) throw forbidden(MESSAGES.notAnApprover)
  }

  /** The feedback row (locked when asked) and the access to its post; 404 feedbackNotFound for non-viewers. */
  async function feedbackAccess(tx: Executor, session: OrganizationSession, feedbackId: string): Promise<{ feedback: FeedbackRow; access: Access }> {
    if (!isUuid(feedbackId)) throw notFound(MESSAGES.feedbackNotFound)
    const [found] = await tx
      .select({ postId: reviewFeedback.postId })
      .from(reviewFeedback)
      .where(and(eq(reviewFeedback.id, feedbackId), eq(reviewFeedback.organizationId, session.organization.id)))
    if (!found) throw notFound(MESSAGES.feedbackNotFound)
    // The post's row first, then the feedback's: the same lock order as every other change of the post.
    const a = await access(tx, session, found.postId, { lock: true, missing: MESSAGES.feedbackNotFound })
    const [feedback] = await tx.select().from(reviewFeedback).where(eq(reviewFeedback.id, feedbackId)).for('update')
    if (!feedback) throw notFound(MESSAGES.feedbackNotFound)
    return { feedback, access: a }
  }

  async function personOf(executor: Executor, userId: string): Promise<PersonRef> {
    const [person] = await executor.select({ id: users.id, fullName: users.fullName, image: users.image }).from(users).where(eq(users.id, userId))
    return person ?? { id: userId, fullName: '', image: null }
  }

  async function notifyAll(tx: Executor, organizationId: string, userIds: Iterable<string>, note: { title: string; message: string; postId: string }) {
    for (const userId of new Set(userIds)) {
      await notifications.notify({ organizationId, userId, title: note.title, message: note.message, link: reviewLink(note.postId) }, tx)
    }
  }

  /**
   * `event` of the lifecycle on `post`, locked by the caller (so the compare-and-set cannot lose):
   * the status and version move as the table says, `patch` is written with them.
   */
  async function transition(tx: Executor, post: PostRow, event: PostEvent, by: PostActor, patch: PostPatch = {}): Promise<PostRow> {
    const row = await applyPostTransition(tx, {
      postId: post.id,
      event,
      by,
      expected: { status: post.status, version: post.version, failed: post.failureReason !== null },
      patch,
      now: clock.now()
    })
    if (!row) throw conflict(MESSAGES.postChangedElsewhere, { version: MESSAGES.postChangedElsewhere })
    return row
  }

  /**
   * An approval asked for, given or refused: the post's approval columns set, the people it
   * concerns told in a message that names the session user, and the thread as it now stands.
   */
  async function settleApproval(
    tx: Executor,
    session: OrganizationSession,
    a: Access,
    event: 'requestApproval' | 'approve' | 'reject',
    set: PostPatch,
    note: { to: Iterable<string>; title: string; message: (actor: string) => string }
  ): Promise<ReviewThread> {
    const updated = await transition(tx, a.post, event, event === 'requestApproval' ? 'author' : 'approver', set)
    const actor = await personOf(tx, session.userId)
    await notifyAll(tx, a.post.organizationId, note.to, { title: note.title, message: note.message(actor.fullName), postId: a.post.id })
    return threadOf(tx, a, updated)
  }

  /** The whole review of a post as `a`'s user sees it (reviewThreadSchema). */
  async function threadOf(executor: Executor, a: Access, post: PostRow = a.post): Promise<ReviewThread> {
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
    const [postView] = await views(executor, [post])
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

  /** The post's media ids in display order (what a revision keeps). */
  async function mediaOfPost(tx: Executor, postId: string): Promise<{ id: string; kind: (typeof media.$inferSelect)['kind'] }[]> {
    return tx
      .select({ id: media.id, kind: media.kind })
      .from(postMedia)
      .innerJoin(media, eq(media.id, postMedia.mediaId))
      .where(eq(postMedia.postId, postId))
      .orderBy(asc(postMedia.position))
  }

  /** Posts of the teams the user leads (the user left out), as a subquery; admins: null (everyone's). */
  function ledAuthors(session: OrganizationSession) {
    const myTeams = db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.organizationId, session.organization.id), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
    return db.select({ userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, myTeams))
  }

  /** Each inbox tab's condition on posts (joined with their open request). */
  function tabConditions(session: OrganizationSession, admin: boolean): { requested: SQL; mine: SQL; team: SQL } {
    const me = session.userId
    const othersIMayApprove = and(ne(posts.authorUserId, me), admin ? undefined : inArray(posts.authorUserId, ledAuthors(session)))!
    const askedOfMe = and(
      eq(reviewRequests.open, true),
      exists(
        db
          .select({ one: sql`1` })
          .from(reviewReviewers)
          .where(and(eq(reviewReviewers.postId, posts.id), eq(reviewReviewers.userId, me)))
      )
    )!
    return {
      requested: and(ne(posts.status, 'PUBLISHED'), or(askedOfMe, and(eq(posts.approvalStatus, 'PENDING'), othersIMayApprove)))!,
      mine: eq(posts.authorUserId, me),
      team: and(sql`${stageSql} = 'IN_REVIEW'`, othersIMayApprove)!
    }
  }

  return {
    async requestReview(session, input) {
      await requireReviewFlow(db, session)
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
        const post = await transition(tx, a.post, 'requestReview', 'author')
        if (newReviewers.length > 0) {
          await recordEvent(tx, now, {
            organizationId: post.organizationId,
            name: 'post.review_requested',
            payload: { postId: post.id, authorId: post.authorUserId, reviewerIds: newReviewers },
            actor: { type: 'user', userId: session.userId }
          })
        }
        const author = await personOf(tx, session.userId)
        await notifyAll(tx, post.organizationId, newReviewers, {
          title: FEEDBACK_REQUESTED_TITLE,
          message: `${author.fullName} asks for your feedback on ${quoted(post.text)}.${input.message ? ` “${postExcerpt(input.message, 120)}”` : ''}`,
          postId: post.id
        })
        return threadOf(tx, { ...a, post })
      })
    },

    async withdraw(session, postId) {
      await requireReviewFlow(db, session)
      return db.transaction(async (tx) => {
        const a = await access(tx, session, postId, { lock: true })
        requireAuthor(a)
        const [request] = await tx.select().from(reviewRequests).where(eq(reviewRequests.postId, a.post.id)).for('update')
        if (!request?.open) throw conflict(MESSAGES.reviewNotOpen)
        await tx.update(reviewRequests).set({ open: false, updatedAt: clock.now() }).where(eq(reviewRequests.postId, a.post.id))
        // ASK_FOR_FEEDBACK returns to DRAFT; any other status stays (the table's withdrawReview).
        const post = await transition(tx, a.post, 'withdrawReview', 'author')
        return threadOf(tx, { ...a, post })
      })
    },

    async inbox(session, query) {
      const flowHeld = await reviewFlowHeld(db, session.organization.id, clock.now())
      if (query.view !== 'mine' && !flowHeld) throw planLimit(MESSAGES.reviewNotIncluded)
      const admin = isAdminSession(session)
      const leads =
        admin ||
        (
          await db
            .select({ teamId: teamMembers.teamId })
            .from(teamMembers)
            .where(and(eq(teamMembers.organizationId, session.organization.id), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
            .limit(1)
        ).length > 0
      if (query.view === 'team' && !leads) throw forbidden(REVIEW_MESSAGES.noTeamToReview)

      const tabs = tabConditions(session, admin)
      const openRequest = and(eq(reviewRequests.postId, posts.id), eq(reviewRequests.open, true))
      const inOrganization = eq(posts.organizationId, session.organization.id)
      const search = query.search ? likePattern(query.search) : null
      const filters = and(
        inOrganization,
        tabs[query.view],
        query.priority ? sql`${prioritySql} = ${query.priority}` : undefined,
        query.status ? sql`${stageSql} = ${query.status}` : undefined,
        search ? or(ilike(posts.text, search), ilike(users.fullName, search)) : undefined
      )
      const order =
        query.view === 'mine'
          ? [desc(posts.updatedAt), desc(posts.id)]
          : [asc(priorityRankSql), sql`${reviewRequests.dueAt} asc nulls last`, sql`coalesce(${reviewRequests.requestedAt}, ${posts.updatedAt}) asc`, asc(posts.id)]
      const rows = await db
        .select({
          postId: posts.id,
          stage: stageSql,
          status: posts.status,
          type: posts.type,
          // Enough of the text for the excerpt, not the whole post.
          head: sql<string>`left(${posts.text}, 400)`,
          author: { id: users.id, fullName: users.fullName, image: users.image },
          pageId: businessPages.id,
          pageName: businessPages.linkedInCompanyName,
          approvalFlow: memberships.userApprovalFlow,
          approvalStatus: posts.approvalStatus,
          request: {
            priority: reviewRequests.priority,
            dueAt: reviewRequests.dueAt,
            requestedAt: reviewRequests.requestedAt,
            message: reviewRequests.message
          },
          reviewerCount: sql<number>`(select count(*) from ${reviewReviewers} where ${reviewReviewers.postId} = ${posts.id})::int`,
          openFeedback: sql<number>`(select count(*) from ${reviewFeedback} where ${reviewFeedback.postId} = ${posts.id} and ${reviewFeedback.parentId} is null and ${reviewFeedback.status} = 'OPEN')::int`,
          scheduledAt: posts.scheduledAt,
          publishedAt: posts.publishedAt,
          failureReason: posts.failureReason,
          updatedAt: posts.updatedAt,
          total: sql<number>`(count(*) over ())::int`
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorUserId))
        .leftJoin(memberships, and(eq(memberships.organizationId, posts.organizationId), eq(memberships.userId, posts.authorUserId)))
        .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
        .leftJoin(reviewRequests, openRequest)
        .where(filters)
        .orderBy(...order)
        .limit(INBOX_LIMIT)
      const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`
      const [counts] = await db
        .select({ requested: count(tabs.requested), mine: count(tabs.mine), team: count(tabs.team) })
        .from(posts)
        .leftJoin(reviewRequests, openRequest)
        .where(inOrganization)
      return {
        items: rows.map((r) => ({
          postId: r.postId,
          stage: r.stage,
          status: r.status,
          type: r.type,
          excerpt: postExcerpt(r.head),
          author: r.author,
          businessPage: r.pageId && r.pageName !== null ? { id: r.pageId, linkedInCompanyName: r.pageName } : null,
          approval: { required: flowHeld && r.approvalFlow === true, status: r.approvalStatus ?? null },
          request: r.request
            ? {
                priority: r.request.priority,
                dueAt: r.request.dueAt?.toISOString() ?? null,
                requestedAt: r.request.requestedAt.toISOString(),
                message: r.request.message,
                reviewerCount: r.reviewerCount
              }
            : null,
          openFeedback: r.openFeedback,
          scheduledAt: r.scheduledAt?.toISOString() ?? null,
          publishedAt: r.publishedAt?.toISOString() ?? null,
          failureReason: r.failureReason,
          updatedAt: r.updatedAt.toISOString()
        })),
        total: rows[0]?.total ?? 0,
        counts: { requested: counts?.requested ?? 0, mine: counts?.mine ?? 0, team: leads ? (counts?.team ?? 0) : null }
      }
    },

    async requestedCount(session) {
      if (!(await reviewFlowHeld(db, session.organization.id, clock.now()))) return null
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(posts)
        .leftJoin(reviewRequests, and(eq(reviewRequests.postId, posts.id), eq(reviewRequests.open, true)))
        .where(and(eq(posts.organizationId, session.organization.id), tabConditions(session, isAdminSession(session)).requested))
      return row?.n ?? 0
    },

    async thread(session, postId) {
      await requireReviewFlow(db, session)
      const a = await access(db, session, postId)
      return threadOf(db, a)
    },

    async candidates(session, query) {
      await requireReviewFlow(db, session)
      const a = await access(db, session, query.postId)
      requireAuthor(a)
      const leaders = a.approvers.leaders
      const search = query.search ? likePattern(query.search) : null
      const isLeader = leaders.length > 0 ? inArray(users.id, leaders) : sql<boolean>`false`
      return db
        .select({ id: users.id, fullName: users.fullName, image: users.image, email: users.email, isTeamLeader: sql<boolean>`${isLeader}` })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, session.organization.id),
            eq(memberships.status, 'ACTIVE'),
            ne(memberships.userId, a.post.authorUserId),
            search ? or(ilike(users.fullName, search), ilike(users.email, search)) : undefined
          )
        )
        // The author's team leaders first, then by name (PostgreSQL refuses a constant in ORDER BY: none without leaders).
        .orderBy(...(leaders.length > 0 ? [desc(isLeader)] : []), asc(users.fullName), asc(users.email))
        .limit(CANDIDATES_LIMIT)
    },

    async createFeedback(session, input) {
      await requireReviewFlow(db, session)
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
        await notifyAll(tx, post.organizationId, mentioned, {
          title: MENTIONED_TITLE,
          message: `${writer.fullName} mentioned you in feedback on ${quoted(post.text)}: “${postExcerpt(input.text, 120)}”`,
          postId: post.id
        })
        if (post.authorUserId !== session.userId && !mentioned.includes(post.authorUserId)) {
          const what = input.kind === 'SUGGESTION' ? 'suggested a change to' : parent ? 'replied on' : 'commented on'
          await notifyAll(tx, post.organizationId, [post.authorUserId], {
            title: NEW_FEEDBACK_TITLE,
            message: `${writer.fullName} ${what} ${quoted(post.text)}.`,
            postId: post.id
          })
        }
        return threadOf(tx, a)
      })
    },

    async resolveFeedback(session, input) {
      await requireReviewFlow(db, session)
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
        return threadOf(tx, a)
      })
    },

    async acceptSuggestion(session, input) {
      await requireReviewFlow(db, session)
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
        const updated = await transition(tx, post, publishable ? 'edit' : 'editBreakingLimits', 'author', { ...revision.set, text })
        await tx
          .update(reviewFeedback)
          .set({ status: 'ACCEPTED', resolvedByUserId: session.userId, resolvedAt: now, updatedAt: now })
          .where(eq(reviewFeedback.id, feedback.id))
        if (revision.approvalReset) {
          const author = await personOf(tx, session.userId)
          await notifyAll(tx, post.organizationId, a.approvers.notify, {
            title: APPROVAL_NEEDED_AGAIN_TITLE,
            message: `${author.fullName} changed ${quoted(text)} after it was approved. It needs your approval again.`,
            postId: post.id
          })
        }
        return threadOf(tx, a, updated)
      })
    },

    async dismissSuggestion(session, feedbackId) {
      await requireReviewFlow(db, session)
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
        return threadOf(tx, a)
      })
    },

    async submitForApproval(session, input) {
      await requireReviewFlow(db, session)
      return db.transaction(async (tx) => {
        const a = await access(tx, session, input.postId, { lock: true })
        requireAuthor(a)
        const post = a.post
        requirePostTransition(post, 'requestApproval', input.version)
        const required = (await approvalRequiredFor(tx, clock, post.organizationId, [post.authorUserId])).get(post.authorUserId)
        if (!required) throw badRequest(MESSAGES.approvalNotRequired)
        if (post.approvalStatus === 'PENDING') throw conflict(MESSAGES.approvalAlreadyPending)
        if (post.approvalStatus === 'APPROVED' && post.approvedRevision === post.revision) return threadOf(tx, a)
        return settleApproval(
          tx,
          session,
          a,
          'requestApproval',
          { approvalStatus: 'PENDING', approvalDecidedBy: null, approvalDecidedAt: null, approvalReason: null },
          { to: a.approvers.notify, title: APPROVAL_REQUESTED_TITLE, message: (author) => `${author} asks you to approve ${quoted(post.text)}.` }
        )
      })
    },

    async approve(session, input) {
      await requireReviewFlow(db, session)
      return db.transaction(async (tx) => {
        const a = await access(tx, session, input.postId, { lock: true })
        requireApprover(a)
        const post = a.post
        if (post.approvalStatus !== 'PENDING') throw conflict(MESSAGES.approvalNotPending)
        requirePostTransition(post, 'approve', input.version)
        await record(tx, {
          organizationId: session.organization.id,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'post.approved',
          target: { type: 'post', id: post.id, label: postExcerpt(post.text) },
          before: { approvalStatus: post.approvalStatus },
          after: { approvalStatus: 'APPROVED', revision: post.revision }
        })
        return settleApproval(
          tx,
          session,
          a,
          'approve',
          { approvalStatus: 'APPROVED', approvedRevision: post.revision, approvalDecidedBy: session.userId, approvalDecidedAt: clock.now(), approvalReason: null },
          { to: [post.authorUserId], title: APPROVED_TITLE, message: (approver) => `${approver} approved ${quoted(post.text)}. You can schedule it now.` }
        )
      })
    },

    async reject(session, input) {
      await requireReviewFlow(db, session)
      return db.transaction(async (tx) => {
        const a = await access(tx, session, input.postId, { lock: true })
        requireApprover(a)
        const post = a.post
        requirePostTransition(post, 'reject')
        if (post.approvalStatus !== 'PENDING' && post.approvalStatus !== 'APPROVED') throw conflict(MESSAGES.approvalNotPending)
        // A SCHEDULED post goes back to draft, keeping its time (as unscheduling does); the publisher holding the old version drops it.
        const rejected = postTransition(post.status, 'reject')
        const statusAfter = rejected.allowed && rejected.to ? rejected.to : post.status
        await record(tx, {
          organizationId: session.organization.id,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'post.rejected',
          target: { type: 'post', id: post.id, label: postExcerpt(post.text) },
          before: { approvalStatus: post.approvalStatus, status: post.status },
          after: { approvalStatus: 'REJECTED', status: statusAfter, reason: input.reason }
        })
        return settleApproval(
          tx,
          session,
          a,
          'reject',
          { approvalStatus: 'REJECTED', approvedRevision: null, approvalDecidedBy: session.userId, approvalDecidedAt: clock.now(), approvalReason: input.reason },
          {
            to: [post.authorUserId],
            title: REJECTED_TITLE,
            message: (approver) => `${approver} rejected ${quoted(post.text)}${statusAfter === 'DRAFT' && post.status !== 'DRAFT' ? ' and it went back to your drafts' : ''}: ${input.reason}`
          }
        )
      })
    }
  }
}
