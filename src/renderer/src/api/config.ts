import { useQuery } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { useCallApi } from './client'
import { configKeys } from './queryKeys'

/** Server configuration (help center address, support chat); it only changes with a restart. */
export function useConfig() {
  const callApi = useCallApi()
  return useQuery({ queryKey: configKeys.all, queryFn: () => callApi(endpoints.getConfig), staleTime: Infinity })
}
