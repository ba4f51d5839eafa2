import { MESSAGES } from '../../../shared/api/messages'
import type { ReviewThread } from '../../../shared/domain/entities'
import { badRequest, conflict } from '../../errors'
import { approvalRequiredFor } from '../approval'
import { requirePostTransition } from '../postLifecycle'
import type { OrganizationSession } from '../sessions'
import { access, requireAuthor, requireReviewFlow } from './access'
import { settleApproval } from './settleApproval'
import { APPROVAL_REQUESTED_TITLE, quoted, type ReviewContext } from './shared'
import { threadOf } from './threadOf'

/**
 * The author sends their post for approval (only when approval is required for them): it
 * becomes PENDING and its approvers are told. An approval already given for the current revision
 * answers the thread unchanged.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function submitForApproval(ctx: ReviewContext, session: OrganizationSession, input: { postId: string; version: number }): Promise<ReviewThread> {
  const { db, clock } = ctx
  await requireReviewFlow(ctx, db, session)
  return db.transaction(async (tx) => {
    const a = await access(tx, session, input.postId, { lock: true })
    requireAuthor(a)
    const post = a.post
    requirePostTransition(post, 'requestApproval', input.version)
    const required = (await approvalRequiredFor(tx, clock, post.organizationId, [post.authorUserId])).get(post.authorUserId)
    if (!required) throw badRequest(MESSAGES.approvalNotRequired)
    if (post.approvalStatus === 'PENDING') throw conflict(MESSAGES.approvalAlreadyPending)
    if (post.approvalStatus === 'APPROVED' && post.approvedRevision === post.revision) return threadOf(ctx, tx, a)
    return settleApproval(
      ctx,
      tx,
      session,
      a,
      'requestApproval',
      { approvalStatus: 'PENDING', approvalDecidedBy: null, approvalDecidedAt: null, approvalReason: null },
      { to: a.approvers.notify, title: APPROVAL_REQUESTED_TITLE, message: (author) => `${author} asks you to approve ${quoted(post.text)}.` }
    )
  })
}
