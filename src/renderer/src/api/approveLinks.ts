import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { useCallApi } from './client'
import { reviewKeys } from './queryKeys'

/*
 * Approve links (issue 28): the page at /approve/:token reads what its link does, then uses it once.
 * A link is single-use: its answer is never refetched behind the person's back, and failures are not
 * retried (a 410 stays a 410).
 */

const approveLinkKey = (token: string) => ['approve-link', token] as const

/** GET /approve-links/info. */
export function useApproveLinkInfo(token: string) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: approveLinkKey(token),
    queryFn: () => callApi(endpoints.approveLinkInfo, { query: { token } }),
    staleTime: Infinity,
    retry: false
  })
}

/** POST /approve-links/use, with one Idempotency-Key per press of the button (a double click decides once). */
export function useUseApproveLink(token: string) {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reason, idempotencyKey }: { reason?: string; idempotencyKey: string }) =>
      callApi(endpoints.useApproveLink, { body: { token, ...(reason === undefined ? {} : { reason }) }, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all })
  })
}
