import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { publicBaseUrl } from '../http/publicUrl'
import { route } from '../http/route'
import type { Services } from '../services'
import { QUIZ_SUBMISSION_LIMIT } from '../services/academy'
import { VALIDATE_LIMIT } from '../services/certificates'

/** Quiz submissions per user and public certificate look-ups per client address, counted in the database (every server shares them). */
export const QUIZ_RATE_LIMIT = QUIZ_SUBMISSION_LIMIT
export const VALIDATE_RATE_LIMIT = VALIDATE_LIMIT

/** The Academy (issue 15): thin over services.academy and services.certificates. */
export function registerAcademyRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { academy, certificates } = services
  const base = (request: FastifyRequest) => publicBaseUrl(config, request)

  route(app, services, endpoints.academyHome, async ({ organization, request }) => academy.home(organization(), base(request)))
  route(app, services, endpoints.academyCourse, async ({ organization, query, request }) => academy.course(organization(), query.slug, base(request)))
  route(app, services, endpoints.academyProgress, async ({ organization, body, request }) => academy.progress(organization(), body, base(request)))
  route(app, services, endpoints.submitQuiz, async ({ organization, body, request }) => academy.submitQuiz(organization(), body, base(request)), {
    // Per signed-in user, however many sessions or addresses they use.
    limit: async ({ session }) => academy.countQuizSubmission(session().userId)
  })

  // Public: anyone holding a certificate's link may check it; per address, so ids cannot be swept.
  route(app, services, endpoints.validateCertification, async ({ query }) => certificates.validate(query.certificateId), {
    limit: async ({ request }) => certificates.countValidation(request.ip)
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
