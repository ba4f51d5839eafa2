import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'
import { sessionActor } from '../services/audit'

/* Signed webhooks (issue 28): the session endpoints of Settings → Organization → Webhooks; /api/v1 shares services.webhooks. */

export function registerWebhookRoutes(app: FastifyInstance, services: Services): void {
  const { webhooks } = services
  const org = (session: { organization: { id: string } }) => session.organization.id

  // Chat channels are webhook endpoints too, managed in their own section: this one lists the standard ones.
  route(app, services, endpoints.listWebhooks, async ({ organization }) => (await webhooks.list(org(organization()))).filter((w) => w.kind === 'standard'))

  route(app, services, endpoints.createWebhook, async ({ organization, body }) => {
    const session = organization()
    return webhooks.create(org(session), sessionActor(session), body)
  })

  route(app, services, endpoints.updateWebhook, async ({ organization, body }) => {
    const session = organization()
    const { id, ...changes } = body
    return webhooks.update(org(session), sessionActor(session), id, changes)
  })

  route(app, services, endpoints.deleteWebhook, async ({ organization, query }) => {
    const session = organization()
    await webhooks.remove(org(session), sessionActor(session), query.id)
    return { ok: true as const }
  })

  route(app, services, endpoints.getWebhookSecret, async ({ organization, query }) => webhooks.secret(org(organization()), query.id))

  route(app, services, endpoints.rotateWebhookSecret, async ({ organization, body }) => {
    const session = organization()
    return webhooks.rotateSecret(org(session), sessionActor(session), body.id)
  })

  route(app, services, endpoints.listWebhookDeliveries, async ({ organization, query }) =>
    webhooks.deliveries(org(organization()), query.id, { cursor: query.cursor, limit: query.limit, status: query.status })
  )

  route(app, services, endpoints.redeliverWebhook, async ({ organization, body }) => {
    const session = organization()
    return webhooks.redeliver(org(session), sessionActor(session), body.id, body.deliveryId)
  })

  route(app, services, endpoints.testWebhook, async ({ organization, body }) => {
    const session = organization()
    return webhooks.sendTest(org(session), sessionActor(session), body.id)
  })
}
