import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { STALE_TIMES, USER_REFETCH_INTERVAL_MS } from '@shared/constants'
import type { User } from '@shared/domain'
import { useCallApi } from './client'
import { sessionKeys, userKeys } from './queryKeys'

/** The signed-in user, refetched every 30 s so unread counts stay fresh (spec §7, §9). */
export function useUser(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: userKeys.current(),
    queryFn: () => callApi(endpoints.getUser),
    staleTime: STALE_TIMES.user,
    refetchInterval: USER_REFETCH_INTERVAL_MS,
    enabled: options.enabled
  })
}

function useUserUpdated() {
  const queryClient = useQueryClient()
  return async (user: User) => {
    queryClient.setQueryData(userKeys.current(), user)
    await queryClient.invalidateQueries({ queryKey: userKeys.all })
  }
}

export function useUpdateUserDetails() {
  const callApi = useCallApi()
  const onSuccess = useUserUpdated()
  return useMutation({
    mutationFn: (body: { fullName?: string; timezone?: string; image?: string | null }) =>
      callApi(endpoints.updateUserDetails, { body }),
    onSuccess
  })
}

export function useUpdateUserEmail() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  const onUserUpdated = useUserUpdated()
  return useMutation({
    mutationFn: (email: string) => callApi(endpoints.updateUserEmail, { body: { email } }),
    onSuccess: async (user) => {
      await onUserUpdated(user)
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all })
    }
  })
}
