import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components'
import type { Post, ReviewRequest } from '@shared/domain'
import { paths } from '@shared/routes'
import { RouterLink } from '@renderer/components/RouterLink'
import { PRIORITY_LABELS } from '@renderer/dialogs/review/AskForFeedbackDialog'
import { formatWhen } from './postTimes'
import { approvalBlock, approvalState } from './postApproval'

/** The post on /collaborate, with its review panel. */
const reviewPath = (postId: string) => `${paths.collaborate}?postId=${encodeURIComponent(postId)}`

interface ReviewStatusBarProps {
  post: Post
  /** The open feedback request (null: none, or not known without the review flow). */
  request: ReviewRequest | null
  timeZone: string
  /** Read-only (published, being published): the state shows, the actions do not. */
  readOnly: boolean
  busy: boolean
  onAddReviewers: () => void
  onWithdraw: () => void
  onSendForApproval: () => void
}

/**
 * The post's review under the editor's toolbar (issue 13): "In review" while a feedback request is
 * open (add reviewers, withdraw it), and, for an author whose posts need approval, where the
 * approval stands with Send for approval. Both link to the post's review on /collaborate.
 */
export function ReviewStatusBar({ post, request, timeZone, readOnly, busy, onAddReviewers, onWithdraw, onSendForApproval }: ReviewStatusBarProps) {
  // A published post (or one being published) is not in review any more, whatever request is left open:
  // its feedback can still be read on /collaborate, but nothing is to be added or withdrawn.
  const asked = request !== null || post.status === 'ASK_FOR_FEEDBACK'
  const inReview = asked && !readOnly
  const approval = post.approval.required ? approvalState(post) : null
  const waiting = approvalBlock(post)
  const openReview = (
    <RouterLink to={reviewPath(post.id)} data-testid="open-review">
      Open review
    </RouterLink>
  )
  return (
    <>
      {asked && readOnly ? (
        <MessageBar intent="info" data-testid="post-review-closed">
          <MessageBarBody>
            <MessageBarTitle>Review closed</MessageBarTitle>
            Feedback was asked for before it was published.
          </MessageBarBody>
          <MessageBarActions>{openReview}</MessageBarActions>
        </MessageBar>
      ) : null}
      {inReview ? (
        <MessageBar intent="info" layout="multiline" data-testid="post-in-review">
          <MessageBarBody>
            <MessageBarTitle>In review</MessageBarTitle>
            {request ? requestSummary(request, timeZone) : 'Feedback has been asked for.'}
          </MessageBarBody>
          <MessageBarActions>
            {openReview}
            {readOnly ? null : (
              <>
                <Button size="small" onClick={onAddReviewers} disabled={busy} data-testid="add-reviewers">
                  Add reviewers
                </Button>
                <Button size="small" onClick={onWithdraw} disabled={busy} data-testid="withdraw-review">
                  Withdraw request
                </Button>
              </>
            )}
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {approval ? (
        <MessageBar intent={approval.intent} layout="multiline" data-testid="post-approval">
          <MessageBarBody>
            <MessageBarTitle>Approval</MessageBarTitle>
            <span data-testid="approval-state">{approval.text}</span>
            {post.approval.status === 'APPROVED' && post.approval.decidedBy ? ` · by ${post.approval.decidedBy.fullName}` : null}
            {/* Why Schedule and Post now wait, in view and not only in their tooltips. */}
            {waiting && !readOnly ? <div>{waiting}</div> : null}
          </MessageBarBody>
          <MessageBarActions>
            {/* Only when approval was asked: before that there is nothing to see on /collaborate. */}
            {post.approval.status !== null && !inReview ? openReview : null}
            {approval.canSend && !readOnly ? (
              <Button size="small" appearance="primary" onClick={onSendForApproval} disabled={busy} data-testid="send-for-approval">
                Send for approval
              </Button>
            ) : null}
          </MessageBarActions>
        </MessageBar>
      ) : null}
    </>
  )
}

/** 'Asked 2 reviewers · Urgent · due Tue, 10 Mar 2026, 09:00'. */
function requestSummary(request: ReviewRequest, timeZone: string): string {
  const count = request.reviewers.length
  return [
    count === 1 ? `Asked ${request.reviewers[0]!.fullName}` : `Asked ${count} reviewers`,
    request.priority === 'NOPRIORITY' ? null : PRIORITY_LABELS[request.priority],
    request.dueAt ? `due ${formatWhen(request.dueAt, timeZone)}` : null
  ]
    .filter(Boolean)
    .join(' · ')
}
