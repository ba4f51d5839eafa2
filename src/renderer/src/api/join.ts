import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type joinAcceptBodySchema } from '@shared/api/contract'
import { useCallApi } from './client'
import { joinKeys, sessionKeys } from './queryKeys'

/** GET /join/info?token: the organization and email an invitation is for. */
export function useJoinInfo(token: string) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: joinKeys.info(token),
    queryFn: () => callApi(endpoints.getJoinInfo, { query: { token } }),
    enabled: token !== '',
    staleTime: Infinity
  })
}

/**
 * POST /join/accept: signs in to the organization; the cache starts afresh for the new session.
 * The invitation itself stays cached: the join screen still shows it until it navigates away, and
 * its token is spent (asking again would answer 410 join_link_used).
 */
export function useAcceptInvitation() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof joinAcceptBodySchema>) => callApi(endpoints.acceptInvitation, { body }),
    onSuccess: (session) => {
      const kept = new Set<unknown>([sessionKeys.all[0], joinKeys.all[0]])
      queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) })
      queryClient.setQueryData(sessionKeys.current(), session)
    }
  })
}
