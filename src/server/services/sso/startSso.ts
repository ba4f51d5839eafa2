import { lte } from 'drizzle-orm'
import { SSO_MESSAGES } from '../../../shared/domain/sso'
import { ssoAuthorizations } from '../../db/schema'
import { badRequest } from '../../errors'
import { isAllowedRedirect } from '../linkedIn'
import { providerForEmail } from './domains'
import { openIdClient, providerConfiguration } from './provider'
import { sha256, SSO_AUTHORIZATION_TTL_MS, verifierContext } from './signInState'
import type { SsoContext } from './types'

/*
 * POST /auth/sso/start: the provider's address for a code flow with PKCE S256, state and nonce;
 * the state is stored hashed with the encrypted verifier (docs/architecture.md, "Single sign-on").
 */

export async function startSso(ctx: SsoContext, input: { email: string; redirectUri: string }, serverUrl: string): Promise<{ url: string }> {
  const { db, clock, cipher } = ctx
  const { email, redirectUri } = input
  const oidc = await openIdClient()
  if (!isAllowedRedirect(redirectUri, serverUrl)) {
    throw badRequest(SSO_MESSAGES.redirectNotAllowed, { redirectUri: SSO_MESSAGES.redirectNotAllowed })
  }
  const found = await providerForEmail(ctx, email)
  if (!found) throw badRequest(SSO_MESSAGES.notOffered, { email: SSO_MESSAGES.notOffered })
  const configuration = await providerConfiguration(ctx, found.provider)
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  const verifier = oidc.randomPKCECodeVerifier()
  const stateHash = sha256(state)
  const now = clock.now()
  await db.transaction(async (tx) => {
    await tx.delete(ssoAuthorizations).where(lte(ssoAuthorizations.expiresAt, now))
    await tx.insert(ssoAuthorizations).values({
      stateHash,
      organizationId: found.organization.id,
      codeVerifierEncrypted: cipher.encrypt(verifier, verifierContext(stateHash)),
      nonce,
      redirectUri,
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SSO_AUTHORIZATION_TTL_MS)
    })
  })
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    login_hint: email
  })
  return { url: url.href }
}
