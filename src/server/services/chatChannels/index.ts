import type { ChatChannel, ChatChannelEvent, ChatChannelKind } from '../../../shared/api/endpoints/chatChannels'
import { CHAT_CHANNEL_MESSAGES } from '../../../shared/api/endpoints/chatChannels'
import type { WebhookEndpoint } from '../../../shared/domain/webhooks'
import { notFound } from '../../errors'
import { sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import type { WebhookService } from '../webhooks'

/**
 * Chat channels (issue 28; docs/architecture.md, "Slack and Microsoft Teams"): a Slack incoming
 * webhook or a Teams workflow webhook is a webhook endpoint of kind slack/teams — the same URL
 * policy (https, SSRF refused), consumer, sender, retries, auto-disable and audit entries — whose
 * body chatChannels/formatter.ts writes. The channel's name is the endpoint's description; its
 * address is never shown again in full (whoever holds it can post to the channel).
 */
export interface ChatChannelService {
  list(session: OrganizationSession): Promise<ChatChannel[]>
  create(session: OrganizationSession, input: { kind: ChatChannelKind; name: string; url: string; events: ChatChannelEvent[] }): Promise<ChatChannel>
  sendTest(session: OrganizationSession, channelId: string): Promise<void>
  remove(session: OrganizationSession, channelId: string): Promise<void>
}

const isChat = (endpoint: WebhookEndpoint): endpoint is WebhookEndpoint & { kind: ChatChannelKind } => endpoint.kind === 'slack' || endpoint.kind === 'teams'

/** `hooks.slack.com/…/a1b2`: enough to tell channels apart, not enough to post to one. */
export function urlHint(url: string): string {
  try {
    const parsed = new URL(url)
    const path = parsed.pathname.replace(/\/+$/, '')
    return `${parsed.host}/…${path.slice(-4)}`
  } catch {
    return '…'
  }
}

const toChannel = (endpoint: WebhookEndpoint & { kind: ChatChannelKind }): ChatChannel => ({
  id: endpoint.id,
  kind: endpoint.kind,
  name: endpoint.description,
  urlHint: urlHint(endpoint.url),
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  createdAt: endpoint.createdAt,
  createdByName: endpoint.createdByName
})

export function createChatChannelService(deps: { webhooks: Pick<WebhookService, 'list' | 'get' | 'create' | 'remove' | 'sendTest'> }): ChatChannelService {
  const { webhooks } = deps
  /** The channel, or 404 for an unknown id, another organization's or a standard webhook's. */
  async function channel(session: OrganizationSession, channelId: string) {
    const endpoint = await webhooks.get(session.organization.id, channelId).catch(() => null)
    if (!endpoint || !isChat(endpoint)) throw notFound(CHAT_CHANNEL_MESSAGES.notFound)
    return endpoint
  }
  return {
    async list(session) {
      return (await webhooks.list(session.organization.id)).filter(isChat).map(toChannel)
    },
    async create(session, input) {
      const { endpoint } = await webhooks.create(session.organization.id, sessionActor(session), {
        kind: input.kind,
        url: input.url,
        description: input.name,
        events: [...input.events]
      })
      return toChannel(endpoint as WebhookEndpoint & { kind: ChatChannelKind })
    },
    async sendTest(session, channelId) {
      await channel(session, channelId)
      await webhooks.sendTest(session.organization.id, sessionActor(session), channelId)
    },
    async remove(session, channelId) {
      await channel(session, channelId)
      await webhooks.remove(session.organization.id, sessionActor(session), channelId)
    }
  }
}
