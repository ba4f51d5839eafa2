import { and, eq, inArray, ne } from 'drizzle-orm'
import type { PostApproval } from '../../shared/domain/entities'
import type { Clock } from '../clock'
import type { Executor } from '../db/client'
import type { PostType } from '../../shared/domain/enums'
import { POLL_DURATION_DEFAULT } from '../../shared/constants'
import { memberships, postVersions, posts, teamMembers, users } from '../db/schema'
import { grantedLimits } from './entitlements'
import { findSubscription } from './subscriptions'

/**
 * Whether posts need approval (issue 13): the organization holds REVIEW_FLOW right now and the
 * author's membership has userApprovalFlow on. Read without the entitlement counts (one
 * subscription row and one membership query), so post views and the publisher's claim can ask it
 * for any number of posts.
 */
export async function reviewFlowHeld(executor: Executor, organizationId: string, now: Date): Promise<boolean> {
  return grantedLimits(await findSubscription(executor, organizationId), now).REVIEW_FLOW !== undefined
}

/** userId -> approval required, for `authorIds` in one organization. */
export async function approvalRequiredFor(executor: Executor, clock: Clock, organizationId: string, authorIds: readonly string[]): Promise<Map<string, boolean>> {
  const result = new Map<string, boolean>(authorIds.map((id) => [id, false]))
  if (authorIds.length === 0 || !(await reviewFlowHeld(executor, organizationId, clock.now()))) return result
  const rows = await executor
    .select({ userId: memberships.userId, flow: memberships.userApprovalFlow })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, [...new Set(authorIds)])))
  for (const row of rows) result.set(row.userId, row.flow)
  return result
}

type ApprovalColumns = Pick<
  typeof posts.$inferSelect,
  'revision' | 'approvalStatus' | 'approvedRevision' | 'approvalDecidedBy' | 'approvalDecidedAt' | 'approvalReason'
>

/** Whether a post may be scheduled or published as it stands: not required, or APPROVED for its current revision. */
export function isApproved(post: ApprovalColumns, required: boolean): boolean {
  return !required || (post.approvalStatus === 'APPROVED' && post.approvedRevision === post.revision)
}

/** The API's view of a post's approval; `deciders` holds the people of approvalDecidedBy. */
export function approvalView(
  post: ApprovalColumns,
  required: boolean,
  deciders: ReadonlyMap<string, { id: string; fullName: string; image: string | null }>
): PostApproval {
  return {
    required,
    status: post.approvalStatus ?? null,
    approvedRevision: post.approvedRevision ?? null,
    decidedBy: post.approvalDecidedBy ? (deciders.get(post.approvalDecidedBy) ?? null) : null,
    decidedAt: post.approvalDecidedAt?.toISOString() ?? null,
    reason: post.approvalStatus === 'REJECTED' ? (post.approvalReason ?? null) : null
  }
}

/** The people who decided approvals among `rows`, for approvalView. */
export async function decidersOf(executor: Executor, rows: readonly ApprovalColumns[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.approvalDecidedBy ? [r.approvalDecidedBy] : [])))]
  if (ids.length === 0) return new Map<string, { id: string; fullName: string; image: string | null }>()
  const people = await executor.select({ id: users.id, fullName: users.fullName, image: users.image }).from(users).where(inArray(users.id, ids))
  return new Map(people.map((p) => [p.id, p]))
}

/**
 * Who may approve `authorId`'s posts: the leaders of the author's teams and the organization's
 * active admins (ADMIN and GHOST, spec §6), never the author. `notify` is whom an approval request
 * is sent to: the team leaders, or the admins when the author has no team leader.
 */
export async function approversOf(
  executor: Executor,
  organizationId: string,
  authorId: string
): Promise<{ leaders: string[]; admins: string[]; all: Set<string>; notify: string[] }> {
  const authorTeams = executor
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, authorId)))
  const [leaderRows, adminRows] = [
    await executor
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(memberships, and(eq(memberships.organizationId, organizationId), eq(memberships.userId, teamMembers.userId)))
      .where(and(inArray(teamMembers.teamId, authorTeams), eq(teamMembers.isLeader, true), eq(memberships.status, 'ACTIVE'), ne(teamMembers.userId, authorId))),
    await executor
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          inArray(memberships.role, ['ADMIN', 'GHOST']),
          eq(memberships.status, 'ACTIVE'),
          ne(memberships.userId, authorId)
        )
      )
  ]
  const leaders = [...new Set(leaderRows.map((r) => r.userId))]
  const admins = adminRows.map((r) => r.userId)
  return { leaders, admins, all: new Set([...leaders, ...admins]), notify: leaders.length > 0 ? leaders : admins }
}

/** What a post would publish: the columns a revision keeps. */
export interface PostContent {
  type: PostType
  text: string
  poll: PostRow['poll']
  /** Media ids in display order. */
  mediaIds: readonly string[]
  businessPageId: string | null
}

type PostRow = typeof posts.$inferSelect

/**
 * Field by field: jsonb gives a stored poll's keys back in its own order (by length), so the
 * poll as read and the poll as sent serialize differently while holding the same thing.
 */
const samePoll = (a: PostContent['poll'], b: PostContent['poll']) =>
  !a || !b
    ? !a === !b
    : a.question === b.question &&
      (a.durationDays ?? POLL_DURATION_DEFAULT) === (b.durationDays ?? POLL_DURATION_DEFAULT) &&
      a.options.length === b.options.length &&
      a.options.every((option, i) => option === b.options[i])

const sameContent = (a: PostContent, b: PostContent) =>
  a.type === b.type &&
  a.text === b.text &&
  a.businessPageId === b.businessPageId &&
  samePoll(a.poll, b.poll) &&
  a.mediaIds.length === b.mediaIds.length &&
  a.mediaIds.every((id, i) => id === b.mediaIds[i])

/**
 * The one way a post's content changes (the editor's save, an accepted suggestion): when `next`
 * differs from `current`, writes the next revision into post_versions and answers the posts
 * columns to set with the change — revision + 1 and, when the post was APPROVED, approval back to
 * PENDING (approval is bound to a revision). The caller holds the post's row lock, sets these
 * columns in the same transaction and, when `approvalReset`, tells the approvers.
 */
export async function nextRevision(
  tx: Executor,
  post: PostRow,
  current: PostContent,
  next: PostContent,
  savedByUserId: string,
  now: Date
): Promise<{ changed: boolean; approvalReset: boolean; set: Partial<typeof posts.$inferInsert> }> {
  if (sameContent(current, next)) return { changed: false, approvalReset: false, set: {} }
  const revision = post.revision + 1
  await tx.insert(postVersions).values({
    postId: post.id,
    revision,
    organizationId: post.organizationId,
    type: next.type,
    text: next.text,
    poll: next.poll ?? null,
    mediaIds: [...next.mediaIds],
    businessPageId: next.businessPageId,
    savedByUserId,
    createdAt: now
  })
  const approvalReset = post.approvalStatus === 'APPROVED'
  return {
    changed: true,
    approvalReset,
    set: {
      revision,
      ...(approvalReset ? { approvalStatus: 'PENDING' as const, approvalDecidedBy: null, approvalDecidedAt: null, approvalReason: null } : {})
    }
  }
}

/** Revision 1 of a new post, in the transaction that creates it. */
export async function firstRevision(tx: Executor, post: PostRow, content: PostContent, savedByUserId: string | null, now: Date): Promise<void> {
  await tx.insert(postVersions).values({
    postId: post.id,
    revision: 1,
    organizationId: post.organizationId,
    type: content.type,
    text: content.text,
    poll: content.poll ?? null,
    mediaIds: [...content.mediaIds],
    businessPageId: content.businessPageId,
    savedByUserId,
    createdAt: now
  })
}
