import { z } from 'zod'
import type { ApiScope } from '../../domain/apiKeys'
import { singleLineText } from '../../domain/text'

/*
 * The public API's contract (issue 28): `/api/v1`, called with an organization's API key
 * (`Authorization: Bearer <key>`), never with a session cookie. One entry per operation, from which
 * the server registers its routes (src/server/routes/v1/), the OpenAPI 3.1 document is generated
 * (./openapi.ts) and, from that, the typed client (./client.gen.ts). Errors are problem details
 * (RFC 9457, ./problem.ts); lists are keyset-paged (`limit`, opaque `cursor`, answered `next`).
 */

export const V1_BASE = '/api/v1'
/** The document and the reference page: the only /api/v1 addresses that need no key. */
export const V1_OPENAPI_PATH = '/openapi.json'
export const V1_REFERENCE_PATH = '/reference'
/** Each key's requests are counted per minute, in the database so every server process shares them (config.apiKeyRequestsPerMinute). */
export const V1_RATE_WINDOW_MS = 60_000
/** Where the reference is: the app links here (Settings → Organization → API, the docs). */
export const V1_REFERENCE_URL = '/api/v1/reference'

export type V1Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export interface V1Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType
> {
  /** The OpenAPI operationId, and the entry's name in `v1Endpoints`. */
  operationId: string
  method: V1Method
  /** Relative to V1_BASE, with OpenAPI path parameters: '/slots/{slotId}'. */
  path: string
  /** The key scope the operation needs (403 without it). */
  scope: ApiScope
  /** The group in the reference. */
  tag: 'Slots' | 'Posts' | 'Analytics' | 'Members' | 'Webhooks'
  summary: string
  description?: string
  params: P
  query: Q
  body: B
  response: R
  /** The status of a success: 201 for creates. */
  status: 200 | 201
  /**
   * Fields of the answer sent only the first time: an Idempotency-Key replay answers them as null, so the
   * idempotency table never holds a secret (as the app's own `oneTimeFields`).
   */
  oneTimeFields?: readonly string[]
}

export const noInput = z.undefined()

export function v1<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Omit<V1Endpoint<P, Q, B, R>, 'status'> & { status?: 200 | 201 }
): V1Endpoint<P, Q, B, R> {
  return { status: e.method === 'POST' ? 201 : 200, ...e }
}

/** Keyset paging: at most `limit` items, then `next` is the cursor of the page after (null on the last page). */
export const PAGE_LIMIT_MAX = 200
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50).describe('Items per page (1-200, default 50).'),
  cursor: singleLineText().trim().min(1).max(500).optional().describe('The `next` of the page before; opaque.')
}
export const nextSchema = z.string().nullable().describe('The cursor of the next page; null on the last page.')

/** Path parameters are ids (uuids; anything else is simply not found). */
export const pathId = singleLineText().trim().min(1).max(100)
