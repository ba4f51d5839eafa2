import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { isApiError } from '@renderer/api/client'
import { reviewKeys } from '@renderer/api/queryKeys'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify, type ToastTitleText } from '@renderer/lib/toasts'

/**
 * How a review action's failure is shown: a toast with the server's words (a field's message when
 * it names one, e.g. a quote no longer in the post). A 409 means the post or the review changed
 * meanwhile, so the thread is read again and the screen shows what is true now. (A 402 has already
 * opened the plan dialog through the client.)
 */
export function useReviewFailure(postId: string) {
  const notify = useNotify()
  const queryClient = useQueryClient()
  return useCallback(
    (title: ToastTitleText, error: unknown) => {
      const field = isApiError(error) && error.isClientError ? Object.values(error.fields)[0] : undefined
      notify(field ? { title, body: field, intent: 'error' } : failureToast(title, error))
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: reviewKeys.thread(postId) })
    },
    [notify, queryClient, postId]
  )
}
