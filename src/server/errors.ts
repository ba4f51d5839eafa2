import type { ApiErrorBody, ApiErrorCode } from '../shared/api/contract'

/**
 * An error with an HTTP status and a human message, answered as
 * `{"error": {"code", "message", "fields"?}}` (DESIGN.md §3). Anything else thrown is a 500.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>
  ) {
    super(message)
    this.name = 'ApiError'
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } }
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code: ApiErrorCode = 'validation') =>
  new ApiError(400, code, message, fields)
export const unauthenticated = (message = 'Sign in to continue.') => new ApiError(401, 'unauthenticated', message)
export const forbidden = (message = 'You are not allowed to do that.') => new ApiError(403, 'forbidden', message)
/** Also for things in another organization: never reveal that they exist. */
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message)
export const planLimit = (message = 'Your plan does not include this. Upgrade your plan to continue.') =>
  new ApiError(402, 'plan_limit', message)
export const conflict = (message: string, fields?: Record<string, string>, code: ApiErrorCode = 'conflict') =>
  new ApiError(409, code, message, fields)
export const noOrganization = () => new ApiError(409, 'no_organization', 'Create an organization first.')

/** PostgreSQL unique_violation, seen through Drizzle's wrapper (error.cause) or raw. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pgErr = e as { code?: unknown; constraint?: unknown }
    if (pgErr.code === '23505') return constraint === undefined || pgErr.constraint === constraint
  }
  return false
}
