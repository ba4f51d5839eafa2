import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { GENERIC_ERROR_MESSAGE } from '@renderer/api/client'

/** A failed load with a retry action. */
export function ErrorState({ message = GENERIC_ERROR_MESSAGE, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
      {onRetry ? (
        <MessageBarActions>
          <Button onClick={onRetry}>Try again</Button>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  )
}
