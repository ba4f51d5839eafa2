import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

/** The Social Selling Index (issue 15): thin over services.ssi. */
export function registerSsiRoutes(app: FastifyInstance, services: Services): void {
  const { ssi } = services

  // The user's own index: a session is enough (onboarding included), no entitlement.
  route(app, services, endpoints.recordSsi, async ({ session, body }) => ssi.record(session(), body))
  route(app, services, endpoints.ssiHistory, async ({ session }) => ({ records: await ssi.history(session()) }))
  route(app, services, endpoints.teamSsiTrend, async ({ organization, query }) => ssi.teamTrend(organization(), query.months))
}
