import { z } from 'zod'
import type { AuthorizationRequest, LinkedInClient, LinkedInConfig, LinkedInTokens } from '../linkedin'
import { LinkedInGrantError } from '../linkedin'
import { call, expectOk, json, messageOf, type RestContext } from './http'

/** OAuth 2.0 (authorization code, PKCE S256 alongside the client secret) and OpenID userinfo. */

const LINKEDIN_MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'] as const
const LINKEDIN_ORGANIZATION_SCOPE = 'w_organization_social'
/** Statistics (issue 14): a member's posts; a page's posts (with the organization scope). */
const LINKEDIN_MEMBER_ANALYTICS_SCOPE = 'r_member_postAnalytics'
const LINKEDIN_ORGANIZATION_ANALYTICS_SCOPE = 'rw_organization_admin'

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().positive().optional(),
  scope: z.string().optional()
})
const userInfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional()
})

/** The scopes the client asks for: posting as the member, and pages and statistics where configured. */
export function scopeOf(config: LinkedInConfig): string {
  return [
    ...LINKEDIN_MEMBER_SCOPES,
    ...(config.organizationScope ? [LINKEDIN_ORGANIZATION_SCOPE] : []),
    ...(config.analyticsScope ? [LINKEDIN_MEMBER_ANALYTICS_SCOPE] : []),
    ...(config.analyticsScope && config.organizationScope ? [LINKEDIN_ORGANIZATION_ANALYTICS_SCOPE] : [])
  ].join(' ')
}

export function authorizationUrl(config: LinkedInConfig, scope: string, { state, codeChallenge, redirectUri }: AuthorizationRequest): string {
  const url = new URL('/oauth/v2/authorization', config.oauthBase)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    state,
    scope,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256'
  }).toString()
  return url.toString()
}

export async function exchangeCode(
  { config, clock, timeoutMs }: RestContext,
  scope: string,
  { code, codeVerifier, redirectUri }: Parameters<LinkedInClient['exchangeCode']>[0]
): Promise<LinkedInTokens> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: config.clientId,
    client_secret: config.clientSecret,
    code_verifier: codeVerifier
  }).toString()
  const answer = await call(`${config.oauthBase}/oauth/v2/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(form)), accept: 'application/json' },
    body: form,
    timeoutMs
  })
  if (answer.status === 400 || answer.status === 401) throw new LinkedInGrantError(messageOf(answer))
  const tokens = json(expectOk(answer, 'the code exchange'), tokenAnswerSchema, 'the code exchange')
  const me = json(
    expectOk(
      await call(`${config.apiBase}/v2/userinfo`, { method: 'GET', headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' }, timeoutMs }),
      'userinfo'
    ),
    userInfoSchema,
    'userinfo'
  )
  const now = clock.now().getTime()
  const fullName = me.name ?? [me.given_name, me.family_name].filter(Boolean).join(' ')
  return {
    accessToken: tokens.access_token,
    expiresAt: new Date(now + tokens.expires_in * 1000),
    refreshToken: tokens.refresh_token ?? null,
    refreshTokenExpiresAt: tokens.refresh_token && tokens.refresh_token_expires_in ? new Date(now + tokens.refresh_token_expires_in * 1000) : null,
    scope: tokens.scope ?? scope,
    memberId: me.sub,
    memberName: fullName || null
  }
}
