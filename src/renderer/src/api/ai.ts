import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints } from '@shared/api/contract'
import type { Entitlement } from '@shared/domain'
import type { aiUsageSchema } from '@shared/domain/entities'
import { useCallApi, type CallOptions } from './client'
import { entitlementKeys } from './queryKeys'

type AiIdeasRequest = NonNullable<CallOptions<typeof endpoints.generateIdeas>['body']>
type AiDraftRequest = NonNullable<CallOptions<typeof endpoints.generateDraft>['body']>
type AiUsage = z.infer<typeof aiUsageSchema>

/**
 * A generation answers the month's GENERATE_IDEAS_PER_MONTH usage; the cached entitlements take
 * it over so every counter shows it without another request.
 */
function recordUsage(queryClient: QueryClient, usage: AiUsage) {
  const cached = queryClient.getQueryData<Entitlement[]>(entitlementKeys.list())
  if (!cached?.some((e) => e.lookupKey === 'GENERATE_IDEAS_PER_MONTH')) {
    void queryClient.invalidateQueries({ queryKey: entitlementKeys.all })
    return
  }
  queryClient.setQueryData<Entitlement[]>(
    entitlementKeys.list(),
    cached.map((e) => (e.lookupKey === 'GENERATE_IDEAS_PER_MONTH' ? { ...e, currentUsage: usage.used, limit: usage.limit } : e))
  )
}

/** POST /ai/ideas (counts as one generation; over the plan's limit a 402 opens the plan dialog). */
export function useGenerateIdeas() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AiIdeasRequest) => callApi(endpoints.generateIdeas, { body }),
    onSuccess: ({ usage }) => recordUsage(queryClient, usage)
  })
}

/** POST /ai/draft: a post written from one idea (counts as one generation). */
export function useGenerateDraft() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AiDraftRequest) => callApi(endpoints.generateDraft, { body }),
    onSuccess: ({ usage }) => recordUsage(queryClient, usage)
  })
}
