import { MESSAGES } from '../../../shared/api/messages'
import type { Executor } from '../../db/client'
import type { ReviewThread } from '../../../shared/domain/entities'
import { conflict } from '../../errors'
import { record, sessionActor } from '../audit'
import { requirePostTransition } from '../postLifecycle'
import { postExcerpt } from '../postLinks'
import type { OrganizationSession } from '../sessions'
import { access, requireApprover, requireReviewFlow } from './access'
import { settleApproval } from './settleApproval'
import { APPROVED_TITLE, quoted, type ReviewContext } from './shared'

/**
 * An approver (the author's team leader or an admin, never the author) approves the PENDING
 * revision they read; the author is told and the decision is in the audit log.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function approve(ctx: ReviewContext, session: OrganizationSession, input: { postId: string; version: number }): Promise<ReviewThread> {
  await requireReviewFlow(ctx, ctx.db, session)
  return ctx.db.transaction((tx) => approveWithin(ctx, tx, session, input))
}

/** approve() in the caller's transaction (an approve link marks itself used in the same one); the caller checked REVIEW_FLOW. */
export async function approveWithin(
  ctx: ReviewContext,
  tx: Executor,
  session: OrganizationSession,
  input: { postId: string; version: number }
): Promise<ReviewThread> {
  const { clock } = ctx
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
    ctx,
    tx,
    session,
    a,
    'approve',
    { approvalStatus: 'APPROVED', approvedRevision: post.revision, approvalDecidedBy: session.userId, approvalDecidedAt: clock.now(), approvalReason: null },
    { to: [post.authorUserId], title: APPROVED_TITLE, message: (approver) => `${approver} approved ${quoted(post.text)}. You can schedule it now.` }
  )
}
