import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowUndo16Regular, Checkmark16Regular, DocumentEdit16Regular, Dismiss16Regular, PeopleAdd16Regular, Send16Regular } from '@fluentui/react-icons'
import { paths } from '@shared/routes'
import type { ReviewThread } from '@shared/domain'
import { useApprovePost, useSubmitForApproval, useWithdrawReview } from '@renderer/api/review'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'
import { approvalState, canSendForApproval } from './labels'
import { RejectDialog } from './RejectDialog'
import { useReviewFailure } from './useReviewFailure'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2
  },
  status: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  note: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS }
})

/** The post's editor address. */
export function editorPath(postId: string): string {
  return `${paths.writePost}?postId=${encodeURIComponent(postId)}`
}

/**
 * The approval bar: the approval's state and what the viewer may do about it. Approvers (the
 * author's team leaders and admins, never the author) approve the version they read or reject
 * with a reason; the author sends the post for approval, withdraws an open feedback request,
 * asks for (more) feedback and opens the post in the editor. One action at a time.
 */
export function ApprovalBar({
  thread,
  timeZone,
  onAskForFeedback
}: {
  thread: ReviewThread
  timeZone: string | null
  /** Opens the Ask for feedback dialog for the post (its author's). */
  onAskForFeedback: (postId: string) => void
}) {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const { post, viewer, request } = thread
  const state = approvalState(post)
  const approve = useApprovePost()
  const submit = useSubmitForApproval()
  const withdraw = useWithdrawReview()
  const { running, run } = useSingleFlight()
  const showFailure = useReviewFailure(post.id)
  const [rejecting, setRejecting] = useState(false)

  const act = (failureTitle: Parameters<typeof showFailure>[0], task: () => Promise<unknown>, done?: Parameters<typeof notify>[0]) =>
    void run(async () => {
      try {
        await task()
        if (done) notify(done)
      } catch (error) {
        showFailure(failureTitle, error)
      }
    })

  const pending = post.approval.status === 'PENDING'
  const changeable = post.status !== 'PUBLISHED' && post.status !== 'PENDING_PUBLISH'
  const decidable = viewer.canApprove && (pending || post.approval.status === 'APPROVED') && changeable
  const { decidedBy, decidedAt, reason } = post.approval

  return (
    <div className={styles.root} role="group" aria-label="Approval" data-testid="approval-bar">
      <div className={styles.status}>
        {state ? (
          <Badge appearance="tint" color={state.color} data-testid="approval-status">
            {state.label}
          </Badge>
        ) : (
          <Text size={200} className={styles.note} data-testid="approval-status">
            No approval needed
          </Text>
        )}
        {decidedBy && decidedAt && post.approval.status !== 'PENDING' ? (
          <Text size={200} className={styles.note}>
            by {decidedBy.fullName}, {formatDate(decidedAt, 'dateTimeShort', { timeZone })}
          </Text>
        ) : null}
      </div>
      {post.approval.status === 'REJECTED' && reason ? (
        <Text size={200} className={styles.note} data-testid="approval-reason">
          Reason: {reason}
        </Text>
      ) : null}
      <div className={styles.buttons}>
        {decidable && pending ? (
          <Button
            appearance="primary"
            icon={<Checkmark16Regular />}
            disabled={running}
            onClick={() =>
              act('Post not approved ⚠️', () => approve.mutateAsync({ postId: post.id, version: post.version }), {
                title: 'Post approved ✅',
                body: 'The author can schedule it now.'
              })
            }
            data-testid="review-approve"
          >
            Approve
          </Button>
        ) : null}
        {decidable ? (
          <Button icon={<Dismiss16Regular />} disabled={running} onClick={() => setRejecting(true)} data-testid="review-reject">
            Reject
          </Button>
        ) : null}
        {viewer.isAuthor && canSendForApproval(post) ? (
          <Button
            appearance="primary"
            icon={<Send16Regular />}
            disabled={running}
            onClick={() =>
              act('Not sent for approval ⚠️', () => submit.mutateAsync({ postId: post.id, version: post.version }), {
                title: 'Sent for approval ✅',
                body: 'Your team leaders have been asked to approve it.'
              })
            }
            data-testid="review-submit"
          >
            Send for approval
          </Button>
        ) : null}
        {viewer.isAuthor && changeable ? (
          <Button icon={<PeopleAdd16Regular />} disabled={running} onClick={() => onAskForFeedback(post.id)} data-testid="review-ask-feedback">
            {request?.open ? 'Add reviewers' : 'Ask for feedback'}
          </Button>
        ) : null}
        {viewer.isAuthor && request?.open && changeable ? (
          <Button
            icon={<ArrowUndo16Regular />}
            disabled={running}
            onClick={() => act('Request not withdrawn ⚠️', () => withdraw.mutateAsync({ postId: post.id }), { title: 'Request withdrawn ✅' })}
            data-testid="review-withdraw"
          >
            Withdraw request
          </Button>
        ) : null}
        {viewer.isAuthor ? (
          <Button appearance="subtle" icon={<DocumentEdit16Regular />} onClick={() => void navigate(editorPath(post.id))} data-testid="review-open-editor">
            Open in editor
          </Button>
        ) : null}
      </div>
      {rejecting ? <RejectDialog postId={post.id} onClose={() => setRejecting(false)} /> : null}
    </div>
  )
}
