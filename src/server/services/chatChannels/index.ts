import { inArray } from 'drizzle-orm'
import type { ChatChannel, ChatChannelEvent, ChatChannelKind } from '../../../shared/api/endpoints/chatChannels'
import { CHAT_CHANNEL_MESSAGES } from '../../../shared/api/endpoints/chatChannels'
import type { WebhookEndpoint } from '../../../shared/domain/webhooks'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { chatChannelOptions } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import type { JobKind } from '../../jobs/runner'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { urlHint, type WebhookService } from '../webhooks'
import { chatWeeklyJob } from './weekly'

export { CHAT_WEEKLY_JOB, channelWeek, sendWeeklyMessages, WEEKLY_DIGEST_EVENT, WEEKLY_NUDGE_EVENT } from './weekly'

export interface ChatChannelOptionsInput {
  weeklyNudge: boolean
  weeklyDigest: boolean
  timeZone: string
}

/**
 * Chat channels (issue 28; docs/architecture.md, "Slack and Microsoft Teams"): a Slack incoming
 * webhook or a Teams workflow webhook is a webhook endpoint of kind slack/teams — the same URL
 * policy (https, SSRF refused), consumer, sender, retries, auto-disable and audit entries — whose
 * body chatChannels/formatter.ts writes. The channel's name is the endpoint's description; its
 * address is never shown again in full (whoever holds it can post to the channel).
 */
export interface ChatChannelService {
  list(session: OrganizationSession): Promise<ChatChannel[]>
  create(
    session: OrganizationSession,
    input: { kind: ChatChannelKind; name: string; url: string; events: ChatChannelEvent[] } & Partial<ChatChannelOptionsInput>
  ): Promise<ChatChannel>
  /** Name, events, weekly messages, time zone, on/off; what is left must still hear something. */
  update(
    session: OrganizationSession,
    channelId: string,
    input: { name?: string; events?: ChatChannelEvent[]; enabled?: boolean } & Partial<ChatChannelOptionsInput>
  ): Promise<ChatChannel>
  sendTest(session: OrganizationSession, channelId: string): Promise<void>
  remove(session: OrganizationSession, channelId: string): Promise<void>
  /** The job runner's 'chat-channels:weekly' kind (weekly.ts). */
  readonly weeklyJob: JobKind
}

const DEFAULT_OPTIONS: ChatChannelOptionsInput = { weeklyNudge: false, weeklyDigest: false, timeZone: 'UTC' }

const isChat = (endpoint: WebhookEndpoint): endpoint is WebhookEndpoint & { kind: ChatChannelKind } => endpoint.kind === 'slack' || endpoint.kind === 'teams'

const toChannel = (endpoint: WebhookEndpoint & { kind: ChatChannelKind }, options: ChatChannelOptionsInput = DEFAULT_OPTIONS): ChatChannel => ({
  id: endpoint.id,
  kind: endpoint.kind,
  name: endpoint.description,
  urlHint: urlHint(endpoint.url),
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  weeklyNudge: options.weeklyNudge,
  weeklyDigest: options.weeklyDigest,
  timeZone: options.timeZone,
  createdAt: endpoint.createdAt,
  createdByName: endpoint.createdByName
})

export function createChatChannelService(deps: {
  db: Database
  clock: Clock
  webhooks: Pick<WebhookService, 'list' | 'get' | 'create' | 'update' | 'remove' | 'sendTest'>
  /** Asks the runner to run the webhook sender now (after the weekly job wrote a delivery). */
  kickSender?: () => void
  weeklyIntervalMs?: number
}): ChatChannelService {
  const { db, clock, webhooks } = deps
  async function optionsOf(endpointIds: string[]): Promise<Map<string, ChatChannelOptionsInput>> {
    if (endpointIds.length === 0) return new Map()
    const rows = await db.select().from(chatChannelOptions).where(inArray(chatChannelOptions.endpointId, endpointIds))
    return new Map(rows.map((r) => [r.endpointId, { weeklyNudge: r.weeklyNudge, weeklyDigest: r.weeklyDigest, timeZone: r.timeZone }]))
  }
  /** Writes a channel's options (and, when they changed, an audit entry of the webhook) in one transaction. */
  async function saveOptions(session: OrganizationSession, endpoint: WebhookEndpoint, before: ChatChannelOptionsInput, after: ChatChannelOptionsInput) {
    await db.transaction(async (tx) => {
      const now = clock.now()
      await tx
        .insert(chatChannelOptions)
        .values({ endpointId: endpoint.id, organizationId: session.organization.id, ...after, updatedAt: now })
        .onConflictDoUpdate({ target: chatChannelOptions.endpointId, set: { ...after, updatedAt: now } })
      const changed = changedFields({ ...before }, { ...after })
      if (changed) {
        await record(tx, {
          organizationId: session.organization.id,
          at: now,
          actor: sessionActor(session),
          action: 'webhook.updated',
          target: { type: 'webhook', id: endpoint.id, label: `${endpoint.description} (${urlHint(endpoint.url)})` },
          ...changed
        })
      }
    })
  }
  /** The channel, or 404 for an unknown id, another organization's or a standard webhook's. */
  async function channel(session: OrganizationSession, channelId: string) {
    const endpoint = await webhooks.get(session.organization.id, channelId).catch(() => null)
    if (!endpoint || !isChat(endpoint)) throw notFound(CHAT_CHANNEL_MESSAGES.notFound)
    return endpoint
  }
  return {
    async list(session) {
      const channels = (await webhooks.list(session.organization.id)).filter(isChat)
      const options = await optionsOf(channels.map((c) => c.id))
      return channels.map((c) => toChannel(c, options.get(c.id)))
    },
    async create(session, input) {
      const options: ChatChannelOptionsInput = {
        weeklyNudge: input.weeklyNudge ?? false,
        weeklyDigest: input.weeklyDigest ?? false,
        timeZone: input.timeZone ?? DEFAULT_OPTIONS.timeZone
      }
      const { endpoint } = await webhooks.create(session.organization.id, sessionActor(session), {
        kind: input.kind,
        url: input.url,
        description: input.name,
        events: [...input.events]
      })
      // A new channel's options carry no audit entry of their own: webhook.created tells of the channel.
      await db.insert(chatChannelOptions).values({ endpointId: endpoint.id, organizationId: session.organization.id, ...options, updatedAt: clock.now() })
      return toChannel(endpoint as WebhookEndpoint & { kind: ChatChannelKind }, options)
    },
    async update(session, channelId, input) {
      const existing = await channel(session, channelId)
      const before = (await optionsOf([existing.id])).get(existing.id) ?? DEFAULT_OPTIONS
      const after: ChatChannelOptionsInput = {
        weeklyNudge: input.weeklyNudge ?? before.weeklyNudge,
        weeklyDigest: input.weeklyDigest ?? before.weeklyDigest,
        timeZone: input.timeZone ?? before.timeZone
      }
      const events = input.events ?? existing.events
      if (events.length === 0 && !after.weeklyNudge && !after.weeklyDigest) {
        throw badRequest(CHAT_CHANNEL_MESSAGES.eventsMissing, { events: CHAT_CHANNEL_MESSAGES.eventsMissing })
      }
      let endpoint: WebhookEndpoint = existing
      if (input.name !== undefined || input.events !== undefined || input.enabled !== undefined) {
        endpoint = await webhooks.update(session.organization.id, sessionActor(session), existing.id, {
          ...(input.name === undefined ? {} : { description: input.name }),
          ...(input.events === undefined ? {} : { events: [...input.events] }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled })
        })
      }
      if (after.weeklyNudge !== before.weeklyNudge || after.weeklyDigest !== before.weeklyDigest || after.timeZone !== before.timeZone) {
        await saveOptions(session, endpoint, before, after)
      }
      return toChannel(endpoint as WebhookEndpoint & { kind: ChatChannelKind }, after)
    },
    async sendTest(session, channelId) {
      await channel(session, channelId)
      await webhooks.sendTest(session.organization.id, sessionActor(session), channelId)
    },
    async remove(session, channelId) {
      await channel(session, channelId)
      await webhooks.remove(session.organization.id, sessionActor(session), channelId)
    },
    weeklyJob: chatWeeklyJob({ db, clock, kickSender: deps.kickSender ?? (() => undefined), intervalMs: deps.weeklyIntervalMs })
  }
}
