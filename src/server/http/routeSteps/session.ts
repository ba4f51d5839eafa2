import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE, type Endpoint } from '../../../shared/api/contract'
import { unauthenticated } from '../../errors'
import type { Services } from '../../services'
import type { AuthSession } from '../../services/sessions'

/*
 * The session steps of route(): a request to a session endpoint without the cookie is refused before
 * its body is read (onRequest); the session is resolved with its current organization and role, and
 * the endpoint's declared access enforced (docs/api.md, "Access by endpoint"); a session in use slides.
 */

/** onRequest of `auth: true` endpoints: signed out is refused before the body is read or parsed (an anonymous flood costs the least it can). */
export async function requireSessionCookie(request: FastifyRequest): Promise<void> {
  if (!request.cookies[SESSION_COOKIE]) throw unauthenticated()
}

/** The request's session (null for public endpoints without one): 401 where one is needed, then the entry's role and plan feature. */
export async function resolveSession(services: Services, endpoint: Endpoint, request: FastifyRequest): Promise<AuthSession | null> {
  const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE])
  if (endpoint.auth === true && !session) throw unauthenticated()
  if (session) await services.authorizer.authorize(session, endpoint)
  return session
}

/** A session in use slides (auth: true and 'optional'); public endpoints (login, logout…) leave it be. */
export async function renewSession(services: Services, endpoint: Endpoint, session: AuthSession | null, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (endpoint.auth === false || !session) return
  const renewed = await services.sessions.refresh(session)
  if (!renewed) return
  session.expiresAt = renewed
  setSessionCookie(request, reply, request.cookies[SESSION_COOKIE]!, renewed)
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    expires: expiresAt
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' })
}
