import { z } from 'zod'
import { singleLineText } from '../../domain/text'
import { WEBHOOK_EVENT_LABELS, webhookUrlSchema, type WebhookEvent } from '../../domain/webhooks'
import { endpoint, none, ok } from './base'

/*
 * Chat channels (issue 28; Settings → Organization → Chat channels): a Slack incoming webhook or a
 * Microsoft Teams workflow webhook hearing some of the organization's events. Each is a webhook
 * endpoint of kind slack/teams (docs/architecture.md, "Slack and Microsoft Teams"). Admins, the API
 * plan feature.
 */

/** The events a channel may hear, in the dialog's order: a webhook's but slot.assigned (a channel would drown in it). */
export const CHAT_CHANNEL_EVENTS = [
  'approval.requested',
  'post.published',
  'post.failed',
  'post.approved',
  'post.rejected',
  'slot.missed',
  'member.joined',
  'certificate.issued',
  'recommendation.created'
] as const satisfies readonly WebhookEvent[]
export type ChatChannelEvent = (typeof CHAT_CHANNEL_EVENTS)[number]
export const CHAT_CHANNEL_EVENT_LABELS: Record<ChatChannelEvent, string> = Object.fromEntries(CHAT_CHANNEL_EVENTS.map((e) => [e, WEBHOOK_EVENT_LABELS[e]])) as Record<
  ChatChannelEvent,
  string
>

export const CHAT_CHANNEL_MESSAGES = {
  nameMissing: 'Name the channel, e.g. #marketing-approvals.',
  nameTooLong: 'Use at most 80 characters.',
  eventsMissing: 'Choose at least one event.',
  notFound: 'That chat channel no longer exists.'
} as const

export const chatChannelKindSchema = z.enum(['slack', 'teams'])
export type ChatChannelKind = z.infer<typeof chatChannelKindSchema>

export const chatChannelSchema = z.object({
  id: z.string(),
  kind: chatChannelKindSchema,
  name: z.string(),
  /** The webhook's host and the end of its path: the whole address is a secret (whoever holds it can post to the channel). */
  urlHint: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  createdAt: z.string(),
  createdByName: z.string()
})
export type ChatChannel = z.infer<typeof chatChannelSchema>

export const createChatChannelBodySchema = z.object({
  kind: chatChannelKindSchema,
  name: singleLineText().trim().min(1, CHAT_CHANNEL_MESSAGES.nameMissing).max(80, CHAT_CHANNEL_MESSAGES.nameTooLong),
  url: webhookUrlSchema,
  events: z.array(z.enum(CHAT_CHANNEL_EVENTS)).min(1, CHAT_CHANNEL_MESSAGES.eventsMissing).max(CHAT_CHANNEL_EVENTS.length)
})

const channelId = z.object({ channelId: singleLineText().trim().min(1).max(100) })

export const chatChannelEndpoints = {
  listChatChannels: endpoint({
    role: 'admin',
    entitlement: 'API',
    method: 'GET',
    path: '/organization/chat-channels',
    query: none,
    body: none,
    response: z.object({ channels: z.array(chatChannelSchema) })
  }),
  /** https only (loopback only with the development setting), private addresses refused; audited as a webhook. */
  createChatChannel: endpoint({
    role: 'admin',
    entitlement: 'API',
    method: 'POST',
    path: '/organization/chat-channels/create',
    query: none,
    body: createChatChannelBodySchema,
    response: chatChannelSchema,
    idempotent: true
  }),
  /** Queues a test message to the channel (its delivery shows whether the channel answered). */
  testChatChannel: endpoint({
    role: 'admin',
    entitlement: 'API',
    method: 'POST',
    path: '/organization/chat-channels/test',
    query: none,
    body: channelId,
    response: ok,
    idempotent: true
  }),
  deleteChatChannel: endpoint({
    role: 'admin',
    entitlement: 'API',
    method: 'POST',
    path: '/organization/chat-channels/delete',
    query: none,
    body: channelId,
    response: ok,
    idempotent: true
  })
} as const
