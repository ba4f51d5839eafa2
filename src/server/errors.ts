import type { ApiErrorBody, ApiErrorCode } from '../shared/api/contract'
import { MESSAGES } from '../shared/api/messages'

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

/** The chain of causes of an error (Drizzle wraps the driver's error in `cause`), the error first. */
function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown; message?: unknown }
  }
}

/**
 * PostgreSQL server states that mean "not now" (57P01 admin_shutdown, also sent when the
 * postmaster died; 57P02 crash_shutdown; 57P03 cannot_connect_now: starting up or recovering) and
 * the socket errors of a server that is gone.
 */
const DATABASE_GONE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** node-postgres's and its pool's messages for a connection lost or not made in time. */
const DATABASE_GONE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/

/**
 * The database cannot be reached right now (down, restarting, or not answering in time): the
 * request did not change anything it could not roll back, and the client may try again (503).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const chain = [...causes(err)]
  // The same socket errors reach us from outside services through fetch: those are not the database's.
  if (chain.some((e) => e instanceof TypeError && e.message === 'fetch failed')) return false
  for (const e of chain) {
    if (typeof e.code === 'string' && DATABASE_GONE_CODES.has(e.code)) return true
    if (typeof e.message === 'string' && DATABASE_GONE_MESSAGE.test(e.message)) return true
  }
  return false
}

/** A write failed because the disk or the user's quota is full. */
export function isStorageFull(err: unknown): boolean {
  for (const e of causes(err)) if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true
  return false
}

export const databaseUnavailable = () => new ApiError(503, 'database_unavailable', MESSAGES.databaseUnavailable)
export const storageFull = () => new ApiError(507, 'storage_full', MESSAGES.storageFull)
