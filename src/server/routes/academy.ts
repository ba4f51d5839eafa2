import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints, SESSION_COOKIE } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { publicBaseUrl } from '../http/publicUrl'
import { route } from '../http/route'
import type { Services } from '../services'

/** Quiz submissions per user: plenty for a person retrying, too few to brute-force answers by script. */
export const QUIZ_RATE_LIMIT = { max: 20, timeWindow: 60 * 60_000 }
/** Public certificate look-ups per client address. */
export const VALIDATE_RATE_LIMIT = { max: 30, timeWindow: 60_000 }

/** The Academy (issue 15): thin over services.academy and services.certificates. */
export function registerAcademyRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { academy, certificates, sessions } = services
  const base = (request: FastifyRequest) => publicBaseUrl(config, request)

  route(app, services, endpoints.academyHome, async ({ organization, request }) => academy.home(organization(), base(request)))
  route(app, services, endpoints.academyCourse, async ({ organization, query, request }) => academy.course(organization(), query.slug, base(request)))
  route(app, services, endpoints.academyProgress, async ({ organization, body, request }) => academy.progress(organization(), body, base(request)))
  route(app, services, endpoints.submitQuiz, async ({ organization, body, request }) => academy.submitQuiz(organization(), body, base(request)), {
    config: {
      rateLimit: {
        ...QUIZ_RATE_LIMIT,
        hook: 'preHandler',
        // Per signed-in user (however many sessions or addresses they use); the address without a session (answered 401 anyway).
        keyGenerator: async (request: FastifyRequest) => {
          const session = await sessions.resolve(request.cookies[SESSION_COOKIE])
          return session ? `quiz|user|${session.userId}` : `quiz|ip|${request.ip}`
        }
      }
    }
  })

  // Public: anyone holding a certificate's link may check it; per address, so ids cannot be swept.
  route(app, services, endpoints.validateCertification, async ({ query }) => certificates.validate(query.certificateId), {
    config: { rateLimit: { ...VALIDATE_RATE_LIMIT, hook: 'preHandler' } }
  })
  route(app, services, endpoints.listCertificates, async ({ organization, query, request }) => certificates.list(organization(), query.scope, base(request)))
  route(
    app,
    services,
    endpoints.certificatePdf,
    async () => {
      throw new Error('The certificate PDF is answered as a download')
    },
    {
      download: async ({ organization, query, request }) => {
        const file = await certificates.pdf(organization(), query.certificateId, base(request))
        return { contentType: 'application/pdf', ...file }
      }
    }
  )
  route(app, services, endpoints.revokeCertificate, async ({ organization, body, request }) => certificates.revoke(organization(), body, base(request)))

  route(app, services, endpoints.listOrganizationLessons, async ({ organization }) => academy.listLessons(organization()))
  route(app, services, endpoints.createOrganizationLesson, async ({ organization, body }) => academy.createLesson(organization(), body))
  route(app, services, endpoints.updateOrganizationLesson, async ({ organization, body }) => academy.updateLesson(organization(), body))
  route(app, services, endpoints.deleteOrganizationLesson, async ({ organization, query }) => {
    await academy.deleteLesson(organization(), query.lessonId)
    return { ok: true as const }
  })
}
