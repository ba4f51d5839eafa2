import { MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import { paths } from '@renderer/app/paths'
import { RouterLink } from '@renderer/components/RouterLink'

/** The link that fixes a LinkedIn connection problem, as the banners of spec §2 word it. */
function settingsLinkFor(message: string): string | null {
  if (message === MESSAGES.linkedInNotConnected) return 'Profile Settings'
  if (message === MESSAGES.linkedInExpired) return 'Reconnect'
  return null
}

/** A refused action on the post (schedule, publish…): the server's words, with the way to Settings when the LinkedIn connection is the cause. */
export function ActionError({ message, 'data-testid': testId = 'post-action-error' }: { message: string; 'data-testid'?: string }) {
  const link = settingsLinkFor(message)
  return (
    <MessageBar intent="error" role="alert" data-testid={testId}>
      <MessageBarBody>{message}</MessageBarBody>
      {link ? (
        <MessageBarActions>
          <RouterLink to={paths.settings}>{link}</RouterLink>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  )
}

