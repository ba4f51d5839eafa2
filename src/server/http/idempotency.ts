import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { IDEMPOTENCY_HEADER } from '../../shared/api/contract'
import { badRequest } from '../errors'
import { IDEMPOTENCY_MESSAGES } from '../services/idempotency'

/* The request side of idempotent creates (services/idempotency.ts): the key a request sent and what "the same request" is. */

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/** The request's Idempotency-Key; undefined when it sent none; a 400 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey, undefined, 'bad_request')
  return value
}

/** JSON with object keys sorted, so the hash does not depend on the order the client wrote them in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** SHA-256 of the validated query and body: what "the same request" means for a key. */
export function requestHash(query: unknown, body: unknown): string {
  return createHash('sha256').update(canonicalJson({ query, body })).digest('hex')
}
