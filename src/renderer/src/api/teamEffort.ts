import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { useCallApi, type IdempotencyPart } from './client'
import { dashboardKeys, teamEffortKeys } from './queryKeys'

/*
 * Results (issue 14): Team effort and the dashboard. Both are read-only summaries that other
 * screens' changes move (a post published, a slot done), so they are kept briefly and refetched on
 * the next visit rather than invalidated from every mutation that could touch them.
 */

const RESULTS_STALE_TIME = 30_000

/** GET /team/effort: every team's month against its targets, in the viewer's time zone (once both are known). */
export function useTeamEffort(month: string | null, timezone: string | null) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: teamEffortKeys.month(month ?? '', timezone ?? ''),
    queryFn: () => callApi(endpoints.teamEffort, { query: { month: month ?? '', timezone: timezone ?? '' } }),
    enabled: month !== null && timezone !== null,
    staleTime: RESULTS_STALE_TIME,
    // The previous month stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData
  })
}

interface Nudge extends IdempotencyPart {
  userId: string
  month: string
}

/** POST /team/nudge: one notification to a member who is behind; one key per click. */
export function useNudgeMember() {
  const callApi = useCallApi()
  return useMutation({
    mutationFn: ({ userId, month, idempotencyKey }: Nudge) => callApi(endpoints.nudgeMember, { body: { userId, month }, idempotencyKey })
  })
}

/** GET /dashboard: the one request behind every dashboard card. */
export function useDashboard(timezone: string | null) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: dashboardKeys.current(timezone ?? ''),
    queryFn: () => callApi(endpoints.getDashboard, { query: { timezone: timezone ?? '' } }),
    enabled: timezone !== null,
    staleTime: RESULTS_STALE_TIME
  })
}
