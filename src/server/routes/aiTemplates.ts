import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'

export function registerAiTemplateRoutes(app: FastifyInstance, services: Services): void {
  const { aiTemplates } = services

  route(app, services, endpoints.listAiTemplates, async ({ organization }) => aiTemplates.list(organization().organization.id))
  route(app, services, endpoints.createAiTemplate, async ({ organization, body }) => aiTemplates.create(organization(), body))
  route(app, services, endpoints.updateAiTemplate, async ({ organization, body }) => aiTemplates.update(organization(), body))
  route(app, services, endpoints.deleteAiTemplate, async ({ organization, query }) => {
    await aiTemplates.remove(organization(), query.templateId)
    return { ok: true as const }
  })
  route(app, services, endpoints.updateOrganizationAiSettings, async ({ organization, body }) =>
    aiTemplates.setDefault(organization(), body.defaultTemplateId)
  )
}
