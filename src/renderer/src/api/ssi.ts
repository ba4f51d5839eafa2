import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import type { RecordSsiBody } from '@shared/domain/ssi'
import { useCallApi, type IdempotencyPart } from './client'
import { ssiKeys, userKeys } from './queryKeys'

/*
 * The Social Selling Index (issue 15). The badge reads the latest score from GET /user; recording
 * one refreshes the user, the history and the team trends.
 */

const SSI_STALE_TIME = 5 * 60_000

/** GET /user/ssi/history: the user's records, oldest first. */
export function useSsiHistory() {
  const callApi = useCallApi()
  return useQuery({
    queryKey: ssiKeys.history(),
    queryFn: () => callApi(endpoints.ssiHistory),
    staleTime: SSI_STALE_TIME
  })
}

/** GET /team/ssi: each visible team's monthly average (team leaders and admins; others get a 403). */
export function useTeamSsiTrend(months: number, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: ssiKeys.teamTrend(months),
    queryFn: () => callApi(endpoints.teamSsiTrend, { query: { months } }),
    staleTime: SSI_STALE_TIME,
    enabled: options.enabled
  })
}

interface RecordSsi extends IdempotencyPart {
  body: RecordSsiBody
}

/** PUT /user/ssi: one record, carrying the dialog submission's Idempotency-Key. */
export function useRecordSsi() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: RecordSsi) => callApi(endpoints.recordSsi, { body, idempotencyKey }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: ssiKeys.all })])
    }
  })
}
