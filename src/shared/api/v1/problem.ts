import { z } from 'zod'

/*
 * Errors of /api/v1 as problem details (RFC 9457), `application/problem+json`: `type` names the
 * kind of problem (a URN per error code), `title` says it in general, `detail` for this request,
 * `status` repeats the HTTP status; `code` is the app's error code and `errors` the fields that
 * failed validation, each with a JSON Pointer into the request. The app's own /api keeps its
 * `{ error: { code, message, fields } }` (docs/decisions/0010).
 */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'
export const problemType = (code: string): string => `urn:pagecrew:problem:${code}`

export const problemSchema = z
  .object({
    type: z.string().describe('A URN naming the kind of problem (urn:pagecrew:problem:<code>).'),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string(),
    code: z.string().describe("The error's code, as the app's API names it."),
    errors: z
      .array(z.object({ pointer: z.string().describe('A JSON Pointer into the query (#/query/…), body (#/…) or path (#/path/…).'), detail: z.string() }))
      .optional()
  })
  .meta({ id: 'Problem' })
export type Problem = z.infer<typeof problemSchema>

/** The title per status: what the problem is in general (the detail says what happened). */
export const PROBLEM_TITLES: Record<number, string> = {
  400: 'The request is not valid',
  401: 'A valid API key is needed',
  402: 'The plan does not include the API',
  403: 'The key may not do this',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'The request is too large',
  415: 'Unsupported media type',
  422: 'Idempotency-Key reused with other content',
  429: 'Too many requests',
  503: 'Service unavailable',
  507: 'Storage full'
}
export const problemTitle = (status: number): string => PROBLEM_TITLES[status] ?? (status >= 500 ? 'Server error' : 'The request failed')
