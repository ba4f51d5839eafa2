import { createHash } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Endpoint } from '../../../shared/api/contract'
import type { ApiScope } from '../../../shared/domain/apiKeys'
import { hasEntitlement } from '../../../shared/rules'
import { PLAN_FEATURE_MESSAGES } from '../../../shared/api/endpoints/access'
import { V1_BASE, V1_RATE_WINDOW_MS, type V1Endpoint } from '../../../shared/api/v1/contract'
import { forbidden, planLimit, unauthenticated } from '../../errors'
import { idempotencyKeyOf, requestHash } from '../../http/idempotency'
import { responseSerializer } from '../../http/serializers'
import type { Services } from '../../services'
import { apiKeyActor, type ApiKeyActor } from '../../services/actor'
import type { ApiKeyAuthenticator } from '../../services/apiKeys/principal'
import { isUuid } from '../../services/ids'
import { V1ValidationError, type InputPart } from './problems'

/*
 * One /api/v1 operation as a Fastify route (issue 28). Before the handler, in this order:
 * the Bearer step (`Authorization: Bearer <key>` → services.apiKeys.authenticate, 401 when it
 * answers null; cookies are never read here), the key's rate limit (counted in the database, so
 * every server process shares it; 429 + Retry-After), the operation's scope (403), the plan's API
 * feature (402), then the input against the contract's zod schemas (400 with field errors). The
 * handler acts as the key's organization (services/actor.ts). A POST with an Idempotency-Key runs
 * once per key and API key, through the app's idempotency machinery.
 */

export interface V1Context<E extends V1Endpoint> {
  request: FastifyRequest
  reply: FastifyReply
  actor: ApiKeyActor
  params: z.output<E['params']>
  query: z.output<E['query']>
  body: z.output<E['body']>
}

export type V1Handler<E extends V1Endpoint> = (ctx: V1Context<E>) => Promise<z.input<E['response']>>

export interface V1Deps {
  services: Services
  authenticator: ApiKeyAuthenticator
  /** Answers checked against the contract (tests, development) or written by the compiled serializer only. */
  checks: boolean
  /** Requests each key may make per minute (config.apiKeyRequestsPerMinute). */
  requestsPerMinute: number
}

const BEARER = /^Bearer[ \t]+([\x21-\x7e]{1,512})[ \t]*$/i
export const MISSING_KEY = 'Send an API key: Authorization: Bearer <key>.'
export const INVALID_KEY = 'This API key is not valid: it may have been revoked or have expired.'

/** The key's scope is missing: what the 403 says. */
export const missingScope = (scope: ApiScope) => `This API key does not have the ${scope} scope.`

/** Fastify's '/slots/:slotId' for the contract's '/slots/{slotId}'. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

function parsePart<S extends z.ZodType>(schema: S, raw: unknown, part: InputPart): z.output<S> {
  if (schema instanceof z.ZodUndefined) return undefined as z.output<S>
  const input = raw === undefined || raw === null ? {} : raw
  const result = schema.safeParse(input)
  if (!result.success) throw new V1ValidationError(part, result.error.issues)
  return result.data
}

/**
 * The idempotency table keeps a uuid per caller: the key's id when it is one, else a uuid made of
 * its hash (never a user's: keys and users are kept apart by the `endpoint` column too).
 */
function callerIdOf(keyId: string): string {
  if (isUuid(keyId)) return keyId
  const h = createHash('sha256').update(`apiKey|${keyId}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

async function bearerActor(deps: V1Deps, request: FastifyRequest, endpoint: V1Endpoint): Promise<ApiKeyActor> {
  const header = request.headers.authorization
  if (header === undefined || header === '') throw unauthenticated(MISSING_KEY)
  const match = BEARER.exec(header)
  if (!match) throw unauthenticated(MISSING_KEY)
  const principal = await deps.authenticator.authenticate(match[1]!, request.ip)
  if (!principal) throw unauthenticated(INVALID_KEY)
  await deps.services.requestLimits.hit(`apiKey|${principal.keyId}`, { max: deps.requestsPerMinute, windowMs: V1_RATE_WINDOW_MS })
  if (!principal.scopes.includes(endpoint.scope)) throw forbidden(missingScope(endpoint.scope))
  if (!hasEntitlement(await deps.services.entitlements.list(principal.organizationId), 'API')) throw planLimit(PLAN_FEATURE_MESSAGES.API)
  return apiKeyActor(principal)
}

const contexts = new WeakMap<FastifyRequest, V1Context<V1Endpoint>>()

export function v1Route<E extends V1Endpoint>(app: FastifyInstance, deps: V1Deps, endpoint: E, handler: V1Handler<E>): void {
  // The compiled serializer reads only `response` (http/serializers.ts).
  const serialize = () => responseSerializer(endpoint as unknown as Endpoint)
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    preHandler: async (request, reply) => {
      const actor = await bearerActor(deps, request, endpoint)
      contexts.set(request, {
        request,
        reply,
        actor,
        params: parsePart(endpoint.params, request.params, 'path'),
        query: parsePart(endpoint.query, request.query, 'query'),
        body: parsePart(endpoint.body, request.body, 'body')
      })
    },
    handler: async (request, reply) => {
      const ctx = contexts.get(request) as V1Context<E>
      const answer = async (): Promise<string> => {
        const result = await handler(ctx)
        if (!deps.checks) return serialize()(result)
        const checked = endpoint.response.safeParse(result)
        if (!checked.success) {
          request.log.error({ issues: checked.error.issues, path: endpoint.path }, 'response does not match the v1 contract')
          throw new Error(`Response of ${endpoint.method} ${V1_BASE}${endpoint.path} does not match the contract`)
        }
        const written = serialize()(result)
        if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
          throw new Error(`The compiled serializer of ${endpoint.method} ${V1_BASE}${endpoint.path} differs from the contract`)
        }
        return written
      }
      reply.status(endpoint.status).type('application/json; charset=utf-8')
      const key = endpoint.method === 'POST' ? idempotencyKeyOf(request) : undefined
      if (key === undefined) return reply.send(await answer())
      let first: string | undefined
      const kept = await deps.services.idempotency.run(
        {
          userId: callerIdOf(ctx.actor.apiKey.keyId),
          organizationId: ctx.actor.organization.id,
          key,
          endpoint: `apiKey ${endpoint.method} ${V1_BASE}${endpoint.path}`,
          requestHash: requestHash({ params: ctx.params, query: ctx.query }, ctx.body)
        },
        async () => {
          const body = await answer()
          if (!endpoint.oneTimeFields?.length) return { status: endpoint.status, body }
          // Sent this once; what is kept (and replayed) holds them as null.
          first = body
          const withheld = Object.fromEntries(endpoint.oneTimeFields.map((field) => [field, null]))
          return { status: endpoint.status, body: JSON.stringify({ ...(JSON.parse(body) as object), ...withheld }) }
        }
      )
      if (kept.replayed) reply.header('Idempotent-Replayed', 'true')
      return reply.status(kept.status).send(!kept.replayed && first !== undefined ? first : kept.body)
    }
  })
}

