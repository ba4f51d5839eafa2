import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

/* Settings → Organization → API (issue 28): admins list, create and revoke the organization's API keys. */

export function registerApiKeyRoutes(app: FastifyInstance, services: Services): void {
  const { apiKeys } = services

  route(app, services, endpoints.listApiKeys, async ({ organization }) => apiKeys.list(organization()))

  route(app, services, endpoints.createApiKey, async ({ organization, body }) => {
    const { apiKey, key } = await apiKeys.create(organization(), { name: body.name, scopes: body.scopes, expiresAt: body.expiresAt ?? null })
    return { apiKey, secret: key }
  })

  route(app, services, endpoints.revokeApiKey, async ({ organization, body }) => apiKeys.revoke(organization(), body.id))
}
