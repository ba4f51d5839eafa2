import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf, type CreateSlotBody, type SlotScope } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi, type IdempotencyPart } from './client'
import { notificationKeys, scheduleKeys, slotTagKeys, userKeys } from './queryKeys'
import type { TagRange } from './queryParams'

export type { TagRange }

type UpdateSlotBody = BodyOf<typeof endpoints.updateAssignedSlot>
type UpdateSlotTagsBody = BodyOf<typeof endpoints.updateSlotTags>


/**
 * After a slot changes: the Plan, the assignee's notifications (a new slot notifies them) and the
 * user (who carries the unread counts).
 */
function useSlotsChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all })
    ])
}

/** POST /schedule/assigned-slots/create: one slot per member and occurrence (idempotent with the dialog submission's key). */
export function useCreateSlots() {
  const callApi = useCallApi()
  const onSuccess = useSlotsChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CreateSlotBody & IdempotencyPart) => callApi(endpoints.createAssignedSlots, { body, idempotencyKey }),
    onSuccess
  })
}

/** PUT /schedule/assigned-slots/update: one slot, or it and the later ones of its series. */
export function useUpdateSlot() {
  const callApi = useCallApi()
  const onSuccess = useSlotsChanged()
  return useMutation({ mutationFn: (body: UpdateSlotBody) => callApi(endpoints.updateAssignedSlot, { body }), onSuccess })
}

/** DELETE /schedule/assigned-slots/delete?slotId&scope */
export function useDeleteSlot() {
  const callApi = useCallApi()
  const onSuccess = useSlotsChanged()
  return useMutation({
    mutationFn: (query: { slotId: string; scope: SlotScope }) => callApi(endpoints.deleteAssignedSlot, { query }),
    onSuccess
  })
}

/** PUT /schedule/assign-slots/updateTags: a slot's topic tag and business post tag. */
export function useUpdateSlotTags() {
  const callApi = useCallApi()
  const onSuccess = useSlotsChanged()
  return useMutation({ mutationFn: (body: UpdateSlotTagsBody) => callApi(endpoints.updateSlotTags, { body }), onSuccess })
}

/**
 * POST /postTag/get-user-tags: each chosen member's topic tags (none asked for while no member is
 * chosen). The previous answer stands in while another choice loads, so a chosen tag keeps its label.
 */
export function useUserTags(userIds: readonly string[], range: TagRange, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: slotTagKeys.users(userIds, range),
    queryFn: () => callApi(endpoints.getUserTags, { body: { userIds: [...userIds], ...range } }),
    staleTime: STALE_TIMES.postTags,
    placeholderData: keepPreviousData,
    enabled: userIds.length > 0 && options.enabled !== false
  })
}

/** POST /businessPostTag/by-business-page: each chosen page's business post tags (the previous answer stands in meanwhile). */
export function useBusinessTagsByPages(pageIds: readonly string[], range: TagRange, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: slotTagKeys.pages(pageIds, range),
    queryFn: () => callApi(endpoints.businessPostTagsByPage, { body: { businessPageIds: [...pageIds], ...range } }),
    staleTime: STALE_TIMES.businessTags,
    placeholderData: keepPreviousData,
    enabled: pageIds.length > 0 && options.enabled !== false
  })
}
