import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf } from '@shared/api/contract'
import { useCallApi } from './client'
import { organizationKeys } from './queryKeys'

const apiKeysKey = () => [...organizationKeys.all, 'api-keys'] as const

/** GET /organization/api-keys (admins, the API plan feature); only asked when `enabled` (the plan has it). */
export function useApiKeys(enabled: boolean) {
  const callApi = useCallApi()
  return useQuery({ queryKey: apiKeysKey(), queryFn: () => callApi(endpoints.listApiKeys), enabled })
}

/** POST /organization/api-keys/create: the answer carries the secret this once. */
export function useCreateApiKey() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyOf<typeof endpoints.createApiKey>; idempotencyKey: string }) =>
      callApi(endpoints.createApiKey, { body, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey() })
  })
}

/** POST /organization/api-keys/revoke */
export function useRevokeApiKey() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints.revokeApiKey, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey() })
  })
}
