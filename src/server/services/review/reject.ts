import { MESSAGES } from '../../../shared/api/messages'
import type { Executor } from '../../db/client'
import type { ReviewThread } from '../../../shared/domain/entities'
import { postTransition } from '../../../shared/rules/postLifecycle'
import { conflict } from '../../errors'
import { record, sessionActor } from '../audit'
import { requirePostTransition } from '../postLifecycle'
import { postExcerpt } from '../postLinks'
import type { OrganizationSession } from '../sessions'
import { access, requireApprover, requireReviewFlow } from './access'
import { settleApproval } from './settleApproval'
import { quoted, REJECTED_TITLE, type ReviewContext } from './shared'

/**
 * An approver rejects a PENDING or APPROVED post with a reason (not while it is being
 * published): a SCHEDULED post goes back to DRAFT and keeps its time; the author is told and the
 * decision is in the audit log.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function reject(ctx: ReviewContext, session: OrganizationSession, input: { postId: string; reason: string }): Promise<ReviewThread> {
  await requireReviewFlow(ctx, ctx.db, session)
  return ctx.db.transaction((tx) => rejectWithin(ctx, tx, session, input))
}

/** reject() in the caller's transaction (a Request changes link marks itself used in the same one); the caller checked REVIEW_FLOW. */
export async function rejectWithin(ctx: ReviewContext, tx: Executor, session: OrganizationSession, input: { postId: string; reason: string }): Promise<ReviewThread> {
  const { clock } = ctx
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
    ctx,
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
}
