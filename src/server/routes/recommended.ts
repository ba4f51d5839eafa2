import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { publicBaseUrl } from '../http/publicUrl'
import { route } from '../http/route'
import type { Services } from '../services'

/**
 * Recommended posts (issue 15): thin over services.recommended, in their own scope for the hook
 * below.
 */
export function registerRecommendedRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { recommended } = services

  // An organization post's address is the sandbox's viewer on this server as a path: make it the
  // public address (http/publicUrl.ts), as the post endpoints do.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const base = publicBaseUrl(config, request).replace(/\/+$/, '')
    const absolute = (item: unknown) => {
      const view = item as { linkedInPostUrl?: unknown } | null
      if (view && typeof view.linkedInPostUrl === 'string' && view.linkedInPostUrl.startsWith('/')) view.linkedInPostUrl = `${base}${view.linkedInPostUrl}`
    }
    const list = payload as { forMe?: unknown; created?: unknown } | null
    if (Array.isArray(payload)) payload.forEach(absolute)
    else if (list && Array.isArray(list.forMe) && Array.isArray(list.created)) [...list.forMe, ...list.created].forEach(absolute)
    else absolute(payload)
    return payload
  })

  route(app, services, endpoints.listRecommended, async ({ organization }) => recommended.list(organization()))
  route(app, services, endpoints.createRecommendation, async ({ organization, body }) => recommended.create(organization(), body))
  route(app, services, endpoints.dismissRecommendation, async ({ organization, body }) => {
    await recommended.dismiss(organization(), body.recommendationId)
    return { ok: true as const }
  })
  route(app, services, endpoints.recommendablePosts, async ({ organization, query }) => recommended.recommendablePosts(organization(), query))
}
