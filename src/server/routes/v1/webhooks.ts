import type { FastifyInstance } from 'fastify'
import { WEBHOOK_MESSAGES } from '../../../shared/domain/webhooks'
import { v1Endpoints } from '../../../shared/api/v1/contract'
import { notFound } from '../../errors'
import { auditActorOf, type ApiKeyActor } from '../../services/actor'
import type { Services } from '../../services'
import { v1Route, type V1Deps } from './v1Route'

/*
 * /api/v1/webhooks: services.webhooks with the key as the actor. Only standard endpoints: a chat
 * channel (a webhook endpoint of kind slack/teams, managed in the app) is not listed and is a 404
 * here, like an id of another organization.
 */

async function standardEndpoint(services: Services, actor: ApiKeyActor, webhookId: string) {
  const endpoint = await services.webhooks.get(actor.organization.id, webhookId)
  if (endpoint.kind !== 'standard') throw notFound(WEBHOOK_MESSAGES.notFound)
  return endpoint
}

export function registerV1WebhookRoutes(app: FastifyInstance, deps: V1Deps): void {
  const { services } = deps
  const { webhooks } = services
  v1Route(app, deps, v1Endpoints.listWebhooks, async ({ actor }) => ({
    items: (await webhooks.list(actor.organization.id)).filter((w) => w.kind === 'standard')
  }))
  v1Route(app, deps, v1Endpoints.getWebhook, async ({ actor, params }) => standardEndpoint(services, actor, params.webhookId))
  v1Route(app, deps, v1Endpoints.createWebhook, async ({ actor, body }) => {
    const { endpoint, secret } = await webhooks.create(actor.organization.id, auditActorOf(actor), { ...body, kind: 'standard' })
    return { webhook: endpoint, secret }
  })
  v1Route(app, deps, v1Endpoints.getWebhookSecret, async ({ actor, params }) => {
    await standardEndpoint(services, actor, params.webhookId)
    return webhooks.secret(actor.organization.id, params.webhookId)
  })
  v1Route(app, deps, v1Endpoints.updateWebhook, async ({ actor, params, body }) => {
    await standardEndpoint(services, actor, params.webhookId)
    return webhooks.update(actor.organization.id, auditActorOf(actor), params.webhookId, body)
  })
  v1Route(app, deps, v1Endpoints.deleteWebhook, async ({ actor, params }) => {
    await standardEndpoint(services, actor, params.webhookId)
    await webhooks.remove(actor.organization.id, auditActorOf(actor), params.webhookId)
    return { deleted: 1 }
  })
}
