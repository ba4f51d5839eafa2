import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type createAiTemplateBodySchema, type updateAiTemplateBodySchema } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import { useCallApi, type IdempotencyPart } from './client'
import { aiTemplateKeys, entitlementKeys, organizationKeys } from './queryKeys'

/** GET /ai-template: the organization default first, then by name. */
export function useAiTemplates(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({ queryKey: aiTemplateKeys.list(), queryFn: () => callApi(endpoints.listAiTemplates), staleTime: STALE_TIMES.aiTemplates, enabled: options.enabled })
}

/** Templates feed business pages' industries and count toward AI_TEMPLATES. */
function useAiTemplatesChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: aiTemplateKeys.all }),
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      queryClient.invalidateQueries({ queryKey: entitlementKeys.all })
    ])
}

export function useCreateAiTemplate() {
  const callApi = useCallApi()
  const onSuccess = useAiTemplatesChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: z.input<typeof createAiTemplateBodySchema> & IdempotencyPart) =>
      callApi(endpoints.createAiTemplate, { body, idempotencyKey }),
    onSuccess
  })
}

export function useUpdateAiTemplate() {
  const callApi = useCallApi()
  const onSuccess = useAiTemplatesChanged()
  return useMutation({ mutationFn: (body: z.input<typeof updateAiTemplateBodySchema>) => callApi(endpoints.updateAiTemplate, { body }), onSuccess })
}

export function useDeleteAiTemplate() {
  const callApi = useCallApi()
  const onSuccess = useAiTemplatesChanged()
  return useMutation({ mutationFn: (templateId: string) => callApi(endpoints.deleteAiTemplate, { query: { templateId } }), onSuccess })
}

/** PUT /organization/settings/ai/update: the answer is the templates, default first. */
export function useSetDefaultAiTemplate() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (defaultTemplateId: string) => callApi(endpoints.updateOrganizationAiSettings, { body: { defaultTemplateId } }),
    onSuccess: (templates) => queryClient.setQueryData(aiTemplateKeys.list(), templates)
  })
}
