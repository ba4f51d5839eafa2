import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { z } from 'zod'
import type { Endpoint } from '../../shared/api/contract'
import { noOrganization, unauthenticated } from '../errors'
import type { Services } from '../services'
import { RateLimited } from '../services/rateLimit'
import type { AuthSession, OrganizationSession } from '../services/sessions'
import type { AnswerCache, CacheTicket } from './answerCache'
import { answering, sendAnswer, sendDownload, sendThroughCache, type Download } from './routeSteps/answer'
import { readInput } from './routeSteps/input'
import { renewSession, requireSessionCookie, resolveSession } from './routeSteps/session'

export { validationError } from './routeSteps/input'
export { clearSessionCookie, setSessionCookie } from './routeSteps/session'
export type { Download } from './routeSteps/answer'

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers checked against the contract (tests, development) or only written by compiled serializers (production). */
    responseChecks: boolean
  }
}

export interface RouteContext<E extends Endpoint> {
  request: FastifyRequest
  reply: FastifyReply
  query: z.output<E['query']>
  body: z.output<E['body']>
  services: Services
  /** The session of the request's cookie, if any (public endpoints). */
  currentSession: AuthSession | null
  /** The signed-in session; a 401 when there is none (never for auth endpoints, checked before the handler). */
  session(): AuthSession
  /** The session with its current organization; a 409 no_organization during onboarding. */
  organization(): OrganizationSession
}

export type Handler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<z.input<E['response']>>

export interface RouteOptions<E extends Endpoint = Endpoint> {
  /** Fastify route config (request limits are `limit` below, counted in the database). */
  config?: FastifyContextConfig
  /**
   * Counts the request against a limit shared by every server (services/rateLimit.ts) before
   * anything else runs, and outside the request transaction of an idempotent request (a hit
   * counted inside it would be undone when the request fails); a RateLimited refusal is a 429 with
   * Retry-After.
   */
  limit?: (ctx: RouteContext<E>) => Promise<void>
  /** Bytes of body this endpoint takes instead of the server's default (413 beyond). */
  bodyLimit?: number
  /**
   * Reads the raw body instead of Fastify's parsed one (multipart endpoints); runs after the
   * session check, so nobody without a session can make the server read an upload.
   */
  readBody?: (request: FastifyRequest) => Promise<unknown>
  /**
   * Answers the requests it takes (e.g. format=csv) with a file instead of the handler's JSON; null
   * leaves the request to the handler. The file is not JSON, so the response schema does not check it.
   */
  download?: (ctx: RouteContext<E>) => Promise<Download | null>
  /**
   * Keeps the endpoint's serialized answers (issue 16): `ticket` names the request's cache key and
   * reads the version of the data, before the handler reads the data (null: this request is not
   * cached); `expiresAt` (ms) is when an answer changes by itself, without any write. A kept answer
   * of the same key and version is sent as the bytes it was (ETag, 304, compressed once).
   */
  cache?: {
    store: AnswerCache
    ticket: (ctx: RouteContext<E>) => Promise<CacheTicket | null>
    expiresAt: (answer: z.input<E['response']>, ticket: CacheTicket) => number
  }
}

/** What the steps before the handler made of a request: its session, then its context. */
const sessions = new WeakMap<FastifyRequest, AuthSession | null>()
const contexts = new WeakMap<FastifyRequest, RouteContext<Endpoint>>()

function contextOf<E extends Endpoint>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  input: { query: z.output<E['query']>; body: z.output<E['body']> }
): RouteContext<E> {
  const currentSession = sessions.get(request) ?? null
  const session = () => {
    if (!currentSession) throw unauthenticated()
    return currentSession
  }
  const organization = () => {
    const s = session()
    if (!s.organization) throw noOrganization()
    return s as OrganizationSession
  }
  return { request, reply, query: input.query, body: input.body, services, currentSession, session, organization }
}

/**
 * Registers one contract endpoint, its concerns as Fastify hooks of the route, in this order:
 * onRequest refuses a session endpoint without a cookie before the body is read; preHandler resolves
 * the session and enforces the entry's access (./routeSteps/session.ts, services/authorize.ts), reads and
 * validates the input with the entry's zod schemas (./routeSteps/input.ts), renews the session and
 * counts the request against its `limit`. The handler then answers: a `download`, a kept answer
 * (`cache`), or the handler's, once per Idempotency-Key for `idempotent` entries (./routeSteps/answer.ts).
 * With response checks on (tests, development) every answer is checked against the contract, so the
 * server cannot drift from it; in production it is written by the endpoint's compiled serializer.
 */
export function route<E extends Endpoint>(app: FastifyInstance, services: Services, endpoint: E, handler: Handler<E>, options: RouteOptions<E> = {}): void {
  const checks = app.hasDecorator('responseChecks') ? app.responseChecks : true
  const session: preHandlerAsyncHookHandler = async (request) => {
    sessions.set(request, await resolveSession(services, endpoint, request))
  }
  const input: preHandlerAsyncHookHandler = async (request, reply) => {
    const ctx = contextOf<E>(request, reply, services, await readInput(endpoint, request, options.readBody))
    await renewSession(services, endpoint, ctx.currentSession, request, reply)
    contexts.set(request, ctx as RouteContext<Endpoint>)
  }
  const limit = options.limit
  const limited: preHandlerAsyncHookHandler = async (request, reply) => {
    try {
      await limit!(contexts.get(request) as RouteContext<E>)
    } catch (error) {
      if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds))
      throw error
    }
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.config,
    bodyLimit: options.bodyLimit,
    onRequest: endpoint.auth === true ? requireSessionCookie : undefined,
    preHandler: limit ? [session, input, limited] : [session, input],
    handler: async (request, reply) => {
      const ctx = contexts.get(request) as RouteContext<E>
      const download = options.download ? await options.download(ctx) : null
      if (download) return sendDownload(reply, download)
      const a = answering(endpoint, checks, request, () => handler(ctx))
      const ticket = options.cache ? await options.cache.ticket(ctx) : null
      if (options.cache && ticket) return sendThroughCache(a, options.cache, ticket, request, reply)
      return sendAnswer(a, endpoint, { services, session: ctx.currentSession, query: ctx.query, body: ctx.body }, request, reply)
    }
  })
}
