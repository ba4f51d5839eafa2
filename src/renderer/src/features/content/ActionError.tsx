import { MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import { paths } from '@shared/routes'
import { RouterLink } from '@renderer/components/RouterLink'
import type { FieldErrors } from '@renderer/lib/formErrors'

/** A refused call: the server's field messages and its message when no field is named. */
export type Failure = { fields: FieldErrors; message: string | null }

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

/**
 * What a refusal says, each message once: scheduling and publishing answer every reason at once,
 * one per field (LinkedIn limits, the page, the LinkedIn connection…).
 */
export function refusalMessages(failure: Failure, shownBeside: readonly string[] = []): string[] {
  const fieldMessages = Object.entries(failure.fields)
    .filter(([field]) => !shownBeside.includes(field))
    .map(([, message]) => message)
  const all = Object.keys(failure.fields).length > 0 ? fieldMessages : [failure.message]
  return [...new Set(all.filter((m): m is string => Boolean(m)))]
}
