import { z } from 'zod'
import { ssoDomainInputSchema, ssoModeSchema, ssoSettingsSchema, SSO_MESSAGES } from '../../domain/sso'
import { multiLineText, singleLineText } from '../../domain/text'
import { sessionSchema } from './auth'
import { endpoint, none } from './base'
import { emailSchema } from './common'

export const ssoEndpoints = {
  // Single sign-on (issue 17): an Enterprise organization's OpenID Connect provider; admins only.
  getSso: endpoint({ role: 'admin', refused: SSO_MESSAGES.onlyAdmins, method: 'GET', path: '/organization/sso', query: none, body: none, response: ssoSettingsSchema }),
  /**
   * Saves the provider (checked by OpenID Connect discovery: 400 when it fails) and the domain list:
   * new domains wait for their DNS proof, removed ones are dropped. clientSecret: omitted keeps the
   * stored one. 402 outside Enterprise.
   */
  putSso: endpoint({ role: 'admin', refused: SSO_MESSAGES.onlyAdmins,
    method: 'PUT',
    path: '/organization/sso',
    query: none,
    body: z.object({
      issuerUrl: singleLineText({ error: SSO_MESSAGES.issuerInvalid }).trim().min(1, SSO_MESSAGES.issuerInvalid).max(2048),
      clientId: singleLineText({ error: SSO_MESSAGES.clientIdMissing }).trim().min(1, SSO_MESSAGES.clientIdMissing).max(500),
      clientSecret: singleLineText().min(1, SSO_MESSAGES.clientSecretMissing).max(2000).optional(),
      required: z.boolean(),
      domains: z.array(ssoDomainInputSchema).max(50)
    }),
    response: ssoSettingsSchema
  }),
  /** Looks the domain's TXT record up; 409 when another organization has verified the domain. */
  verifySsoDomain: endpoint({ role: 'admin', refused: SSO_MESSAGES.onlyAdmins,
    method: 'POST',
    path: '/organization/sso/verify-domain',
    query: none,
    body: z.object({ domain: ssoDomainInputSchema }),
    response: ssoSettingsSchema
  }),
  /** Public: whether the email's domain signs in with single sign-on, and at which organization. */
  discoverSso: endpoint({
    method: 'POST',
    path: '/auth/sso/discover',
    query: none,
    body: z.object({ email: emailSchema }),
    response: z.object({ sso: ssoModeSchema, organizationName: z.string().nullable() }),
    auth: false
  }),
  /**
   * Public: the provider's authorization address (code flow, PKCE S256, state and nonce kept for 10
   * minutes). redirectUri: the web app's /callback, a loopback http://127.0.0.1:<port>/callback or
   * pagecrew://callback, as for LinkedIn.
   */
  startSso: endpoint({
    method: 'POST',
    path: '/auth/sso/start',
    query: none,
    body: z.object({ email: emailSchema, redirectUri: singleLineText().trim().min(1).max(2048) }),
    response: z.object({ url: z.string() }),
    auth: false
  }),
  /** What the provider sent back to /callback; signs in (JIT join as MEMBER within the seats) and answers the session. */
  ssoCallback: endpoint({
    method: 'GET',
    path: '/auth/sso/callback',
    query: z.object({
      state: singleLineText().trim().min(1).max(200),
      code: singleLineText().trim().min(1).max(2000).optional(),
      iss: singleLineText().trim().max(2048).optional(),
      error: singleLineText().max(200).optional(),
      error_description: multiLineText().max(2000).optional()
    }),
    body: none,
    response: sessionSchema,
    auth: false
  })
} as const
