import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { PROBLEM_CONTENT_TYPE, problemTitle, problemType, type Problem } from '../../../shared/api/v1/contract'
import { ApiError, databaseUnavailable, isDatabaseUnavailable, isStorageFull, storageFull } from '../../errors'
import { RateLimited } from '../../services/rateLimit'

/*
 * /api/v1's errors as problem details (RFC 9457, docs/decisions/0010): whatever a use case, a step
 * or Fastify throws becomes `application/problem+json` with the app's code and message; a client's
 * mistake is always a 4xx, only a fault of ours a 500.
 */

/** Where a field error points: `#/<field>` in the body, `#/query/<field>`, `#/path/<field>`. */
export type InputPart = 'body' | 'query' | 'path'

/** A validation failure of one part of the request, with a field error per issue (the first message per field). */
export class V1ValidationError extends ApiError {
  constructor(
    readonly part: InputPart,
    readonly issues: z.core.$ZodIssue[]
  ) {
    super(400, 'validation', issues[0]?.message ?? 'Check the request and try again.')
  }
}

const pointerOf = (part: InputPart, path: readonly PropertyKey[]) =>
  `#${part === 'body' ? '' : `/${part}`}${path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`

function problemOf(error: unknown): { problem: Problem; headers: Record<string, string> } {
  const make = (status: number, code: string, detail: string, errors?: Problem['errors']): Problem => ({
    type: problemType(code),
    title: problemTitle(status),
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {})
  })
  if (error instanceof V1ValidationError) {
    const seen = new Set<string>()
    const errors = error.issues.flatMap((issue) => {
      const pointer = pointerOf(error.part, issue.path)
      if (seen.has(pointer)) return []
      seen.add(pointer)
      return [{ pointer, detail: issue.message }]
    })
    return { problem: make(400, 'validation', error.message, errors), headers: {} }
  }
  if (error instanceof ApiError) {
    // A use case's field errors name body fields.
    const errors = error.fields ? Object.entries(error.fields).map(([field, detail]) => ({ pointer: pointerOf('body', field.split('.')), detail })) : undefined
    const headers: Record<string, string> = error instanceof RateLimited ? { 'Retry-After': String(error.retryAfterSeconds) } : {}
    return { problem: make(error.statusCode, error.code, error.message, errors), headers }
  }
  const status = (error as FastifyError).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (error as FastifyError).code
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return { problem: make(400, 'invalid_json', 'The request body is not valid JSON.'), headers: {} }
    }
    if (status === 415) return { problem: make(415, 'unsupported_media_type', 'Send the request as JSON.'), headers: {} }
    if (status === 413) return { problem: make(413, 'too_large', 'The request is too large.'), headers: {} }
    return { problem: make(status, 'bad_request', 'The request could not be processed.'), headers: {} }
  }
  if (isDatabaseUnavailable(error)) {
    const e = databaseUnavailable()
    return { problem: make(e.statusCode, e.code, e.message), headers: { 'Retry-After': '5' } }
  }
  if (isStorageFull(error)) {
    const e = storageFull()
    return { problem: make(e.statusCode, e.code, e.message), headers: {} }
  }
  return { problem: make(500, 'internal', 'Something went wrong. Please try again later.'), headers: {} }
}

export function sendProblem(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { problem, headers } = problemOf(error)
  if (problem.status >= 500) request.log.error({ err: error, method: request.method, url: request.url }, 'unexpected error')
  reply.serializer(JSON.stringify)
  for (const [name, value] of Object.entries(headers)) reply.header(name, value)
  if (problem.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="pagecrew"')
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem)
}

export const notFoundProblem = (detail = 'No such API endpoint.') => new ApiError(404, 'not_found', detail)
