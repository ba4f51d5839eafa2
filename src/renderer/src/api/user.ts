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

/** Needs the current password (issue 12); the server signs the user's other sessions out. */
export function useUpdateUserEmail() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  const onUserUpdated = useUserUpdated()
  return useMutation({
    mutationFn: (body: { email: string; currentPassword: string }) => callApi(endpoints.updateUserEmail, { body }),
    onSuccess: async (user) => {
      await onUserUpdated(user)
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all })
    }
  })
}

/** Changes the password (the current one is checked); the user's other sessions end, this one stays. */
export function useUpdatePassword() {
  const callApi = useCallApi()
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => callApi(endpoints.updatePassword, { body })
  })
}

/** Ends every session of the user, this one included; the caller then reloads at /login, like Log out. */
export function useLogoutEverywhere() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: () => callApi(endpoints.logoutEverywhere) })
}
