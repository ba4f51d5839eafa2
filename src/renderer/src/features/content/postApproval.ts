import type { MessageBarIntent } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { Post } from '@shared/domain'

type ApprovalOf = Pick<Post, 'revision' | 'approval'>

/** Approved for the post as it stands now: an approval is bound to the revision it was given for (issue 13). */
export function approvedNow(post: ApprovalOf): boolean {
  return post.approval.status === 'APPROVED' && post.approval.approvedRevision === post.revision
}

/** Why Schedule and Post now wait for approval, or null when they need not (not required, or approved for this revision). */
export function approvalBlock(post: ApprovalOf): string | null {
  if (!post.approval.required || approvedNow(post)) return null
  return post.approval.status === 'PENDING' ? MESSAGES.approvalPendingToSchedule : MESSAGES.approvalRequiredToSchedule
}

interface ApprovalState {
  /** Not sent, Waiting for approval, Approved, Rejected: <reason>, Approved for an earlier version: needs approval again. */
  text: string
  intent: MessageBarIntent
  /** Send for approval is offered: never sent, rejected, or approved for an earlier revision and not pending again. */
  canSend: boolean
}

/**
 * Where a post that needs approval stands. An edit after approval makes it PENDING again with the
 * earlier approval's revision kept: the approvers have been told, so it waits without a new send.
 */
export function approvalState(post: ApprovalOf): ApprovalState {
  const { status, approvedRevision, reason } = post.approval
  const approvedEarlier = approvedRevision !== null && approvedRevision !== post.revision
  if (status === 'APPROVED') {
    return approvedEarlier
      ? { text: 'Approved for an earlier version: needs approval again', intent: 'warning', canSend: true }
      : { text: 'Approved', intent: 'success', canSend: false }
  }
  if (status === 'PENDING') {
    return approvedEarlier
      ? { text: 'Approved for an earlier version: needs approval again', intent: 'warning', canSend: false }
      : { text: 'Waiting for approval', intent: 'info', canSend: false }
  }
  if (status === 'REJECTED') return { text: reason ? `Rejected: ${reason}` : 'Rejected', intent: 'error', canSend: true }
  return { text: 'Not sent', intent: 'warning', canSend: true }
}
