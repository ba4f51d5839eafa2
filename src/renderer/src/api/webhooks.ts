import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type createWebhookBodySchema, type updateWebhookBodySchema } from '@shared/api/contract'
import { useCallApi, type IdempotencyPart } from './client'
import { organizationKeys } from './queryKeys'

/* Signed webhooks (issue 28): Settings → Organization → Webhooks. */

const webhookKeys = {
  all: [...organizationKeys.all, 'webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const
}

/** GET /organization/webhooks (admins, API plan feature). */
export function useWebhooks(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({ queryKey: webhookKeys.list(), queryFn: () => callApi(endpoints.listWebhooks), enabled: options.enabled })
}

function useWebhooksChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all })
}

export function useCreateWebhook() {
  const callApi = useCallApi()
  const onSuccess = useWebhooksChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: z.input<typeof createWebhookBodySchema> & IdempotencyPart) =>
      callApi(endpoints.createWebhook, { body, idempotencyKey }),
    onSuccess
  })
}

export function useUpdateWebhook() {
  const callApi = useCallApi()
  const onSuccess = useWebhooksChanged()
  return useMutation({ mutationFn: (body: z.input<typeof updateWebhookBodySchema>) => callApi(endpoints.updateWebhook, { body }), onSuccess })
}

export function useDeleteWebhook() {
  const callApi = useCallApi()
  const onSuccess = useWebhooksChanged()
  return useMutation({ mutationFn: (id: string) => callApi(endpoints.deleteWebhook, { query: { id } }), onSuccess })
}

/** The signing secret, fetched only when the admin asks to see it. */
export function useRevealWebhookSecret() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: (id: string) => callApi(endpoints.getWebhookSecret, { query: { id } }) })
}

/** A new signing secret for the endpoint (the old one stops verifying from the next try on); answers the new secret. */
export function useRotateWebhookSecret() {
  const callApi = useCallApi()
  return useMutation({
    mutationFn: ({ idempotencyKey, id }: { id: string } & IdempotencyPart) => callApi(endpoints.rotateWebhookSecret, { body: { id }, idempotencyKey })
  })
}

/** The endpoint's delivery log (first page, newest first); refreshed every 5 s while shown. */
export function useWebhookDeliveries(id: string) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => callApi(endpoints.listWebhookDeliveries, { query: { id, limit: 20 } }),
    refetchInterval: 5_000
  })
}

export function useRedeliverWebhook() {
  const callApi = useCallApi()
  const onSuccess = useWebhooksChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: { id: string; deliveryId: string } & IdempotencyPart) => callApi(endpoints.redeliverWebhook, { body, idempotencyKey }),
    onSuccess
  })
}

export function useTestWebhook() {
  const callApi = useCallApi()
  const onSuccess = useWebhooksChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, id }: { id: string } & IdempotencyPart) => callApi(endpoints.testWebhook, { body: { id }, idempotencyKey }),
    onSuccess
  })
}
