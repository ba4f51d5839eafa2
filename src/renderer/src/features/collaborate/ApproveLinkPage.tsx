import { useRef, useState } from 'react'
import { useParams } from 'react-router-dom'
import { Button, Field, MessageBar, MessageBarBody, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { REJECTION_REASON_MAX } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import { linkTo } from '@shared/routes'
import { useApproveLinkInfo, useUseApproveLink } from '@renderer/api/approveLinks'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { useUser } from '@renderer/api/user'
import { CenteredCard } from '@renderer/components/CenteredCard'
import { LoadingState } from '@renderer/components/LoadingState'
import { RouterLink } from '@renderer/components/RouterLink'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { formatDate } from '@renderer/lib/formatDate'
import { userTimeZone } from '@renderer/lib/timeZone'

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  preview: {
    whiteSpace: 'pre-wrap',
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' }
})

/** The server's own words for a link it refuses (a 4xx), the generic text otherwise. */
const problem = (error: unknown) => (isApiError(error) && error.isClientError ? error.message : GENERIC_ERROR_MESSAGE)

/**
 * /approve/:token (issue 28): an approve link from an approver's email or a Slack/Teams message.
 * Behind sign-in (which returns here); shows the post's preview and what the link does, and decides
 * only when the person confirms — a link opened by a mail scanner decides nothing.
 */
export default function ApproveLinkPage() {
  const styles = useStyles()
  const { token = '' } = useParams()
  const info = useApproveLinkInfo(token)
  const use = useUseApproveLink(token)
  const user = useUser()
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  // One key per confirmation: a double click sends the same key, and the server decides once.
  const key = useRef<string | null>(null)
  const timeZone = user.data ? userTimeZone(user.data) : undefined
  const when = (instant: string) => formatDate(instant, 'dateTime', { timeZone })

  if (info.isPending) return <LoadingState shape="card" label="Opening the approval link…" />
  const collaborate = <RouterLink to={linkTo('collaborate')}>Open Collaborate</RouterLink>
  if (info.isError) {
    return (
      <CenteredCard title="Approval link">
        <MessageBar intent="warning" role="alert" data-testid="approve-link-refused">
          <MessageBarBody>{problem(info.error)}</MessageBarBody>
        </MessageBar>
        {collaborate}
      </CenteredCard>
    )
  }
  const link = info.data
  const approving = link.action === 'approve'
  const openPost = <RouterLink to={linkTo('collaborate', { postId: link.post.id })}>Open the post in Pagecrew</RouterLink>
  if (use.isSuccess) {
    return (
      <CenteredCard title="Approval link">
        <MessageBar intent="success" data-testid="approve-link-done">
          <MessageBarBody>{use.data.outcome === 'approved' ? 'Approved. The author was told and can schedule it now.' : 'Changes requested. The author was told why.'}</MessageBarBody>
        </MessageBar>
        {openPost}
      </CenteredCard>
    )
  }

  const confirm = () => {
    if (use.isPending) return
    if (!approving && reason.trim() === '') {
      setReasonError(MESSAGES.rejectionReasonEmpty)
      return
    }
    setReasonError(null)
    key.current ??= newIdempotencyKey()
    use.mutate(
      { idempotencyKey: key.current, ...(approving ? {} : { reason: reason.trim() }) },
      {
        onError: (error) => {
          // A refusal is final for this press; a lost answer keeps the key so trying again is the same request.
          if (isApiError(error) && error.status !== 0) key.current = null
          if (isApiError(error) && error.fields?.reason) setReasonError(error.fields.reason)
        }
      }
    )
  }

  return (
    <CenteredCard title={approving ? 'Approve this post' : 'Request changes'} subtitle={link.organizationName} wide>
      <div className={styles.column}>
        <Text>
          By <strong>{link.post.authorName || 'a member'}</strong>
          {link.post.slotTime ? <> · to go out {when(link.post.slotTime)}</> : null}
        </Text>
        <div className={styles.preview} data-testid="approve-link-preview">
          {link.post.preview || <Text italic>This post has no text yet.</Text>}
        </div>
        {link.outdated ? (
          <MessageBar intent="warning" data-testid="approve-link-outdated">
            <MessageBarBody>{MESSAGES.approveLinkOutdated}</MessageBarBody>
          </MessageBar>
        ) : null}
        {!approving ? (
          <Field label="What should change?" required validationMessage={reasonError ?? undefined}>
            <Textarea
              value={reason}
              onChange={(_, data) => setReason(data.value)}
              maxLength={REJECTION_REASON_MAX}
              resize="vertical"
              data-testid="approve-link-reason"
            />
          </Field>
        ) : null}
        {use.isError && !reasonError ? (
          <MessageBar intent="error" role="alert" data-testid="approve-link-error">
            <MessageBarBody>{problem(use.error)}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.actions}>
          <Button
            appearance="primary"
            onClick={confirm}
            disabled={use.isPending || link.outdated}
            icon={use.isPending ? <Spinner size="tiny" /> : undefined}
            data-testid="approve-link-confirm"
          >
            {approving ? 'Approve' : 'Request changes'}
          </Button>
          {openPost}
        </div>
        <Text size={200}>This link works once and expires {when(link.expiresAt)}.</Text>
      </div>
    </CenteredCard>
  )
}
