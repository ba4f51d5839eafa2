import type { BadgeProps } from '@fluentui/react-components'
import type { Post, PostStage, Priority } from '@shared/domain'
import type { InboxView } from './collaborateState'

type BadgeColor = NonNullable<BadgeProps['color']>

/** Collaborate's tabs. */
export const TAB_LABELS: Record<InboxView, string> = { requested: 'For my review', mine: 'My posts', team: 'Team' }

/** Where a post stands (postStageSchema), in the words of the lists and the status filter. */
export const STAGE_LABELS: Record<PostStage, string> = {
  DRAFT: 'Draft',
  IN_REVIEW: 'In review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  SCHEDULED: 'Scheduled',
  PUBLISHED: 'Published',
  FAILED: 'Failed'
}

export const STAGE_COLORS: Record<PostStage, BadgeColor> = {
  DRAFT: 'subtle',
  IN_REVIEW: 'brand',
  APPROVED: 'success',
  REJECTED: 'danger',
  SCHEDULED: 'informative',
  PUBLISHED: 'success',
  FAILED: 'danger'
}

/** Priorities in the words the Ask for feedback dialog offers them. */
export { PRIORITY_LABELS } from '@renderer/dialogs/review/AskForFeedbackDialog'

/** Urgent red, high orange, medium yellow, low blue; no priority shows no badge. */
export const PRIORITY_COLORS: Record<Exclude<Priority, 'NOPRIORITY'>, BadgeColor> = {
  URGENT: 'danger',
  HIGH: 'severe',
  MEDIUM: 'warning',
  LOW: 'informative'
}

interface ApprovalState {
  label: string
  color: BadgeColor
}

/**
 * The approval chip: null when the post neither needs approval nor was ever sent for it. An
 * approval is for one revision; one given for an earlier revision is shown as needing approval
 * again (the server already makes such a post PENDING, this only reads it honestly).
 */
export function approvalState(post: Pick<Post, 'approval' | 'revision'>): ApprovalState | null {
  const { approval } = post
  switch (approval.status) {
    case 'PENDING':
      return { label: 'Waiting for approval', color: 'warning' }
    case 'APPROVED':
      return approval.approvedRevision === post.revision ? { label: 'Approved', color: 'success' } : { label: 'Needs approval again', color: 'warning' }
    case 'REJECTED':
      return { label: 'Rejected', color: 'danger' }
    case null:
      return approval.required ? { label: 'Not sent for approval', color: 'subtle' } : null
  }
}

/** Whether the author may send the post for approval now: it needs one, and none is pending or given for this revision. */
export function canSendForApproval(post: Pick<Post, 'approval' | 'revision' | 'status'>): boolean {
  if (!post.approval.required || post.status === 'PUBLISHED' || post.status === 'PENDING_PUBLISH') return false
  if (post.approval.status === 'PENDING') return false
  return !(post.approval.status === 'APPROVED' && post.approval.approvedRevision === post.revision)
}
