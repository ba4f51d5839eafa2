import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type createPostTagBodySchema, type updatePostTagBodySchema } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi, type IdempotencyPart } from './client'
import { entitlementKeys, memberKeys, postTagKeys } from './queryKeys'
import type { PostTagFilter } from './queryParams'

export type { PostTagFilter }

/** POST /postTag {teamId, memberIds}: the organization's topic tags, or a team's or some users'. */
export function usePostTags(filter: PostTagFilter = {}, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: postTagKeys.list(filter),
    queryFn: () => callApi(endpoints.listPostTags, { query: {}, body: filter }),
    staleTime: STALE_TIMES.postTags,
    enabled: options.enabled
  })
}

/** Tags change what members carry and the TOPIC_TAGS usage. */
function usePostTagsChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: postTagKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: entitlementKeys.all })
    ])
}

export function useCreatePostTag() {
  const callApi = useCallApi()
  const onSuccess = usePostTagsChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: z.input<typeof createPostTagBodySchema> & IdempotencyPart) =>
      callApi(endpoints.createPostTag, { body, idempotencyKey }),
    onSuccess
  })
}

export function useUpdatePostTag() {
  const callApi = useCallApi()
  const onSuccess = usePostTagsChanged()
  return useMutation({ mutationFn: (body: z.input<typeof updatePostTagBodySchema>) => callApi(endpoints.updatePostTag, { body }), onSuccess })
}

export function useDeletePostTag() {
  const callApi = useCallApi()
  const onSuccess = usePostTagsChanged()
  return useMutation({ mutationFn: (tagId: string) => callApi(endpoints.deletePostTag, { query: { tagId } }), onSuccess })
}
