import { useCallback } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import type { Post } from '@shared/domain'
import type { CreateRecommendationBody, RecommendedList } from '@shared/domain/recommended'
import { isApiError, useCallApi, type IdempotencyPart } from './client'
import { postKeys, scheduleKeys } from './queryKeys'

/*
 * Recommended posts (issue 15). Only this module's hooks change recommendations, so their keys
 * live here: a recommendation made, dismissed or reshared invalidates the root.
 */

const recommendedKeys = {
  all: ['recommended'] as const,
  list: () => [...recommendedKeys.all, 'list'] as const,
  posts: (search: string) => [...recommendedKeys.all, 'posts', { search }] as const
}

/**
 * Reshares are published by the publisher on the server (their status changes without this window)
 * and new recommendations arrive from colleagues: the list is kept briefly and read again on the
 * next visit.
 */
const RECOMMENDED_STALE_TIME = 30_000
/** The published posts a recommender picks from change when a post is published. */
const RECOMMENDABLE_STALE_TIME = 60_000

/** GET /recommended: the recommendations for the session user, the ones they made, and whether they may recommend. */
export function useRecommended(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: recommendedKeys.list(),
    queryFn: () => callApi(endpoints.listRecommended),
    staleTime: RECOMMENDED_STALE_TIME,
    enabled: options.enabled
  })
}

/** GET /recommended/posts: the organization's published posts matching `search` (the dialog's picker). */
export function useRecommendablePosts(search: string, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  const trimmed = search.trim()
  return useQuery({
    queryKey: recommendedKeys.posts(trimmed),
    queryFn: () => callApi(endpoints.recommendablePosts, { query: trimmed ? { search: trimmed } : {} }),
    staleTime: RECOMMENDABLE_STALE_TIME,
    enabled: options.enabled,
    // The previous matches stay while the next search loads.
    placeholderData: keepPreviousData
  })
}

/** POST /recommended/create, with the dialog's submission key (a repeat is answered, not made twice). */
export function useCreateRecommendation() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CreateRecommendationBody & IdempotencyPart) =>
      callApi(endpoints.createRecommendation, { body, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recommendedKeys.all })
  })
}

/** POST /recommended/dismiss; the card leaves the cache at once, the list is read again after. */
export function useDismissRecommendation() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (recommendationId: string) => callApi(endpoints.dismissRecommendation, { body: { recommendationId } }),
    onSuccess: (_answer, recommendationId) => {
      queryClient.setQueryData<RecommendedList>(recommendedKeys.list(), (list) =>
        list ? { ...list, forMe: list.forMe.filter((r) => r.id !== recommendationId) } : list
      )
      return queryClient.invalidateQueries({ queryKey: recommendedKeys.all })
    }
  })
}

/** The reshare a start is waiting for, per query client: a second start of the same one joins it. */
const reshareStarts = new WeakMap<QueryClient, Map<string, Promise<Post>>>()

/** The recommendation's reshare already made by the session user, as the server knows it now. */
async function existingReshare(queryClient: QueryClient, callApi: ReturnType<typeof useCallApi>, recommendationId: string): Promise<string | null> {
  const list = await queryClient.fetchQuery({ queryKey: recommendedKeys.list(), queryFn: () => callApi(endpoints.listRecommended), staleTime: 0 })
  const recommendation = [...list.forMe, ...list.created].find((r) => r.id === recommendationId)
  return recommendation?.myReshare?.postId ?? null
}

/**
 * Starts the session user's reshare of a recommendation with the chosen comment: POST /posts/create
 * {recommendationId, text}. Answers the post to open in the editor. Made once: a second call while
 * the first runs (a re-render, StrictMode's second effect, a second click) joins the first, and the
 * server refuses a second reshare of the same recommendation (409), which opens the existing one.
 */
export function useStartReshare() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useCallback(
    (recommendationId: string, comment: string): Promise<{ postId: string }> => {
      let starts = reshareStarts.get(queryClient)
      if (!starts) {
        starts = new Map()
        reshareStarts.set(queryClient, starts)
      }
      let start = starts.get(recommendationId)
      if (!start) {
        start = callApi(endpoints.createPost, { body: { recommendationId, text: comment } })
        const pending = start
        starts.set(recommendationId, pending)
        const forget = () => {
          if (starts.get(recommendationId) === pending) starts.delete(recommendationId)
        }
        pending.then(forget, forget)
      }
      return start.then(
        (post) => {
          queryClient.setQueryData(postKeys.detail(post.id), post)
          void queryClient.invalidateQueries({ queryKey: recommendedKeys.all })
          void queryClient.invalidateQueries({ queryKey: postKeys.lists() })
          void queryClient.invalidateQueries({ queryKey: scheduleKeys.all })
          return { postId: post.id }
        },
        async (error: unknown) => {
          if (!isApiError(error, 409)) throw error
          const postId = await existingReshare(queryClient, callApi, recommendationId)
          if (postId === null) throw error
          return { postId }
        }
      )
    },
    [callApi, queryClient]
  )
}
