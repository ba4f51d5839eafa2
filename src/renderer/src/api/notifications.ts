import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi } from './client'
import { notificationKeys, userKeys } from './queryKeys'

/**
 * The bell's list (GET /notification/list): newest first, a page at a time, each after the previous
 * one's cursor; `items` are the pages loaded so far, fetchNextPage loads older ones.
 */
export function useNotifications(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => callApi(endpoints.listNotifications, { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.items),
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
