import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { isAdminRole } from '../../shared/rules'
import { forbidden } from '../errors'
import { route } from '../http/route'
import type { Services } from '../services'

export function registerOrganizationRoutes(app: FastifyInstance, services: Services): void {
  const { organizations } = services

  route(app, services, endpoints.getOrganization, async ({ organization }) => organizations.get(organization().organization.id))

  route(app, services, endpoints.updateOrganizationSettings, async ({ organization, body }) => {
    const { organization: current } = organization()
    if (!isAdminRole(current.role)) throw forbidden('Only admins can change the organization settings.')
    return organizations.rename(current.id, body.name)
  })
}
