import type {} from '@fastify/cookie'
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { SESSION_COOKIE, type Endpoint } from '../../shared/api/contract'
import { ApiError, badRequest, noOrganization, unauthenticated } from '../errors'
import type { Services } from '../services'
import { sendCachedAnswer, type AnswerCache, type CacheTicket } from './answerCache'
import { idempotencyKeyOf, requestHash } from './idempotency'
import { responseSerializer } from './serializers'
import { RateLimited } from '../services/rateLimit'
import type { AuthSession, OrganizationSession } from '../services/sessions'

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

const isUndefinedSchema = (schema: z.ZodType) => schema instanceof z.ZodUndefined
const isForm = (request: FastifyRequest) => /^\s*(multipart\/|application\/x-www-form-urlencoded)/i.test(String(request.headers['content-type'] ?? ''))

/** `{"email": "Enter a valid email address."}` from a zod error: the first message per field. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    if (key && !(key in fields)) fields[key] = issue.message
  }
  return fields
}

export function validationError(error: z.ZodError): ApiError {
  const fields = zodFields(error)
  const message = error.issues[0]?.message ?? 'Check the request and try again.'
  return badRequest(message, Object.keys(fields).length > 0 ? fields : undefined)
}

function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  if (isUndefinedSchema(schema)) return undefined as z.output<S>
  // No body at all: an object schema sees {} so its field messages come back ("Enter your full name.").
  const input = raw === undefined && !schema.safeParse(undefined).success ? {} : raw
  const result = schema.safeParse(input)
  if (!result.success) throw validationError(result.error)
  return result.data
}

/** A file answered instead of JSON: sent as it streams, with Content-Disposition: attachment. */
export interface Download {
  contentType: string
  fileName: string
  body: Readable
}

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

/**
 * Registers one contract endpoint: validates query and body with its zod schemas, resolves the
 * session (401 for auth endpoints without one; `auth: 'optional'` takes either) and runs the handler. With response checks on
 * (tests, development) its answer is checked against the response schema, so the server cannot
 * drift from the contract; in production it is written by the endpoint's compiled serializer
 * (./serializers.ts) instead.
 */
export function route<E extends Endpoint>(app: FastifyInstance, services: Services, endpoint: E, handler: Handler<E>, options: RouteOptions<E> = {}): void {
  const checks = app.hasDecorator('responseChecks') ? app.responseChecks : true
  // Built on first use: compiling every endpoint's writer at start would delay the first answer.
  const serialize = () => responseSerializer(endpoint)
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.config,
    bodyLimit: options.bodyLimit,
    // Signed out: refused before its body is read or parsed (an anonymous flood costs the least it can).
    onRequest:
      endpoint.auth === true
        ? async (request) => {
            if (!request.cookies[SESSION_COOKIE]) throw unauthenticated()
          }
        : undefined,
    handler: async (request, reply) => {
      const currentSession = await services.sessions.resolve(request.cookies[SESSION_COOKIE])
      if (endpoint.auth === true && !currentSession) throw unauthenticated()
      // The declared role and plan feature, before any of the body is read (docs/api.md, "Access by endpoint").
      if (currentSession) await services.authorizer.authorize(currentSession, endpoint)
      // JSON endpoints take JSON. In a scope that also parses forms (teams, post media) a form
      // would reach them as no body at all, and e.g. POST /posts/create would make an empty draft.
      if (!endpoint.multipart && !isUndefinedSchema(endpoint.body) && isForm(request)) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the request as JSON.')
      }
      const query = parseInput<E['query']>(endpoint.query, request.query)
      const body = parseInput<E['body']>(endpoint.body, options.readBody ? await options.readBody(request) : request.body)
      // A session in use slides (auth: true and 'optional'); public endpoints (login, logout…) leave it be.
      if (endpoint.auth !== false && currentSession) {
        const renewed = await services.sessions.refresh(currentSession)
        if (renewed) {
          currentSession.expiresAt = renewed
          setSessionCookie(request, reply, request.cookies[SESSION_COOKIE]!, renewed)
        }
      }
      const session = () => {
        if (!currentSession) throw unauthenticated()
        return currentSession
      }
      const ctx: RouteContext<E> = {
        request,
        reply,
        query,
        body,
        services,
        currentSession,
        session,
        organization: () => {
          const s = session()
          if (!s.organization) throw noOrganization()
          return s as OrganizationSession
        }
      }
      if (options.limit) {
        try {
          await options.limit(ctx)
        } catch (error) {
          if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds))
          throw error
        }
      }
      const download = options.download ? await options.download(ctx) : null
      if (download) {
        return reply
          .type(download.contentType)
          .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(download.body)
      }
      const answer = async () => {
        const result = await handler(ctx)
        if (!checks) return result
        const checked = endpoint.response.safeParse(result)
        if (!checked.success) {
          request.log.error({ issues: checked.error.issues, path: endpoint.path }, 'response does not match the API contract')
          throw new Error(`Response of ${endpoint.method} ${endpoint.path} does not match the contract`)
        }
        // What production would send (the compiled writer on the handler's own answer) must be what the contract makes of it.
        if (!isDeepStrictEqual(JSON.parse(serialize()(result)), JSON.parse(JSON.stringify(checked.data)))) {
          request.log.error({ path: endpoint.path }, 'the compiled serializer writes this answer differently from the contract')
          throw new Error(`The compiled serializer of ${endpoint.method} ${endpoint.path} differs from the contract`)
        }
        return checked.data
      }
      const ticket = options.cache ? await options.cache.ticket(ctx) : null
      if (options.cache && ticket) {
        const { store, expiresAt } = options.cache
        const kept = store.get(ticket)
        if (kept) return sendCachedAnswer(store, ticket.key, kept, request, reply)
        const data = await answer()
        const entry = store.set(ticket, checks ? JSON.stringify(data) : serialize()(data), expiresAt(data as z.input<E['response']>, ticket))
        return sendCachedAnswer(store, ticket.key, entry, request, reply)
      }
      // Production writes answers with the compiled serializer (after any preSerialization hook).
      if (!checks) reply.serializer(serialize())
      // Idempotent endpoints (DESIGN.md §7): with a key, the answer is the first one given to it.
      const key = endpoint.idempotent ? idempotencyKeyOf(request) : undefined
      if (key === undefined || !currentSession?.organization) return reply.send(await answer())
      const kept = await services.idempotency.run(
        {
          userId: currentSession.userId,
          organizationId: currentSession.organization.id,
          key,
          endpoint: `${endpoint.method} ${endpoint.path}`,
          requestHash: requestHash(query, body)
        },
        async () => {
          const data = await answer()
          return { status: reply.statusCode, body: checks ? JSON.stringify(data) : serialize()(data) }
        }
      )
      if (kept.replayed) reply.header('Idempotent-Replayed', 'true')
      // The kept answer is JSON already: sent as it is, not through the compiled serializer again.
      if (!checks) reply.serializer((payload: unknown) => payload as string)
      return reply.status(kept.status).type('application/json; charset=utf-8').send(kept.body)
    }
  })
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
