import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Endpoint } from '../../../shared/api/contract'
import { ApiError, badRequest } from '../../errors'

/* The input step of route(): a JSON endpoint takes JSON, and its query and body pass the contract's zod schemas (400 with a message per field). */

const isUndefinedSchema = (schema: z.ZodType) => schema instanceof z.ZodUndefined
const isForm = (request: FastifyRequest) => /^\s*(multipart\/|application\/x-www-form-urlencoded)/i.test(String(request.headers['content-type'] ?? ''))

/** `{"email": "Enter a valid email address."}` from a zod error: the first message per field. */
function zodFields(error: z.ZodError): Record<string, string> {
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

/** The request's query and body as the endpoint's schemas make them; `readBody` reads a multipart body instead of Fastify's parsed one. */
export async function readInput<E extends Endpoint>(
  endpoint: E,
  request: FastifyRequest,
  readBody?: (request: FastifyRequest) => Promise<unknown>
): Promise<{ query: z.output<E['query']>; body: z.output<E['body']> }> {
  // JSON endpoints take JSON. In a scope that also parses forms (teams, post media) a form
  // would reach them as no body at all, and e.g. POST /posts/create would make an empty draft.
  if (!endpoint.multipart && !isUndefinedSchema(endpoint.body) && isForm(request)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request as JSON.')
  }
  const query = parseInput<E['query']>(endpoint.query, request.query)
  const body = parseInput<E['body']>(endpoint.body, readBody ? await readBody(request) : request.body)
  return { query, body }
}
