import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/api/contract'
import { SSO_MESSAGES } from '../../shared/domain/sso'
import type { ServerConfig } from '../config'
import { forbidden } from '../errors'
import { publicBaseUrl } from '../http/publicUrl'
import { route, setSessionCookie } from '../http/route'
import type { Services } from '../services'
import { clientAddressKey, passwordCheckGuard } from '../services/authThrottle'
import type { Limit } from '../services/rateLimit'
import { sessionView } from './auth'

/**
 * Accepting an invitation: 10 a minute per client address and link (guessing an existing account's
 * password through one link is slowed down), counted in the database (services/rateLimit.ts), so
 * every server process on it shares the count. An existing account's password check also counts
 * toward the failed-password limits (FAILED_PASSWORD_LIMITS) of sign-in.
 */
export const JOIN_RATE_LIMIT: Limit = { max: 10, windowMs: 60_000 }

export function registerMemberRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { members, users, sessions, mailer, authThrottle, sso, requestLimits } = services

  route(app, services, endpoints.listMembers, async ({ organization, query }) => members.list(organization().organization.id, query))

  route(app, services, endpoints.inviteMember, async ({ organization, body, request }) =>
    members.invite(organization(), body, publicBaseUrl(config, request))
  )

  route(app, services, endpoints.updateMember, async ({ organization, body, request }) =>
    members.update(organization(), body, publicBaseUrl(config, request))
  )

  route(app, services, endpoints.deleteMember, async ({ organization, query }) => {
    await members.remove(organization(), query.userId)
    return { ok: true as const }
  })

  route(app, services, endpoints.listOutbox, async ({ organization }) => mailer.list(organization().organization.id))

  route(app, services, endpoints.updateUserOrgSettings, async ({ organization, body }) => {
    const s = organization()
    await members.updateOwnTarget(s, body.data.assignedNumberOfPosts)
    return users.view(s)
  })

  route(app, services, endpoints.getJoinInfo, async ({ query }) => members.joinInfo(query.token))

  route(
    app,
    services,
    endpoints.acceptInvitation,
    async ({ body, request, reply, currentSession }) => {
      // Joining with a password is refused for a domain whose organization requires single sign-on
      // (issue 17), before any password is looked at: the invitee signs in with SSO.
      if (await sso.requiringOrganization((await members.joinInfo(body.token)).email)) throw forbidden(SSO_MESSAGES.requiredForDomain)
      const accepted = await members.accept(body, passwordCheckGuard(authThrottle, request, reply))
      // Asks Required again where the session is written (a switch-on may have committed meanwhile: 403, the invitation stays used).
      const { token, expiresAt } = await sessions.create(accepted.userId, accepted.organization.id)
      if (currentSession) await sessions.destroy(currentSession.tokenHash)
      setSessionCookie(request, reply, token, expiresAt)
      return sessionView(accepted)
    },
    {
      // The limiter stores the key's SHA-256 hash only, never the token.
      limit: ({ request, body }) => requestLimits.hit(`join|${clientAddressKey(request.ip)}|${body.token}`, JOIN_RATE_LIMIT)
    }
  )
}
