import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import type { Endpoint } from '../../../shared/api/contract'
import type { Services } from '../../services'
import type { AuthSession } from '../../services/sessions'
import { sendCachedAnswer, type AnswerCache, type CacheTicket } from '../answerCache'
import { idempotencyKeyOf, requestHash } from '../idempotency'
import { responseSerializer } from '../serializers'

/*
 * The answer steps of route(): the handler's answer checked against the contract (response checks),
 * a file instead of JSON (download), a kept answer (answer cache), the first answer of an
 * Idempotency-Key again (idempotency). Each is switched on per route by its option.
 */

/** A file answered instead of JSON: sent as it streams, with Content-Disposition: attachment. */
export interface Download {
  contentType: string
  fileName: string
  body: Readable
}

export function sendDownload(reply: FastifyReply, download: Download): FastifyReply {
  return reply
    .type(download.contentType)
    .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(download.body)
}

/** How this endpoint's answers are written: checked against the contract (tests, development) or by its compiled serializer only (production). */
export interface Answering<E extends Endpoint> {
  checks: boolean
  /** The compiled serializer, built on first use: compiling every endpoint's writer at start would delay the first answer. */
  serialize: () => (data: unknown) => string
  /** Runs the handler; with checks on, its answer must be what the contract and the compiled serializer make of it. */
  answer: () => Promise<z.input<E['response']>>
}

export function answering<E extends Endpoint>(endpoint: E, checks: boolean, request: FastifyRequest, handler: () => Promise<z.input<E['response']>>): Answering<E> {
  let serializer: ((data: unknown) => string) | undefined
  const serialize = () => (serializer ??= responseSerializer(endpoint))
  const answer = async () => {
    const result = await handler()
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
    return checked.data as z.input<E['response']>
  }
  return { checks, serialize, answer }
}

/** A kept answer of the same key and version, or the handler's, kept (ETag, 304, compressed once). */
export async function sendThroughCache<E extends Endpoint>(
  a: Answering<E>,
  cache: { store: AnswerCache; expiresAt: (answer: z.input<E['response']>, ticket: CacheTicket) => number },
  ticket: CacheTicket,
  request: FastifyRequest,
  reply: FastifyReply
) {
  const kept = cache.store.get(ticket)
  if (kept) return sendCachedAnswer(cache.store, ticket.key, kept, request, reply)
  const data = await a.answer()
  const entry = cache.store.set(ticket, a.checks ? JSON.stringify(data) : a.serialize()(data), cache.expiresAt(data, ticket))
  return sendCachedAnswer(cache.store, ticket.key, entry, request, reply)
}

/** The handler's answer; for an idempotent endpoint with a key (DESIGN.md §7), the first answer given to that key. */
export async function sendAnswer<E extends Endpoint>(
  a: Answering<E>,
  endpoint: E,
  input: { services: Services; session: AuthSession | null; query: unknown; body: unknown },
  request: FastifyRequest,
  reply: FastifyReply
) {
  // Production writes answers with the compiled serializer (after any preSerialization hook).
  if (!a.checks) reply.serializer(a.serialize())
  const key = endpoint.idempotent ? idempotencyKeyOf(request) : undefined
  const { session } = input
  if (key === undefined || !session?.organization) return reply.send(await a.answer())
  let first: string | undefined
  const kept = await input.services.idempotency.run(
    {
      userId: session.userId,
      organizationId: session.organization.id,
      key,
      endpoint: `${endpoint.method} ${endpoint.path}`,
      requestHash: requestHash(input.query, input.body)
    },
    async () => {
      const data = await a.answer()
      const write = (value: unknown) => (a.checks ? JSON.stringify(value) : a.serialize()(value))
      if (!endpoint.oneTimeFields?.length) return { status: reply.statusCode, body: write(data) }
      // Sent this once; what is kept (and replayed) holds them as null.
      first = write(data)
      const withheld = Object.fromEntries(endpoint.oneTimeFields.map((field) => [field, null]))
      return { status: reply.statusCode, body: write({ ...(data as object), ...withheld }) }
    }
  )
  if (kept.replayed) reply.header('Idempotent-Replayed', 'true')
  // The kept answer is JSON already: sent as it is, not through the compiled serializer again.
  if (!a.checks) reply.serializer((payload: unknown) => payload as string)
  return reply
    .status(kept.status)
    .type('application/json; charset=utf-8')
    .send(!kept.replayed && first !== undefined ? first : kept.body)
}
