import { z } from 'zod'
import type { PlanFeature } from './access'

/* What every endpoint file builds on: the Endpoint entry and its helper, the error body and codes, the API base and headers. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One entry per endpoint. Paths are relative to the API base `/api` (DESIGN.md §3) and are
 * exactly the spec's (§7). Both the server routes and the renderer client derive from these.
 */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType
> {
  method: HttpMethod
  path: string
  query: Q
  body: B
  response: R
  /**
   * true: a session is needed (401 without one). false for the few endpoints reachable without a
   * session. 'optional': answers with or without a session, and renews one like a signed-in call
   * (GET /auth, which tells a signed-out caller so with a 200, not a 401).
   */
  auth: boolean | 'optional'
  /**
   * Who among the organization's people may call it (docs/api.md, "Access by endpoint"), checked by
   * the server's route() before the body is read: 'admin' is ADMIN or GHOST (spec §6); 'adminOnly' is
   * ADMIN alone; 'leaderOrAdmin' adds whoever leads a team, and the use case then checks which team or
   * people they may touch.
   * Absent: any member. Implies a session with an organization (409 no_organization without one).
   */
  role?: EndpointRole
  /** The 403 message for someone the role leaves out (MESSAGES.onlyAdmins by default). */
  refused?: string
  /** The plan feature it needs (spec §4): a 402 plan_limit with the feature's message (PLAN_FEATURE_MESSAGES) without it. */
  entitlement?: PlanFeature
  /**
   * Present when the body is multipart/form-data instead of JSON (spec §7: team create/update).
   * `body` then describes the text fields (each a string, JSON-encoded where the spec says JSON);
   * `fileField` names the optional file part.
   */
  multipart?: { fileField: string }
  /**
   * Takes an optional Idempotency-Key header (DESIGN.md §7, one key per dialog submission): a repeat
   * with the same key gets the first answer again, same status and body, instead of a second effect.
   */
  idempotent?: boolean
  /**
   * Top-level answer fields given to the first request only (an API key's secret, issue 28): the
   * answer kept for an Idempotency-Key holds them as null, so a replay never carries them and the
   * database never holds them. The response schema must let them be null.
   */
  oneTimeFields?: readonly string[]
}

export type EndpointRole = 'admin' | 'adminOnly' | 'leaderOrAdmin'

/** An endpoint that takes no query or no body. */
export const none = z.undefined()
/** The answer of an endpoint that has nothing else to say. */
export const ok = z.object({ ok: z.literal(true) })

/** One endpoint entry; `auth` defaults to true (a session is needed). */
export function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Omit<Endpoint<Q, B, R>, 'auth'> & { auth?: Endpoint['auth'] }
): Endpoint<Q, B, R> {
  return { auth: true, ...e }
}

export type QueryOf<E extends Endpoint> = z.input<E['query']>
export type BodyOf<E extends Endpoint> = z.input<E['body']>
export type ResponseOf<E extends Endpoint> = z.output<E['response']>

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional()
  })
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

/** Every `error.code` the server answers with (DESIGN.md §3), with its HTTP status. */
export const API_ERROR_CODES = {
  /** 400: input failed the endpoint's schema; `fields` holds a message per field. */
  validation: 400,
  /** 400: the body is not JSON. */
  invalid_json: 400,
  bad_request: 400,
  /** 401: no (live) session. */
  unauthenticated: 401,
  /** 401: sign-in with a wrong email or password ('Incorrect email or password.'). */
  invalid_credentials: 401,
  /** 402: the plan does not include this (the client dispatches 'openPlanModal'). */
  plan_limit: 402,
  /** 402: the organization has no subscription at all ('Your organization has no plan. Please contact support.'). */
  no_plan: 402,
  /** 403: a state-changing request without the X-Pagecrew-Client header. */
  csrf: 403,
  /** 403: the role does not allow it. */
  forbidden: 403,
  /** 404: unknown, or not in the session's organization. */
  not_found: 404,
  method_not_allowed: 405,
  /** 410: a join link that was accepted already ('This invitation has already been used. Sign in instead.'). */
  join_link_used: 410,
  /** 410: an approve link that was used already or has expired (MESSAGES.approveLinkUsed / approveLinkExpired). */
  approve_link_spent: 410,
  /** 409: e.g. an email already in use (`fields.email`). */
  conflict: 409,
  /** 409: the endpoint needs an organization and the session has none ('Create an organization first.'). */
  no_organization: 409,
  too_large: 413,
  unsupported_media_type: 415,
  /** 422: an Idempotency-Key already used for this endpoint with other content ('This request was already sent with different content.'). */
  idempotency_mismatch: 422,
  /** 429 with Retry-After: too many sign-ups, tries at one join link or single sign-on requests from one address (and the like), or failed password checks (sign-in, joining, a credential change's current password). */
  rate_limited: 429,
  /** 500: anything unexpected; details are only logged. */
  internal: 500,
  /** 502: the billing provider failed or did not answer; nothing was changed. */
  bad_gateway: 502,
  /** 503: the database does not answer (MESSAGES.databaseUnavailable); the client may try again. */
  database_unavailable: 503,
  /** 507: the server ran out of disk space writing a file (MESSAGES.storageFull); the partial file is gone. */
  storage_full: 507
} as const satisfies Record<string, number>
export type ApiErrorCode = keyof typeof API_ERROR_CODES

export const API_BASE = '/api'
export const CLIENT_HEADER = 'x-pagecrew-client'
/** Endpoints marked `idempotent` read it (DESIGN.md §7); the client sends it as host.ts's IDEMPOTENCY_KEY_HEADER. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const SESSION_COOKIE = 'pagecrew_session'
