import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { publicBaseUrl } from '../http/publicUrl'
import { route } from '../http/route'
import type { Services } from '../services'

/**
 * Team effort, nudges and the dashboard (issue 14): thin over services.teamEffort and
 * services.dashboard, in their own scope for the hook below.
 */
export function registerResultsRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { teamEffort, dashboard } = services

  // The dashboard's posts link to the sandbox's post viewer on this server as a path: make it the
  // public address (http/publicUrl.ts), as the post endpoints do.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const base = publicBaseUrl(config, request).replace(/\/+$/, '')
    const board = payload as { me?: { lastPosts?: unknown[] }; organization?: { topPosts?: unknown[] } | null } | null
    for (const post of [...(board?.me?.lastPosts ?? []), ...(board?.organization?.topPosts ?? [])]) {
      const row = post as { linkedInPostUrl?: unknown }
      if (typeof row.linkedInPostUrl === 'string' && row.linkedInPostUrl.startsWith('/')) row.linkedInPostUrl = `${base}${row.linkedInPostUrl}`
    }
    return payload
  })

  route(app, services, endpoints.teamEffort, async ({ organization, query }) => teamEffort.effort(organization(), query))
  route(app, services, endpoints.nudgeMember, async ({ organization, body }) => {
    await teamEffort.nudge(organization(), body)
    return { ok: true as const }
  })
  route(app, services, endpoints.getDashboard, async ({ organization, query }) => dashboard.get(organization(), query))
}
