import { useQuery } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi } from './client'
import { entitlementKeys } from './queryKeys'

/** GET /billing/verify/entitled: lookupKey, limit and currentUsage per entitlement (spec §7). */
export function useEntitlements(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: entitlementKeys.list(),
    queryFn: () => callApi(endpoints.getEntitlements),
    staleTime: STALE_TIMES.entitlements,
    enabled: options.enabled
  })
}
