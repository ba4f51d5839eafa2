import { z } from 'zod'
import {
  entitlementSchema,
  notificationSchema,
  organizationSchema,
  userSchema
} from '../domain'

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
  /** false for the few endpoints reachable without a session. */
  auth: boolean
}

const none = z.undefined()
const ok = z.object({ ok: z.literal(true) })

function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Omit<Endpoint<Q, B, R>, 'auth'> & { auth?: boolean }
): Endpoint<Q, B, R> {
  return { auth: true, ...e }
}

export const sessionSchema = z.object({
  userId: z.string(),
  email: z.string(),
  organizationId: z.string().nullable(),
  organizationWorkOSId: z.string().nullable(),
  /** True until the user has an organization: the client sends them to onboarding. */
  needsOnboarding: z.boolean()
})
export type Session = z.infer<typeof sessionSchema>

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address.' }))

export const signupBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(8, 'Use at least 8 characters.').max(256, 'Use at most 256 characters.'),
  fullName: z.string().trim().min(1, 'Enter your full name.').max(200, 'Use at most 200 characters.')
})

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.').max(256)
})

export const optionalUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Enter a full address starting with https://')

export const createOrganizationBodySchema = z.object({
  organizationName: z.string().trim().min(1, 'Enter the organization name.').max(200),
  /** Onboarding details (the company step); optional for 'Create new organization'. */
  linkedInCompanyName: z.string().trim().max(200).optional(),
  linkedInPageLink: optionalUrlSchema.optional(),
  linkedInWebsite: optionalUrlSchema.optional(),
  industry: z.string().trim().max(200).optional(),
  linkedInCompanyDescription: z.string().trim().max(2000).optional()
})

export const timezoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}, 'Choose a valid time zone.')

export const updateUserDetailsBodySchema = z
  .object({
    fullName: z.string().trim().min(1, 'Enter your full name.').max(200).optional(),
    timezone: timezoneSchema.optional(),
    image: z.string().max(2048).nullable().optional()
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update.')

export const publicConfigSchema = z.object({
  helpCenterUrl: z.string(),
  supportChat: z.object({ appId: z.string(), region: z.enum(['us', 'eu', 'ap']) }).nullable(),
  version: z.string()
})
export type PublicConfig = z.infer<typeof publicConfigSchema>

export const endpoints = {
  // Configuration the renderer needs before sign-in.
  getConfig: endpoint({ method: 'GET', path: '/config', query: none, body: none, response: publicConfigSchema, auth: false }),

  // Auth (built-in provider, DESIGN.md §3)
  signup: endpoint({ method: 'POST', path: '/auth/signup', query: none, body: signupBodySchema, response: sessionSchema, auth: false }),
  login: endpoint({ method: 'POST', path: '/auth/login', query: none, body: loginBodySchema, response: sessionSchema, auth: false }),
  getSession: endpoint({ method: 'GET', path: '/auth', query: none, body: none, response: sessionSchema }),
  logout: endpoint({ method: 'GET', path: '/auth/logout', query: none, body: none, response: ok, auth: false }),
  switchOrganization: endpoint({
    method: 'POST',
    path: '/auth/switch-organization',
    query: none,
    body: z.object({ organizationWorkOSId: z.string().min(1).max(200) }),
    response: sessionSchema
  }),
  createOrganization: endpoint({
    method: 'POST',
    path: '/auth/create-organization',
    query: none,
    body: createOrganizationBodySchema,
    response: z.object({ id: z.string(), organizationWorkOSId: z.string(), name: z.string() })
  }),

  // User
  getUser: endpoint({ method: 'GET', path: '/user', query: none, body: none, response: userSchema }),
  updateUserDetails: endpoint({ method: 'PUT', path: '/user/update-user-details', query: none, body: updateUserDetailsBodySchema, response: userSchema }),
  updateUserEmail: endpoint({ method: 'PUT', path: '/user/update-user-email', query: none, body: z.object({ email: emailSchema }), response: userSchema }),
  updateGuidelineReadStatus: endpoint({ method: 'PUT', path: '/user/update-guideline-read-status', query: none, body: z.object({ read: z.boolean() }).optional(), response: userSchema }),

  // Organization
  getOrganization: endpoint({ method: 'GET', path: '/organization', query: none, body: none, response: organizationSchema }),
  updateOrganizationSettings: endpoint({
    method: 'PUT',
    path: '/organization/settings/organization/update',
    query: none,
    body: z.object({ name: z.string().trim().min(1, 'Enter the organization name.').max(200) }),
    response: organizationSchema
  }),

  // Academy certificates: public look-up used by /validate-certification (renders bare, no auth).
  validateCertification: endpoint({
    method: 'GET',
    path: '/academy/certificates/validate',
    query: z.object({ certificateId: z.string().trim().min(1, 'Enter a certificate ID.').max(100) }),
    body: none,
    response: z.object({
      certificateId: z.string(),
      holderName: z.string(),
      courseTitle: z.string(),
      issuedAt: z.iso.datetime({ offset: true })
    }),
    auth: false
  }),

  // Billing
  getEntitlements: endpoint({ method: 'GET', path: '/billing/verify/entitled', query: none, body: none, response: z.array(entitlementSchema) }),

  // Notifications
  listNotifications: endpoint({ method: 'GET', path: '/notification/list', query: none, body: none, response: z.array(notificationSchema) }),
  markNotificationRead: endpoint({
    method: 'PUT',
    path: '/notification/mark-as-read',
    query: none,
    body: z.object({ id: z.string().min(1).max(100).optional() }),
    response: z.object({ updated: z.number().int().nonnegative() })
  })
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

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
  /** 403: a state-changing request without the X-Pagecrew-Client header. */
  csrf: 403,
  /** 403: the role does not allow it. */
  forbidden: 403,
  /** 404: unknown, or not in the session's organization. */
  not_found: 404,
  method_not_allowed: 405,
  /** 409: e.g. an email already in use (`fields.email`). */
  conflict: 409,
  /** 409: the endpoint needs an organization and the session has none ('Create an organization first.'). */
  no_organization: 409,
  too_large: 413,
  unsupported_media_type: 415,
  /** 429: too many sign-in or sign-up attempts. */
  rate_limited: 429,
  /** 500: anything unexpected; details are only logged. */
  internal: 500
} as const satisfies Record<string, number>
export type ApiErrorCode = keyof typeof API_ERROR_CODES

export const API_BASE = '/api'
export const CLIENT_HEADER = 'x-pagecrew-client'
export const SESSION_COOKIE = 'pagecrew_session'
