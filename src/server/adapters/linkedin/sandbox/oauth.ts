import { createHash, randomBytes } from 'node:crypto'
import { DAY_MS, LINKEDIN_CONNECT_TTL_MS, LINKEDIN_REFRESH_TOKEN_DAYS, LINKEDIN_TOKEN_DAYS } from '../../../../shared/constants'
import { LinkedInGrantError, type AuthorizationRequest, type LinkedInClient, type LinkedInTokens } from '../linkedin'
import { SANDBOX_AUTHORIZE_PATH, SANDBOX_CLIENT_ID, SANDBOX_SCOPE, SANDBOX_SIGN_IN_UNKNOWN, SandboxAuthorizeError, type PendingSignIn, type SandboxAuthorizeParams, type SandboxState } from './types'

/* The sandbox as an OAuth 2.0 authorization server like LinkedIn's (docs/architecture.md, "Writing and publishing"). */

/** The sandbox member id of a Pagecrew user: stable across reconnects, like a LinkedIn member id. */
export function sandboxMemberId(userId: string): string {
  return createHash('sha256').update(`pagecrew-sandbox-member:${userId}`).digest('base64url').slice(0, 10)
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
const text = (value: unknown) => (typeof value === 'string' ? value : '')

const forgetExpired = ({ clock, signIns, codes }: SandboxState) => {
  const now = clock.now().getTime()
  for (const [key, value] of signIns) if (value.expiresAt <= now) signIns.delete(key)
  for (const [key, value] of codes) if (value.expiresAt <= now) codes.delete(key)
}

export const authorizeParams = (query: Record<string, unknown>): SandboxAuthorizeParams => {
  const params = {
    response_type: text(query.response_type),
    client_id: text(query.client_id),
    redirect_uri: text(query.redirect_uri),
    state: text(query.state),
    scope: text(query.scope),
    code_challenge: text(query.code_challenge),
    code_challenge_method: text(query.code_challenge_method)
  }
  if (params.response_type !== 'code') throw new SandboxAuthorizeError('response_type must be code.')
  if (params.client_id !== SANDBOX_CLIENT_ID) throw new SandboxAuthorizeError('This application is not known to the sandbox.')
  if (!/^(https?|pagecrew):\/\//.test(params.redirect_uri)) throw new SandboxAuthorizeError('The redirect address is missing or not allowed.')
  if (!params.state) throw new SandboxAuthorizeError('The request has no state.')
  if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
    throw new SandboxAuthorizeError('The request needs a PKCE code challenge (S256).')
  }
  return params as SandboxAuthorizeParams
}

/**
 * The live sign-in these parameters belong to. The page is anonymous (it opens in the system
 * browser), so the state is what ties it to a connection Pagecrew started: without one the
 * sandbox would send anyone's browser, code and all, to any address a form names (an open
 * redirect). Like LinkedIn's check of the registered redirect URLs: only back to the address
 * the connection was started with, which the server checked (services/linkedIn/).
 */
export const liveSignIn = (state: SandboxState, params: SandboxAuthorizeParams): PendingSignIn => {
  forgetExpired(state)
  const signIn = state.signIns.get(params.state)
  if (!signIn) throw new SandboxAuthorizeError(SANDBOX_SIGN_IN_UNKNOWN)
  if (signIn.redirectUri !== params.redirect_uri || signIn.codeChallenge !== params.code_challenge) {
    throw new SandboxAuthorizeError('The redirect address is missing or not allowed.')
  }
  return signIn
}

export function authorizationUrl(state: SandboxState, request: AuthorizationRequest): string {
  const { clock } = state
  forgetExpired(state)
  state.signIns.set(request.state, {
    memberId: sandboxMemberId(request.user.id),
    memberName: request.user.fullName,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    expiresAt: clock.now().getTime() + LINKEDIN_CONNECT_TTL_MS
  })
  const url = new URL(SANDBOX_AUTHORIZE_PATH, request.serverUrl)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: SANDBOX_CLIENT_ID,
    redirect_uri: request.redirectUri,
    state: request.state,
    scope: SANDBOX_SCOPE,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256'
  }).toString()
  return url.toString()
}

export function decide(state: SandboxState, form: Record<string, unknown>): string {
  const { clock } = state
  const params = authorizeParams(form)
  const signIn = liveSignIn(state, params)
  // One answer per sign-in: a second post of the same form finds nothing.
  state.signIns.delete(params.state)
  const target = new URL(signIn.redirectUri)
  if (form.decision !== 'allow') {
    target.searchParams.set('error', 'user_cancelled_authorize')
    target.searchParams.set('error_description', 'The user cancelled the authorization')
    target.searchParams.set('state', params.state)
    return target.toString()
  }
  const code = randomBytes(32).toString('base64url')
  state.codes.set(code, {
    memberId: signIn.memberId,
    memberName: signIn.memberName,
    redirectUri: signIn.redirectUri,
    codeChallenge: params.code_challenge,
    scope: params.scope || SANDBOX_SCOPE,
    expiresAt: clock.now().getTime() + LINKEDIN_CONNECT_TTL_MS
  })
  target.searchParams.set('code', code)
  target.searchParams.set('state', params.state)
  return target.toString()
}

export async function exchangeCode(state: SandboxState, { code, codeVerifier, redirectUri }: Parameters<LinkedInClient['exchangeCode']>[0]): Promise<LinkedInTokens> {
  const { clock } = state
  forgetExpired(state)
  const issued = state.codes.get(code)
  // Single use, whatever the outcome (LinkedIn's codes are too).
  state.codes.delete(code)
  if (!issued) throw new LinkedInGrantError('The authorization code expired or was already used.')
  if (issued.redirectUri !== redirectUri) throw new LinkedInGrantError('The redirect address does not match the authorization request.')
  if (s256(codeVerifier) !== issued.codeChallenge) throw new LinkedInGrantError('The code verifier does not match the code challenge.')
  const now = clock.now().getTime()
  const withRefresh = !state.omitRefreshToken
  state.omitRefreshToken = false
  return {
    accessToken: `sbx-at-${randomBytes(32).toString('base64url')}`,
    expiresAt: new Date(now + LINKEDIN_TOKEN_DAYS * DAY_MS),
    refreshToken: withRefresh ? `sbx-rt-${randomBytes(32).toString('base64url')}` : null,
    refreshTokenExpiresAt: withRefresh ? new Date(now + LINKEDIN_REFRESH_TOKEN_DAYS * DAY_MS) : null,
    scope: issued.scope,
    memberId: issued.memberId,
    memberName: issued.memberName
  }
}
