import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { clearSessionCookie, route } from '../http/route'
import type { Services } from '../services'
import { passwordCheckGuard } from '../services/authThrottle'

/** Each person's data, out and erased (issue 28): thin over services.privacy. */
export function registerPrivacyRoutes(app: FastifyInstance, services: Services): void {
  const { privacy } = services

  // The person's own: a session is enough (onboarding included).
  route(app, services, endpoints.requestOwnDataExport, async ({ session }) => privacy.requestOwnExport(session()))
  route(app, services, endpoints.listOwnDataExports, async ({ session }) => ({ exports: await privacy.listOwnExports(session()) }))
  route(app, services, endpoints.downloadDataExport, () => Promise.reject(new Error('GET /privacy/exports/download always answers a download')), {
    download: async ({ session, query }) => privacy.openExport(session(), query.exportId)
  })
  route(app, services, endpoints.getOwnErasurePreview, async ({ session }) => privacy.ownErasurePreview(session()))
  route(app, services, endpoints.eraseOwnAccount, async ({ session, body, request, reply }) => {
    await privacy.eraseOwnAccount(session(), body, passwordCheckGuard(services.authThrottle, request, reply))
    clearSessionCookie(request, reply)
    return { ok: true as const }
  })

  // A member's (admins; route() has checked the role, the use cases check the member is of this organization).
  route(app, services, endpoints.requestMemberDataExport, async ({ organization, body }) => privacy.requestMemberExport(organization(), body.userId))
  route(app, services, endpoints.listMemberDataExports, async ({ organization, query }) => ({ exports: await privacy.listMemberExports(organization(), query.userId) }))
  route(app, services, endpoints.getMemberErasurePreview, async ({ organization, query }) => privacy.memberErasurePreview(organization(), query.userId))
  route(app, services, endpoints.eraseMemberAccount, async ({ organization, body }) => {
    await privacy.eraseMember(organization(), body)
    return { ok: true as const }
  })
  route(app, services, endpoints.getOrganizationPrivacy, async ({ organization }) => privacy.organizationPrivacy(organization()))
  route(app, services, endpoints.updateOrganizationPrivacy, async ({ organization, body }) => privacy.updateOrganizationPrivacy(organization(), body))
}
