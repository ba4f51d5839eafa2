import type { FastifyInstance } from 'fastify'
import type { Clock } from '../clock'
import { endpoints } from '../../shared/api/contract'
import type { ServerConfig } from '../config'
import { AnswerCache } from '../http/answerCache'
import { route } from '../http/route'
import type { Services } from '../services'
import { createAccountService } from '../services/account'
import { passwordCheckGuard } from '../services/authThrottle'

/** A kept GET /user answer is read again after this long even without a change notice (a safety net). */
const USER_ANSWER_MAX_AGE_MS = 5 * 60_000

export function registerUserRoutes(app: FastifyInstance, services: Services, config: Pick<ServerConfig, 'userCacheBytes'>, clock: Clock): void {
  const { users, userChanges } = services
  const account = createAccountService(services)
  // GET /user is polled every 30 s by every open app (issue 16): each process keeps the answer per
  // user and organization until a change to the user is heard (services/userChanges.ts).
  const userAnswers = config.userCacheBytes > 0 ? new AnswerCache(config.userCacheBytes) : null

  // Works during onboarding too: only a session is needed, not an organization.
  route(app, services, endpoints.getUser, async ({ session }) => users.view(session()), {
    cache: userAnswers
      ? {
          store: userAnswers,
          ticket: async ({ session }) => {
            const { userId, organization } = session()
            const version = userChanges.version(userId)
            return version === null ? null : { key: `${userId}:${organization?.id ?? ''}`, version, now: clock.now().getTime() }
          },
          expiresAt: (_answer, ticket) => ticket.now + USER_ANSWER_MAX_AGE_MS
        }
      : undefined
  })

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
