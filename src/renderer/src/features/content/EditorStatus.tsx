import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { Post, ReviewRequest } from '@shared/domain'
import { useHost } from '@renderer/host/HostContext'
import { ActionError } from './ActionError'
import { LinkedInRequired, type LinkedInProblem } from './LinkedInRequired'
import { PostStatusBar } from './PostStatusBar'
import { ReviewStatusBar } from './ReviewStatusBar'
import type { PostActions } from './usePostActions'

const useStyles = makeStyles({
  status: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }
})

interface EditorStatusProps {
  /** The draft was restored from this computer (changes the server never got). */
  restored: boolean
  onDismissRestored: () => void
  conflict: boolean
  /** ?slotId= named a slot the user cannot write for. */
  slotMissing: boolean
  linkedIn: LinkedInProblem | null
  readOnly: boolean
  post: Post | null
  publishing: boolean
  request: ReviewRequest | null
  timeZone: string
  actions: PostActions
  onAddReviewers: () => void
}

/**
 * Under the toolbar: restored changes, a conflict to resolve, a missing slot, LinkedIn to connect,
 * the post's publishing status and review, and the last action's refusal.
 */
export function EditorStatus(props: EditorStatusProps) {
  const { restored, onDismissRestored, conflict, slotMissing, linkedIn, readOnly, post, publishing, request, timeZone, actions, onAddReviewers } = props
  const styles = useStyles()
  const host = useHost()

  const openLinkedIn = (url: string) => {
    host.openExternal(url).catch((error: unknown) => console.error(`Could not open ${url}.`, error))
  }
  const reloadFromServer = () => void actions.resolveConflict('reload')
  const keepMine = () => void actions.resolveConflict('keep')

  return (
    <div className={styles.status} data-testid="post-status">
      {restored ? (
        <MessageBar intent="info" data-testid="post-restored">
          <MessageBarBody>Restored your unsaved changes.</MessageBarBody>
          <MessageBarActions>
            <Button size="small" appearance="transparent" onClick={onDismissRestored}>
              Dismiss
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {conflict ? (
        <MessageBar intent="warning" layout="multiline" data-testid="post-conflict">
          <MessageBarBody>{MESSAGES.postChangedElsewhere} Your text is kept here until you choose.</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={reloadFromServer} disabled={actions.busy}>
              Reload
            </Button>
            <Button size="small" onClick={keepMine} disabled={actions.busy}>
              Keep my version
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {slotMissing ? (
        <MessageBar intent="warning" data-testid="post-slot-missing">
          <MessageBarBody>{MESSAGES.slotNotFound} This post is not tied to a slot.</MessageBarBody>
        </MessageBar>
      ) : null}
      {linkedIn && !readOnly ? <LinkedInRequired problem={linkedIn} /> : null}
      {post ? (
        <PostStatusBar
          post={post}
          publishing={publishing}
          linkedInBlocked={linkedIn !== null}
          timeZone={timeZone}
          busy={actions.busy}
          onUnschedule={() => void actions.unschedule()}
          onEditTime={() => actions.openSchedule(post)}
          onRetry={() => void actions.retry()}
          onViewOnLinkedIn={openLinkedIn}
        />
      ) : null}
      {post ? (
        <ReviewStatusBar
          post={post}
          request={request}
          timeZone={timeZone}
          readOnly={readOnly}
          busy={actions.busy}
          onAddReviewers={onAddReviewers}
          onWithdraw={() => void actions.withdrawReview()}
          onSendForApproval={() => void actions.sendForApproval()}
        />
      ) : null}
      {actions.errors.map((message) => (
        <ActionError key={message} message={message} />
      ))}
    </div>
  )
}
