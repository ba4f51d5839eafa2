import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type businessPageFieldsSchema, type updateBusinessPageBodySchema } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi, type IdempotencyPart } from './client'
import { businessPostTagKeys, entitlementKeys, memberKeys, organizationKeys, userKeys } from './queryKeys'

/**
 * Business pages live on the organization (organizationBusinessPages, spec §3): saving one
 * refetches it, the members who link to pages, the user's own links and the BUSINESS_PAGES usage.
 */
function useBusinessPagesChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: entitlementKeys.all })
    ])
}

export function useCreateBusinessPage() {
  const callApi = useCallApi()
  const onSuccess = useBusinessPagesChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: z.input<typeof businessPageFieldsSchema> & IdempotencyPart) =>
      callApi(endpoints.createBusinessPage, { body, idempotencyKey }),
    onSuccess
  })
}

export function useUpdateBusinessPage() {
  const callApi = useCallApi()
  const onSuccess = useBusinessPagesChanged()
  return useMutation({ mutationFn: (body: z.input<typeof updateBusinessPageBodySchema>) => callApi(endpoints.updateBusinessPage, { body }), onSuccess })
}

export function useDeleteBusinessPage() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  const onChanged = useBusinessPagesChanged()
  return useMutation({
    mutationFn: (businessPageId: string) => callApi(endpoints.deleteBusinessPage, { query: { businessPageId } }),
    onSuccess: async (_ok, businessPageId) => {
      queryClient.removeQueries({ queryKey: businessPostTagKeys.page(businessPageId) })
      await onChanged()
    }
  })
}

export function useSetDefaultBusinessPage() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (businessPageId: string | null) => callApi(endpoints.updateDefaultBusinessPage, { body: { businessPageId } }),
    onSuccess: (organization) => queryClient.setQueryData(organizationKeys.current(), organization)
  })
}

/** GET /businessPostTag?businessPageId: one page's business post tags. */
export function useBusinessPostTags(businessPageId: string | null) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: businessPostTagKeys.page(businessPageId ?? ''),
    queryFn: () => callApi(endpoints.listBusinessPostTags, { query: { businessPageId: businessPageId ?? '' } }),
    staleTime: STALE_TIMES.businessTags,
    enabled: businessPageId !== null
  })
}

function useBusinessPostTagsChanged(businessPageId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: businessPostTagKeys.page(businessPageId) })
}

export function useCreateBusinessPostTag(businessPageId: string) {
  const callApi = useCallApi()
  const onSuccess = useBusinessPostTagsChanged(businessPageId)
  return useMutation({
    mutationFn: ({ idempotencyKey, ...tag }: { title: string; color: string } & IdempotencyPart) =>
      callApi(endpoints.createBusinessPostTag, { body: { businessPageId, ...tag }, idempotencyKey }),
    onSuccess
  })
}

export function useDeleteBusinessPostTag(businessPageId: string) {
  const callApi = useCallApi()
  const onSuccess = useBusinessPostTagsChanged(businessPageId)
  return useMutation({ mutationFn: (id: string) => callApi(endpoints.deleteBusinessPostTag, { query: { id } }), onSuccess })
}
