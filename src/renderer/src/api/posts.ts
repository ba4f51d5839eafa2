import { useCallback } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import type { AssignedSlot, Post } from '@shared/domain'
import { useCallApi } from './client'
import { fetchSlotForLink } from './schedule'
import { postKeys, postSlotKeys, scheduleKeys } from './queryKeys'

type UpdatePostBody = BodyOf<typeof endpoints.updatePost>
type SchedulePostBody = BodyOf<typeof endpoints.schedulePost>

/**
 * A post changes often while it is written (autosave every second) and the editor writes each
 * answer into the cache itself, so a short stale time only matters for other windows' edits.
 */
const POST_STALE_TIME = 30_000

/**
 * GET /posts/get. `refetchInterval` lets a screen watch a post the publisher is working on (its
 * status changes on the server, not through this window).
 */
export function usePost(postId: string | null, options: { refetchInterval?: (post: Post | undefined) => number | false } = {}) {
  const callApi = useCallApi()
  const { refetchInterval } = options
  return useQuery({
    queryKey: postKeys.detail(postId ?? ''),
    queryFn: () => callApi(endpoints.getPost, { query: { postId: postId ?? '' } }),
    staleTime: POST_STALE_TIME,
    enabled: postId !== null,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : undefined
  })
}

/** The server's latest version of a post, whatever the cache holds (an editor choosing after a 409). */
export function useFetchLatestPost() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useCallback(
    (postId: string) =>
      queryClient.fetchQuery({ queryKey: postKeys.detail(postId), queryFn: () => callApi(endpoints.getPost, { query: { postId } }), staleTime: 0 }),
    [callApi, queryClient]
  )
}

/** Puts a post the server answered into the cache; lists are refetched, and the Plan too when the post is (or was) on it. */
function storePost(queryClient: QueryClient, post: Post, options: { plan?: boolean } = {}) {
  const before = queryClient.getQueryData<Post>(postKeys.detail(post.id))
  queryClient.setQueryData(postKeys.detail(post.id), post)
  const onPlan = options.plan ?? (post.status !== 'DRAFT' || (before !== undefined && before.status !== 'DRAFT'))
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
    onPlan ? queryClient.invalidateQueries({ queryKey: scheduleKeys.all }) : undefined
  ])
}

/** What autosave sends: the post's content (create) or its changes with the version they were made on (update). */
type PostContentBody = Omit<UpdatePostBody, 'postId' | 'version'>

/**
 * The editor's save: POST /posts/create without a target (a new DRAFT), else PUT /posts/update
 * with the version the change was made on (409 when it changed elsewhere). The answer goes into
 * the cache.
 */
export function useSavePost() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useCallback(
    async (target: { postId: string; version: number } | null, content: PostContentBody): Promise<Post> => {
      const post = target
        ? await callApi(endpoints.updatePost, { body: { ...content, ...target } })
        : await callApi(endpoints.createPost, { body: content })
      void storePost(queryClient, post, target ? {} : { plan: false })
      return post
    },
    [callApi, queryClient]
  )
}

/** POST /posts/schedule: at a time, or into an assigned slot (its time). */
export function useSchedulePost() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SchedulePostBody) => callApi(endpoints.schedulePost, { body }),
    onSuccess: (post) => storePost(queryClient, post, { plan: true })
  })
}

/** POST /posts/publish-now. */
export function usePublishPostNow() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { postId: string; version: number }) => callApi(endpoints.publishPostNow, { body }),
    onSuccess: (post) => storePost(queryClient, post, { plan: true })
  })
}

/** POST /posts/unschedule: back to DRAFT. */
export function useUnschedulePost() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (postId: string) => callApi(endpoints.unschedulePost, { body: { postId } }),
    onSuccess: (post) => storePost(queryClient, post, { plan: true })
  })
}

/** POST /posts/retry: the user's explicit retry after a failure (now, or at scheduledAt). */
export function useRetryPost() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { postId: string; scheduledAt?: string }) => callApi(endpoints.retryPost, { body }),
    onSuccess: (post) => storePost(queryClient, post, { plan: true })
  })
}

/** DELETE /posts/delete. */
export function useDeletePost() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (postId: string) => callApi(endpoints.deletePost, { query: { postId } }),
    onSuccess: (_answer, postId) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(postId), exact: true })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all })
      ])
    }
  })
}

/** GET /schedule/assigned-slots with the server's default range: the session user's slots from now to 90 days ahead. */
export function useUpcomingSlots(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: postSlotKeys.upcoming(),
    queryFn: () => callApi(endpoints.listAssignedSlots, { query: {} }),
    staleTime: STALE_TIMES.assignedSlots,
    enabled: options.enabled
  })
}

/**
 * One of the session user's slots (the one a post is written for): among the upcoming ones, else
 * the ±100 days the Plan's links look in. Null when it is in neither (deleted, or someone else's).
 */
export function useAssignedSlot(slotId: string | null) {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: postSlotKeys.one(slotId ?? ''),
    queryFn: async (): Promise<AssignedSlot | null> => {
      const upcoming = await queryClient.fetchQuery({
        queryKey: postSlotKeys.upcoming(),
        queryFn: () => callApi(endpoints.listAssignedSlots, { query: {} }),
        staleTime: STALE_TIMES.assignedSlots
      })
      return upcoming.find((s) => s.id === slotId) ?? (await fetchSlotForLink(queryClient, callApi, slotId ?? '', new Date()))
    },
    staleTime: STALE_TIMES.assignedSlots,
    enabled: slotId !== null
  })
}
