import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { route } from '../http/route'
import type { Services } from '../services'
import { createAccountService } from '../services/account'
import { passwordCheckGuard } from '../services/authThrottle'

export function registerUserRoutes(app: FastifyInstance, services: Services): void {
  const { users } = services
  const account = createAccountService(services)

  // Works during onboarding too: only a session is needed, not an organization.
  // Polled every 30 s by every open app; one statement, never kept: it carries the user's role and
  // memberships (docs/decisions/0001-authority-from-the-database.md).
  route(app, services, endpoints.getUser, async ({ session }) => users.view(session()))

  route(app, services, endpoints.updateUserDetails, async ({ session, body }) => users.updateDetails(session(), body))

  route(app, services, endpoints.updateUserEmail, async ({ session, body, request, reply }) =>
    account.changeEmail(session(), body, passwordCheckGuard(services.authThrottle, request, reply))
  )

  route(app, services, endpoints.updatePassword, async ({ session, body, request, reply }) => {
    await account.changePassword(session(), body, passwordCheckGuard(services.authThrottle, request, reply))
    return { ok: true as const }
  })

  // No body (the spec's call sends none) means "read".
  route(app, services, endpoints.updateGuidelineReadStatus, async ({ session, body }) =>
    users.setGuidelineRead(session(), body?.read ?? true)
  )
}
