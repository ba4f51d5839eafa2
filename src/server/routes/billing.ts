import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

export function registerBillingRoutes(app: FastifyInstance, services: Services): void {
  route(app, services, endpoints.getEntitlements, async ({ organization }) =>
    services.entitlements.list(organization().organization.id)
  )
}
