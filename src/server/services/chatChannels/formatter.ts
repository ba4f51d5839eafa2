import type { DomainEvent } from '../../../shared/api/events'
import type { Database } from '../../db/client'
import { chatMessageFor, isChannelEvent, type ChatMessage, type ChatMessageDeps } from './message'
import { toSlack } from './slack'
import { toTeams } from './teams'
import { WEEKLY_DIGEST_EVENT, WEEKLY_NUDGE_EVENT, type WeeklyData } from './weekly'
import { weeklyDigestMessage, weeklyNudgeMessage } from './weeklyMessages'

export type ChannelKind = 'slack' | 'teams'

/** The webhook sender's message (services/webhooks: the Standard Webhooks content of a delivery). */
export interface ChannelDelivery {
  webhookId: string
  /** The event's name, or 'webhook.test' for "Send a test message". */
  type: string
  timestamp: string
  /** The event's payload with its organizationId and actor. */
  data: Record<string, unknown>
}

/** The test message of "Send a test message". */
export const TEST_MESSAGE: ChatMessage = {
  title: 'Pagecrew is connected',
  text: 'This channel will hear the events you chose. Approval requests come with Approve, Request changes and Open buttons.',
  facts: [],
  context: 'Pagecrew · test message',
  buttons: []
}

/** A chat message in a channel kind's format, as a request body and headers. */
export function formatChat(kind: ChannelKind, message: ChatMessage): { body: string; headers: Record<string, string> } {
  const body = kind === 'slack' ? toSlack(message) : toTeams(message)
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
}

/**
 * The webhook sender's per-kind body function for chat channels (issue 28): the delivery's event,
 * told in the channel's format from the database as it is at the attempt; an event a channel does
 * not tell of, or whose post is gone, is a short plain line rather than nothing (the sender must
 * send something; an empty body is refused by both services).
 */
export function chatFormatter(kind: ChannelKind, deps: ChatMessageDeps & { db: Database }) {
  return async (delivery: ChannelDelivery, context?: { now: Date }): Promise<{ body: string; headers: Record<string, string> }> => {
    if (delivery.type === 'webhook.test') return formatChat(kind, TEST_MESSAGE)
    if (delivery.type === WEEKLY_NUDGE_EVENT || delivery.type === WEEKLY_DIGEST_EVENT) {
      const data = delivery.data as unknown as WeeklyData
      const now = context?.now ?? new Date()
      const base = deps.approveLinks.baseUrl()
      const message = delivery.type === WEEKLY_NUDGE_EVENT ? await weeklyNudgeMessage(deps.db, base, data, now) : await weeklyDigestMessage(deps.db, base, data, now)
      return formatChat(kind, message ?? { title: 'Pagecrew', text: 'This week’s message is no longer available.', facts: [], context: 'Pagecrew', buttons: [] })
    }
    const { organizationId, actor, ...payload } = delivery.data
    const event = { position: 0, occurredAt: delivery.timestamp, organizationId, name: delivery.type, payload, actor } as DomainEvent
    const message = isChannelEvent(delivery.type) ? await chatMessageFor(deps, deps.db, event) : null
    return formatChat(kind, message ?? { title: delivery.type, text: `Pagecrew event ${delivery.type}.`, facts: [], context: 'Pagecrew', buttons: [] })
  }
}

/** Both chat kinds' body functions, for the webhook sender's `formatters`. */
export function chatFormatters(deps: ChatMessageDeps & { db: Database }): Record<ChannelKind, ReturnType<typeof chatFormatter>> {
  return { slack: chatFormatter('slack', deps), teams: chatFormatter('teams', deps) }
}
