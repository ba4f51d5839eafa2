import { z } from 'zod'
import { multiLineText, singleLineText } from '../../domain/text'
import { endpoint, none, ok } from './base'
import { emailSchema, optionalUrlSchema } from './common'

/* Before sign-in and the session: configuration, sign-up, sign-in and out, switching and creating organizations. */

export const publicConfigSchema = z.object({
  helpCenterUrl: z.string(),
  supportChat: z.object({ appId: z.string(), region: z.enum(['us', 'eu', 'ap']) }).nullable(),
  version: z.string()
})
export type PublicConfig = z.infer<typeof publicConfigSchema>

export const sessionSchema = z.object({
  userId: z.string(),
  email: z.string(),
  organizationId: z.string().nullable(),
  organizationWorkOSId: z.string().nullable(),
  /** True until the user has an organization: the client sends them to onboarding. */
  needsOnboarding: z.boolean()
})
export type Session = z.infer<typeof sessionSchema>

export const signupBodySchema = z.object({
  email: emailSchema,
  password: singleLineText().min(8, 'Use at least 8 characters.').max(256, 'Use at most 256 characters.'),
  fullName: singleLineText().trim().min(1, 'Enter your full name.').max(200, 'Use at most 200 characters.')
})

export const loginBodySchema = z.object({
  email: emailSchema,
  password: singleLineText().min(1, 'Enter your password.').max(256)
})

export const createOrganizationBodySchema = z.object({
  organizationName: singleLineText().trim().min(1, 'Enter the organization name.').max(200),
  /** Onboarding details (the company step); optional for 'Create new organization'. */
  linkedInCompanyName: singleLineText().trim().max(200).optional(),
  linkedInPageLink: optionalUrlSchema.optional(),
  linkedInWebsite: optionalUrlSchema.optional(),
  industry: singleLineText().trim().max(200).optional(),
  linkedInCompanyDescription: multiLineText().trim().max(2000).optional()
})

export const authEndpoints = {
  // Configuration the renderer needs before sign-in.
  getConfig: endpoint({ method: 'GET', path: '/config', query: none, body: none, response: publicConfigSchema, auth: false }),

  // Auth (built-in provider, DESIGN.md §3)
  signup: endpoint({ method: 'POST', path: '/auth/signup', query: none, body: signupBodySchema, response: sessionSchema, auth: false }),
  login: endpoint({ method: 'POST', path: '/auth/login', query: none, body: loginBodySchema, response: sessionSchema, auth: false }),
  /**
   * The session, or null for a signed-out caller: signed out is an answer here, not a refusal, so a
   * browser logs no failed request on the sign-in screens. Every other signed-in endpoint answers 401.
   */
  getSession: endpoint({ method: 'GET', path: '/auth', query: none, body: none, response: sessionSchema.nullable(), auth: 'optional' }),
  logout: endpoint({ method: 'GET', path: '/auth/logout', query: none, body: none, response: ok, auth: false }),
  /** Ends every session of the user, this one included (then sign in again); the cookie is cleared. */
  logoutEverywhere: endpoint({ method: 'POST', path: '/auth/logout-everywhere', query: none, body: none, response: ok }),
  switchOrganization: endpoint({
    method: 'POST',
    path: '/auth/switch-organization',
    query: none,
    body: z.object({ organizationWorkOSId: singleLineText().min(1).max(200) }),
    response: sessionSchema
  }),
  createOrganization: endpoint({
    method: 'POST',
    path: '/auth/create-organization',
    query: none,
    body: createOrganizationBodySchema,
    response: z.object({ id: z.string(), organizationWorkOSId: z.string(), name: z.string() })
  })
} as const
