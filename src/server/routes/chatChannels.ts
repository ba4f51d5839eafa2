import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

/* Settings → Organization → Chat channels (issue 28): admins connect Slack and Teams channels, change, test and disconnect them. */

export function registerChatChannelRoutes(app: FastifyInstance, services: Services): void {
  const { chatChannels } = services
  route(app, services, endpoints.listChatChannels, async ({ organization }) => ({ channels: await chatChannels.list(organization()) }))
  route(app, services, endpoints.createChatChannel, async ({ organization, body }) => chatChannels.create(organization(), body))
  route(app, services, endpoints.updateChatChannel, async ({ organization, body }) => {
    const { channelId, ...changes } = body
    return chatChannels.update(organization(), channelId, changes)
  })
  route(app, services, endpoints.testChatChannel, async ({ organization, body }) => {
    await chatChannels.sendTest(organization(), body.channelId)
    return { ok: true as const }
  })
  route(app, services, endpoints.deleteChatChannel, async ({ organization, body }) => {
    await chatChannels.remove(organization(), body.channelId)
    return { ok: true as const }
  })
}
