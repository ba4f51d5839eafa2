import { useEffect, useState } from 'react'
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { RECOMMENDED_MESSAGES } from '@shared/domain/recommended'
import { paths } from '@shared/routes'
import { useRecommended, useStartReshare } from '@renderer/api/recommended'
import { describeFailure } from '@renderer/lib/formErrors'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { RouterLink } from '@renderer/components/RouterLink'

interface ReshareStartProps {
  recommendationId: string
  /** The suggested comment chosen on the card (its position). */
  comment: number
  /** The reshare exists (made now, or earlier): the editor opens it. */
  onStarted: (postId: string) => void
}

/**
 * The editor's first step of a reshare (issue 15): makes the session user's reshare post of the
 * recommendation with the chosen comment, once, then hands it to the editor. A reshare made
 * earlier is opened instead of a second one (the server refuses a second with 409 too).
 */
export function ReshareStart({ recommendationId, comment, onStarted }: ReshareStartProps) {
  const list = useRecommended()
  const start = useStartReshare()
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const recommendation = list.data ? [...list.data.forMe, ...list.data.created].find((r) => r.id === recommendationId) : undefined
  const known = list.data !== undefined
  const existing = recommendation?.myReshare?.postId ?? null
  const text = recommendation?.suggestedComments[comment] ?? recommendation?.suggestedComments[0] ?? ''

  useEffect(() => {
    if (!known) return
    if (existing) {
      onStarted(existing)
      return
    }
    let current = true
    // Not in the list (ended, dismissed, not for this user): the server says why.
    start(recommendationId, text).then(
      ({ postId }) => {
        if (current) onStarted(postId)
      },
      (error: unknown) => {
        if (!current) return
        const described = describeFailure(error)
        setFailure(described.message ?? Object.values(described.fields)[0] ?? RECOMMENDED_MESSAGES.notFound)
      }
    )
    return () => {
      current = false
    }
  }, [known, existing, recommendationId, text, start, onStarted, attempt])

  if (list.isError && !list.data) return <ErrorState onRetry={() => void list.refetch()} />
  if (failure) {
    return (
      <MessageBar intent="error" layout="multiline" data-testid="reshare-failed">
        <MessageBarBody>{failure}</MessageBarBody>
        <MessageBarActions>
          <Button
            size="small"
            onClick={() => {
              setFailure(null)
              setAttempt((a) => a + 1)
            }}
          >
            Try again
          </Button>
          <RouterLink to={paths.recommended}>Back to Recommended posts</RouterLink>
        </MessageBarActions>
      </MessageBar>
    )
  }
  return <LoadingState />
}
