import type { FastifyInstance } from 'fastify'
import { API_BASE, endpoints } from '../../shared/api/contract'
import { SSO_MESSAGES } from '../../shared/domain/sso'
import type { ServerConfig } from '../config'
import { badRequest } from '../errors'
import { publicBaseUrl } from '../http/publicUrl'
import { route, setSessionCookie } from '../http/route'
import type { Services } from '../services'
import { throttleRequest } from '../services/authThrottle'
import { sessionView } from './auth'

/**
 * Holds the state of the single sign-on this browser (or the desktop's main process) started: the
 * callback signs in only with it, so nobody can sign someone else in to their own account by
 * handing them a link with their own code and state (login CSRF).
 */
const SSO_STATE_COOKIE = 'pagecrew_sso'
const SSO_COOKIE_PATH = `${API_BASE}/auth/sso`
const SSO_COOKIE_MAX_AGE_SECONDS = 10 * 60

/**
 * Anonymous requests that read the database (discover, as the login page's typing pauses) or make
 * the server call an identity provider (start, and the callback, which redeems the code there): per
 * client address, counted in the database like failed passwords (services/authThrottle.ts), so the
 * limit holds across server processes. A callback follows a start, so it gets the start's allowance.
 */
export const SSO_RATE_LIMITS = {
  discover: { max: 30, windowMs: 60_000 },
  start: { max: 10, windowMs: 60_000 },
  callback: { max: 10, windowMs: 60_000 }
} as const

export function registerSsoRoutes(app: FastifyInstance, services: Services, config: ServerConfig): void {
  const { sso, sessions, authThrottle } = services

  route(app, services, endpoints.getSso, async ({ organization, request }) => sso.settings(organization(), publicBaseUrl(config, request)))

  route(app, services, endpoints.putSso, async ({ organization, body, request }) => sso.save(organization(), body, publicBaseUrl(config, request)))

  route(app, services, endpoints.verifySsoDomain, async ({ organization, body, request }) =>
    sso.verifyDomain(organization(), body.domain, publicBaseUrl(config, request))
  )

  route(app, services, endpoints.discoverSso, async ({ body, request, reply }) => {
    await throttleRequest(authThrottle, request, reply, 'sso-discover', SSO_RATE_LIMITS.discover)
    return sso.discover(body.email)
  })

  route(app, services, endpoints.startSso, async ({ body, request, reply }) => {
    await throttleRequest(authThrottle, request, reply, 'sso-start', SSO_RATE_LIMITS.start)
    const started = await sso.start(body, publicBaseUrl(config, request))
    const state = new URL(started.url).searchParams.get('state') ?? ''
    reply.setCookie(SSO_STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      path: SSO_COOKIE_PATH,
      secure: request.protocol === 'https',
      maxAge: SSO_COOKIE_MAX_AGE_SECONDS
    })
    return started
  })

  route(app, services, endpoints.ssoCallback, async ({ query, request, reply, currentSession }) => {
    await throttleRequest(authThrottle, request, reply, 'sso-callback', SSO_RATE_LIMITS.callback)
    const started = request.cookies[SSO_STATE_COOKIE]
    reply.clearCookie(SSO_STATE_COOKIE, { httpOnly: true, sameSite: 'lax', path: SSO_COOKIE_PATH, secure: request.protocol === 'https' })
    if (started !== query.state) throw badRequest(SSO_MESSAGES.expired, { state: SSO_MESSAGES.expired })
    const signedIn = await sso.complete(query)
    if (currentSession) await sessions.destroy(currentSession.tokenHash)
    // Opened by single sign-on: the one kind of session Required lets into the organization.
    const { token, expiresAt } = await sessions.create(signedIn.userId, signedIn.organization.id, 'sso')
    setSessionCookie(request, reply, token, expiresAt)
    return sessionView(signedIn)
  })
}
