import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { endpoints, type Session } from '../../shared/api/contract'
import { SSO_MESSAGES } from '../../shared/domain/sso'
import { ApiError, forbidden, notFound } from '../errors'
import { clearSessionCookie, route, setSessionCookie } from '../http/route'
import type { Services } from '../services'
import { clientAddressKey, passwordCheckGuard } from '../services/authThrottle'
import { requireStrongPassword } from '../services/passwords'
import type { Limit } from '../services/rateLimit'
import type { AuthSession } from '../services/sessions'

const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password.'

/**
 * Sign-up: 30 a minute per client address, counted in the database (services/rateLimit.ts), so
 * every server process on it shares the count. Failed sign-ins are limited per address and email
 * and per address alone, in the database too (FAILED_PASSWORD_LIMITS).
 */
export const SIGNUP_RATE_LIMIT: Limit = { max: 30, windowMs: 60_000 }

interface SessionViewInput {
  userId: string
  email: string
  organization: { id: string; organizationWorkOSId: string } | null
}

/**
 * The contract's session. A session only lacks an organization when the user has no ACTIVE one
 * at all (sessions fall back to another organization otherwise), so that is when onboarding is due.
 */
export function sessionView(session: SessionViewInput): Session {
  return {
    userId: session.userId,
    email: session.email,
    organizationId: session.organization?.id ?? null,
    organizationWorkOSId: session.organization?.organizationWorkOSId ?? null,
    needsOnboarding: session.organization === null
  }
}

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  const { identity, sessions, organizations, authThrottle } = services

  /**
   * Starts a fresh session and sets the cookie, then drops the request's old one. Refused (403) when
   * single sign-on Required covers the email by the time the session is written; the old one then stays.
   */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    previous: AuthSession | null,
    userId: string,
    organizationId: string | null
  ) {
    const { token, expiresAt } = await sessions.create(userId, organizationId)
    if (previous) await sessions.destroy(previous.tokenHash)
    setSessionCookie(request, reply, token, expiresAt)
  }

  route(
    app,
    services,
    endpoints.signup,
    async ({ request, reply, body, currentSession }) => {
      // A domain whose organization requires single sign-on gets its accounts from the provider, not a password (issue 17).
      if (await services.sso.requiringOrganization(body.email)) throw forbidden(SSO_MESSAGES.requiredForDomain)
      await requireStrongPassword(body.password, body)
      const user = await identity.signUp(body)
      await signIn(request, reply, currentSession, user.id, null)
      return sessionView({ userId: user.id, email: user.email, organization: null })
    },
    { limit: ({ request }) => services.requestLimits.hit(`signup|${clientAddressKey(request.ip)}`, SIGNUP_RATE_LIMIT) }
  )

  route(
    app,
    services,
    endpoints.login,
    async ({ request, reply, body, currentSession }) => {
      // Counted before the password is checked: a limited address learns nothing, even from the right password.
      const attempt = await passwordCheckGuard(authThrottle, request, reply)(body.email)
      // An organization that requires single sign-on takes its domain's passwords out of use (issue 17).
      if ((await services.sso.discover(body.email)).sso === 'required') throw forbidden(SSO_MESSAGES.requiredForDomain)
      const user = await identity.signIn(body)
      if (!user) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE)
      await attempt.succeeded()
      const organization = await sessions.defaultOrganizationFor(user.id)
      await signIn(request, reply, currentSession, user.id, organization?.id ?? null)
      return sessionView({ userId: user.id, email: user.email, organization })
    }
  )

  // Signed out is a 200 with null (not a 401, which a browser logs as a failed load on every sign-in screen).
  route(app, services, endpoints.getSession, async ({ currentSession }) => (currentSession ? sessionView(currentSession) : null))

  // GET because the spec says so (§7). It only ever ends the caller's own session, and only with the
  // X-Pagecrew-Client header (app.ts' STATE_CHANGING_GETS): an image or link elsewhere cannot sign anyone out.
  route(app, services, endpoints.logout, async ({ request, reply, currentSession }) => {
    if (currentSession) await sessions.destroy(currentSession.tokenHash)
    clearSessionCookie(request, reply)
    return { ok: true as const }
  })

  // Decision: every session of the user ends, this one too (a stolen session cannot outlive it); the user signs in again.
  route(app, services, endpoints.logoutEverywhere, async ({ request, reply, session }) => {
    await sessions.destroyAllForUser(session().userId)
    clearSessionCookie(request, reply)
    return { ok: true as const }
  })

  route(app, services, endpoints.switchOrganization, async ({ body, session }) => {
    const s = session()
    const target = await organizations.findActiveMembershipByWorkOSId(s.userId, body.organizationWorkOSId)
    if (!target) throw notFound('Organization not found.')
    // Into an organization that requires single sign-on for the user's domain, only a session its provider opened goes.
    if (s.method !== 'sso' && (await services.sso.requiringOrganization(s.email)) === target.organizationId) {
      throw forbidden(SSO_MESSAGES.requiredForDomain)
    }
    await sessions.setOrganization(s.tokenHash, target.organizationId)
    await organizations.rememberLastOrganization(s.userId, target.organizationId)
    return sessionView({ ...s, organization: { id: target.organizationId, organizationWorkOSId: target.organizationWorkOSId } })
  })

  route(app, services, endpoints.createOrganization, async ({ body, session }) => {
    const s = session()
    const organization = await organizations.create(s.userId, body)
    await sessions.setOrganization(s.tokenHash, organization.id)
    return organization
  })
}
