import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf, type QueryOf } from '@shared/api/contract'
import type { ReviewThread } from '@shared/domain'
import { useCallApi } from './client'
import { postKeys, reviewKeys, scheduleKeys } from './queryKeys'

/*
 * Collaborate (issue 13): feedback requests, comments and suggestions, approvals and versions.
 * Every review change answers the post's whole thread: it goes into the cache as it is, the post
 * inside it too, and the inboxes are refetched (their counts and stages follow).
 */

const REVIEW_STALE_TIME = 30_000

export type ReviewInboxQuery = QueryOf<typeof endpoints.reviewInbox>

/** Stores a thread the server answered, and the post inside it. */
function storeThread(queryClient: QueryClient, thread: ReviewThread) {
  queryClient.setQueryData(reviewKeys.thread(thread.post.id), thread)
  queryClient.setQueryData(postKeys.detail(thread.post.id), thread.post)
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.inboxes() }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.versions(thread.post.id) }),
    queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all })
  ])
}

/** GET /review/inbox: one tab's list with every tab's count. */
export function useReviewInbox(query: ReviewInboxQuery, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: reviewKeys.inbox(query),
    queryFn: () => callApi(endpoints.reviewInbox, { query }),
    staleTime: REVIEW_STALE_TIME,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true
  })
}

/** GET /review/thread: the post, its request, feedback, the viewer's rights and who can be mentioned. */
export function useReviewThread(postId: string | null, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: reviewKeys.thread(postId ?? ''),
    queryFn: () => callApi(endpoints.reviewThread, { query: { postId: postId ?? '' } }),
    staleTime: REVIEW_STALE_TIME,
    enabled: postId !== null && (options.enabled ?? true)
  })
}

/** GET /review/candidates: the member picker in feedback mode (the author's team leaders first). */
export function useReviewCandidates(postId: string | null, search: string, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: reviewKeys.candidates(postId ?? '', search),
    queryFn: () => callApi(endpoints.reviewCandidates, { query: { postId: postId ?? '', ...(search ? { search } : {}) } }),
    staleTime: REVIEW_STALE_TIME,
    placeholderData: keepPreviousData,
    enabled: postId !== null && (options.enabled ?? true)
  })
}

/** GET /posts/versions: every kept revision, newest first. */
export function usePostVersions(postId: string | null, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: reviewKeys.versions(postId ?? ''),
    queryFn: () => callApi(endpoints.listPostVersions, { query: { postId: postId ?? '' } }),
    staleTime: REVIEW_STALE_TIME,
    enabled: postId !== null && (options.enabled ?? true)
  })
}

type WithKey<B> = B & { idempotencyKey?: string }

function useThreadMutation<B>(send: (callApi: ReturnType<typeof useCallApi>, body: B) => Promise<ReviewThread>) {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: B) => send(callApi, body),
    onSuccess: (thread) => storeThread(queryClient, thread)
  })
}

/** POST /review/request: asks for feedback, or adds reviewers to the open request. One Idempotency-Key per submission. */
export const useRequestReview = () =>
  useThreadMutation<WithKey<BodyOf<typeof endpoints.requestReview>>>((callApi, { idempotencyKey, ...body }) =>
    callApi(endpoints.requestReview, { body, ...(idempotencyKey ? { idempotencyKey } : {}) })
  )

export const useWithdrawReview = () => useThreadMutation<{ postId: string }>((callApi, body) => callApi(endpoints.withdrawReview, { body }))

/** POST /review/feedback: a comment, a reply or a suggestion. One Idempotency-Key per submission. */
export const useCreateFeedback = () =>
  useThreadMutation<WithKey<BodyOf<typeof endpoints.createFeedback>>>((callApi, { idempotencyKey, ...body }) =>
    callApi(endpoints.createFeedback, { body, ...(idempotencyKey ? { idempotencyKey } : {}) })
  )

export const useResolveFeedback = () =>
  useThreadMutation<{ feedbackId: string; resolved: boolean }>((callApi, body) => callApi(endpoints.resolveFeedback, { body }))

export const useAcceptSuggestion = () =>
  useThreadMutation<{ feedbackId: string; version: number }>((callApi, body) => callApi(endpoints.acceptSuggestion, { body }))

export const useDismissSuggestion = () => useThreadMutation<{ feedbackId: string }>((callApi, body) => callApi(endpoints.dismissSuggestion, { body }))

export const useSubmitForApproval = () =>
  useThreadMutation<{ postId: string; version: number }>((callApi, body) => callApi(endpoints.submitForApproval, { body }))

export const useApprovePost = () => useThreadMutation<{ postId: string; version: number }>((callApi, body) => callApi(endpoints.approvePost, { body }))

export const useRejectPost = () => useThreadMutation<{ postId: string; reason: string }>((callApi, body) => callApi(endpoints.rejectPost, { body }))
