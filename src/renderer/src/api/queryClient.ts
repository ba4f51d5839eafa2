import { QueryCache, QueryClient } from '@tanstack/react-query'
import { QUERY_RETRIES } from '@shared/constants'
import { isApiError } from './client'
import { sessionKeys } from './queryKeys'

/** Retries server and network failures up to 3 times (spec §8); a 4xx will not change on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false
  return failureCount < QUERY_RETRIES
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A 401 anywhere means the session ended: re-check it so the auth gate sends the user to sign in.
        if (isApiError(error, 401) && query.queryKey[0] !== sessionKeys.all[0]) {
          void queryClient.invalidateQueries({ queryKey: sessionKeys.all })
        }
      }
    }),
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false }
    }
  })
  return queryClient
}
