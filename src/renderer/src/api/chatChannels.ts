import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints, type createChatChannelBodySchema, type updateChatChannelBodySchema } from '@shared/api/contract'
import { useCallApi, type IdempotencyPart } from './client'
import { organizationKeys } from './queryKeys'

/* Slack and Microsoft Teams channels (issue 28): Settings → Organization → Chat channels. */

const chatChannelKeys = {
  all: [...organizationKeys.all, 'chat-channels'] as const,
  list: () => [...chatChannelKeys.all, 'list'] as const
}

/** GET /organization/chat-channels (admins, API plan feature). */
export function useChatChannels(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: chatChannelKeys.list(),
    queryFn: async () => (await callApi(endpoints.listChatChannels)).channels,
    enabled: options.enabled
  })
}

function useChatChannelsChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: chatChannelKeys.all })
}

export function useCreateChatChannel() {
  const callApi = useCallApi()
  const onSuccess = useChatChannelsChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: z.input<typeof createChatChannelBodySchema> & IdempotencyPart) =>
      callApi(endpoints.createChatChannel, { body, idempotencyKey }),
    onSuccess
  })
}

/** Name, events, weekly messages, time zone or on/off. */
export function useUpdateChatChannel() {
  const callApi = useCallApi()
  const onSuccess = useChatChannelsChanged()
  return useMutation({ mutationFn: (body: z.input<typeof updateChatChannelBodySchema>) => callApi(endpoints.updateChatChannel, { body }), onSuccess })
}

export function useTestChatChannel() {
  const callApi = useCallApi()
  return useMutation({
    mutationFn: ({ idempotencyKey, channelId }: { channelId: string } & IdempotencyPart) => callApi(endpoints.testChatChannel, { body: { channelId }, idempotencyKey })
  })
}

export function useDeleteChatChannel() {
  const callApi = useCallApi()
  const onSuccess = useChatChannelsChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, channelId }: { channelId: string } & IdempotencyPart) => callApi(endpoints.deleteChatChannel, { body: { channelId }, idempotencyKey }),
    onSuccess
  })
}
