import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { clearSessionCookie, route } from '../http/route'
import type { Services } from '../services'

export function registerOrganizationRoutes(app: FastifyInstance, services: Services): void {
  const { organizations } = services

  route(app, services, endpoints.getOrganization, async ({ organization }) => organizations.get(organization().organization.id))

  route(app, services, endpoints.updateOrganizationSettings, async ({ organization, body }) => organizations.rename(organization(), body.name))

  // Decision: ADMIN only, not GHOST (the entry's role 'adminOnly'). The caller's session ends with the organization (client: sign-in).
  route(app, services, endpoints.deleteOrganization, async ({ organization, request, reply }) => {
    const s = organization()
    const files = await services.teams.imageFiles(s.organization.id)
    await organizations.remove(s, files)
    clearSessionCookie(request, reply)
    return { ok: true as const }
  })

  route(app, services, endpoints.updateDefaultBusinessPage, async ({ organization, body }) =>
    organizations.setDefaultPage(organization(), body.businessPageId)
  )

  route(app, services, endpoints.getGuideline, async ({ organization }) => services.guideline.get(organization()))
  route(app, services, endpoints.updateGuideline, async ({ organization, body }) => services.guideline.update(organization(), body))
  route(app, services, endpoints.getGuidelineReaders, async ({ organization }) => services.guideline.readers(organization()))

  route(app, services, endpoints.createBusinessPage, async ({ organization, body }) => organizations.createPage(organization(), body))
  route(app, services, endpoints.updateBusinessPage, async ({ organization, body }) => organizations.updatePage(organization(), body))
  route(app, services, endpoints.deleteBusinessPage, async ({ organization, query }) => {
    await organizations.removePage(organization(), query.businessPageId)
    return { ok: true as const }
  })
}
