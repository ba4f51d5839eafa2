import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi } from './client'
import { notificationKeys, userKeys } from './queryKeys'

export function useNotifications(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => callApi(endpoints.listNotifications),
    staleTime: STALE_TIMES.notifications,
    enabled: options.enabled
  })
}

/** Marks one notification read, or all of them when no id is given (spec §7). */
export function useMarkNotificationRead() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id?: string) => callApi(endpoints.markNotificationRead, { body: id === undefined ? {} : { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        // The unread counts live on GET /user.
        queryClient.invalidateQueries({ queryKey: userKeys.all })
      ])
  })
}
