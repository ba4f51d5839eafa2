import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services'
import type { ApiKeyAuthenticator } from '../../services/apiKeys/principal'
import { registerV1AnalyticsRoutes } from './analytics'
import { registerV1MemberRoutes } from './members'
import { registerV1PostRoutes } from './posts'
import { notFoundProblem, sendProblem } from './problems'
import { registerV1Reference } from './reference'
import { registerV1SlotRoutes } from './slots'
import type { V1Deps } from './v1Route'
import { registerV1WebhookRoutes } from './webhooks'

/*
 * The public API (issue 28), registered under /api/v1 as its own scope: outside the app's /api
 * scope, so its CSRF rule for cookie requests is not needed here (a key in a header is no ambient
 * credential, and cookies are never read) and its errors are problem details.
 */
export function registerV1Api(
  app: FastifyInstance,
  options: { services: Services; authenticator: ApiKeyAuthenticator; checks: boolean; requestsPerMinute: number; version: string }
): void {
  const deps: V1Deps = { services: options.services, authenticator: options.authenticator, checks: options.checks, requestsPerMinute: options.requestsPerMinute }
  app.setErrorHandler((error, request, reply) => sendProblem(error, request, reply))
  app.setNotFoundHandler((request, reply) => sendProblem(notFoundProblem(), request, reply))
  registerV1Reference(app, { version: options.version })
  registerV1SlotRoutes(app, deps)
  registerV1PostRoutes(app, deps)
  registerV1MemberRoutes(app, deps)
  registerV1AnalyticsRoutes(app, deps)
  registerV1WebhookRoutes(app, deps)
}
