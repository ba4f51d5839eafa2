import { z } from 'zod'
import { singleLineText } from '../../domain/text'
import { WEBHOOK_EVENT_LABELS, webhookUrlSchema, type WebhookEvent } from '../../domain/webhooks'
import { isValidTimeZone } from '../../rules/periods'
import { endpoint, none, ok } from './base'

/*
 * Chat channels (issue 28; Settings → Organization → Chat channels): a Slack incoming webhook or a
 * Microsoft Teams workflow webhook hearing some of the organization's events. Each is a webhook
 * endpoint of kind slack/teams (docs/architecture.md, "Slack and Microsoft Teams"). Admins, the API
 * plan feature. A channel may also get two weekly messages, each Monday from 09:00 in its time zone:
 * the nudge (this week's open slots per member, who has not written yet) and the digest of the posts
 * recommended to everyone for resharing.
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
  eventsMissing: 'Choose at least one event or a weekly message.',
  timeZoneInvalid: 'Choose a valid time zone.',
  notFound: 'That chat channel no longer exists.',
  disabledTitle: 'A chat channel was turned off',
  disabledMessage: (name: string, kind: 'slack' | 'teams') =>
    `${kind === 'slack' ? 'Slack' : 'Microsoft Teams'} refused every message to ${name} for a day, so Pagecrew stopped sending to it. Check the channel's webhook, then turn it back on.`
} as const

/** When the weekly messages go out: Mondays from this local hour, in the channel's time zone (until the day ends). */
export const CHAT_WEEKLY_HOUR = 9

/** The default events of a new channel: what a channel is mostly for. */
export const CHAT_CHANNEL_DEFAULT_EVENTS: readonly ChatChannelEvent[] = ['approval.requested', 'post.published', 'post.failed']

const timeZoneSchema = singleLineText()
  .trim()
  .min(1, CHAT_CHANNEL_MESSAGES.timeZoneInvalid)
  .max(100, CHAT_CHANNEL_MESSAGES.timeZoneInvalid)
  .refine(isValidTimeZone, CHAT_CHANNEL_MESSAGES.timeZoneInvalid)

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
  /** The weekly nudge: Mondays, this week's open slots per member and who has not written yet. */
  weeklyNudge: z.boolean(),
  /** The weekly digest: Mondays, the posts recommended to everyone for resharing in the week before. */
  weeklyDigest: z.boolean(),
  /** The IANA time zone whose Monday 09:00 the weekly messages wait for. */
  timeZone: z.string(),
  createdAt: z.string(),
  createdByName: z.string()
})
export type ChatChannel = z.infer<typeof chatChannelSchema>

const channelName = singleLineText().trim().min(1, CHAT_CHANNEL_MESSAGES.nameMissing).max(80, CHAT_CHANNEL_MESSAGES.nameTooLong)
const channelEvents = z.array(z.enum(CHAT_CHANNEL_EVENTS)).max(CHAT_CHANNEL_EVENTS.length)

/** A channel hears at least one event or gets at least one weekly message. */
const hearsSomething = (body: { events?: readonly string[]; weeklyNudge?: boolean; weeklyDigest?: boolean }) =>
  (body.events?.length ?? 0) > 0 || body.weeklyNudge === true || body.weeklyDigest === true

export const createChatChannelBodySchema = z
  .object({
    kind: chatChannelKindSchema,
    name: channelName,
    url: webhookUrlSchema,
    events: channelEvents,
    weeklyNudge: z.boolean().default(false),
    weeklyDigest: z.boolean().default(false),
    timeZone: timeZoneSchema.default('UTC')
  })
  .refine(hearsSomething, { message: CHAT_CHANNEL_MESSAGES.eventsMissing, path: ['events'] })

const channelIdSchema = singleLineText().trim().min(1).max(100)
const channelId = z.object({ channelId: channelIdSchema })

/**
 * Changes a channel: any of its name, events, weekly messages, time zone, and on/off (turning it on
 * again clears "turned off after failing"). Its address is not changed here: connect the channel again.
 * What is left must still hear something (an event or a weekly message).
 */
export const updateChatChannelBodySchema = z.object({
  channelId: channelIdSchema,
  name: channelName.optional(),
  events: channelEvents.optional(),
  weeklyNudge: z.boolean().optional(),
  weeklyDigest: z.boolean().optional(),
  timeZone: timeZoneSchema.optional(),
  enabled: z.boolean().optional()
})

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
  updateChatChannel: endpoint({
    role: 'admin',
    entitlement: 'API',
    method: 'POST',
    path: '/organization/chat-channels/update',
    query: none,
    body: updateChatChannelBodySchema,
    response: chatChannelSchema
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
