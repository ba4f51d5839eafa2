import fastJson from 'fast-json-stringify'
import { z } from 'zod'
import type { Endpoint } from '../../shared/api/contract'

/**
 * Compiled response serializers (issue 16): each endpoint's answer written by fast-json-stringify
 * (Fastify's own serializer) from a JSON Schema made of the contract's zod response schema. The
 * compiled writer knows every field and its type in advance, so it skips both zod's re-validation
 * and JSON.stringify's generic walk; like zod's parse, it writes only the fields the contract names.
 *
 * Production (responseChecks off) serializes with it alone. Tests and development (responseChecks
 * on) still parse every answer with zod, and also check that the compiled writer gives the same
 * JSON, so a contract the compiler reads differently fails a test instead of reaching a user.
 */
type ResponseSerializer = (data: unknown) => string

const compiled = new WeakMap<Endpoint, ResponseSerializer>()

/** The endpoint's response as JSON Schema (draft 7, what fast-json-stringify reads). */
function responseJsonSchema(endpoint: Endpoint): Record<string, unknown> {
  // unrepresentable: 'any' — a part zod cannot describe (none in the contract today) is written by JSON.stringify.
  return z.toJSONSchema(endpoint.response, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>
}

/** The endpoint's compiled serializer, built on first use. */
export function responseSerializer(endpoint: Endpoint): ResponseSerializer {
  let serializer = compiled.get(endpoint)
  if (!serializer) {
    serializer = fastJson(responseJsonSchema(endpoint) as unknown as Parameters<typeof fastJson>[0]) as ResponseSerializer
    compiled.set(endpoint, serializer)
  }
  return serializer
}
