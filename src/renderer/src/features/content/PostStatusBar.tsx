import { Button, Link, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { Post } from '@shared/domain'
import { paths } from '@shared/routes'
import { RouterLink } from '@renderer/components/RouterLink'
import { formatWhen } from './postTimes'

interface PostStatusBarProps {
  post: Post
  /** The publisher has it or is about to (PENDING_PUBLISH, or SCHEDULED with its time come). */
  publishing: boolean
  timeZone: string
  /** No usable LinkedIn connection: Edit time and Retry would be refused (the editor says why). */
  linkedInBlocked?: boolean
  /** An action on the post is running: its buttons wait. */
  busy: boolean
  onUnschedule: () => void
  onEditTime: () => void
  onRetry: () => void
  onViewOnLinkedIn: (url: string) => void
}

/**
 * Where the post stands, under the editor's toolbar: scheduled (with Unschedule and Edit time),
 * being published, published (with its LinkedIn link), or not published and why (with Retry, the
 * user's explicit decision: the publisher never retries by itself).
 */
export function PostStatusBar(props: PostStatusBarProps) {
  const { post, publishing, timeZone, busy, linkedInBlocked = false, onUnschedule, onEditTime, onRetry, onViewOnLinkedIn } = props
  // Before 'Scheduled for': Post now answers SCHEDULED at the server's now, a time never to show as ahead.
  if (publishing) {
    return (
      <MessageBar intent="info" icon={<Spinner size="extra-tiny" />} data-testid="post-publishing">
        <MessageBarBody>
          <MessageBarTitle>Publishing…</MessageBarTitle>
          {MESSAGES.postBeingPublished}
        </MessageBarBody>
      </MessageBar>
    )
  }
  if (post.status === 'SCHEDULED' && post.scheduledAt) {
    return (
      <MessageBar intent="info" data-testid="post-scheduled">
        <MessageBarBody>Scheduled for {formatWhen(post.scheduledAt, timeZone)}</MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={onEditTime} disabled={busy || linkedInBlocked}>
            Edit time
          </Button>
          <Button size="small" onClick={onUnschedule} disabled={busy}>
            Unschedule
          </Button>
        </MessageBarActions>
      </MessageBar>
    )
  }
  if (post.status === 'PUBLISHED') {
    const url = post.linkedInPostUrl
    return (
      <MessageBar intent="success" data-testid="post-published">
        <MessageBarBody>
          <MessageBarTitle>Published on LinkedIn</MessageBarTitle>
          {post.publishedAt ? formatWhen(post.publishedAt, timeZone) : null}
        </MessageBarBody>
        {url ? (
          <MessageBarActions>
            <Link
              href={url}
              onClick={(event) => {
                event.preventDefault()
                onViewOnLinkedIn(url)
              }}
            >
              View on LinkedIn
            </Link>
          </MessageBarActions>
        ) : null}
      </MessageBar>
    )
  }
  if (post.failureReason) {
    const reconnect = post.failureReason === MESSAGES.linkedInExpired || post.failureReason === MESSAGES.linkedInNotConnected
    return (
      <MessageBar intent="error" layout="multiline" data-testid="post-failed">
        <MessageBarBody>
          <MessageBarTitle>Not published</MessageBarTitle>
          {post.failureReason}
        </MessageBarBody>
        <MessageBarActions>
          {reconnect ? <RouterLink to={paths.settings}>Settings</RouterLink> : null}
          <Button size="small" onClick={onRetry} disabled={busy || linkedInBlocked}>
            Retry
          </Button>
        </MessageBarActions>
      </MessageBar>
    )
  }
  return null
}
