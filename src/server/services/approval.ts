import { and, eq, inArray } from 'drizzle-orm'
import type { PostApproval } from '../../shared/domain/entities'
import type { Clock } from '../clock'
import type { Executor } from '../db/client'
import { memberships, posts, users } from '../db/schema'
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
