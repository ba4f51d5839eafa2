import { resolveTxt as dnsResolveTxt } from 'node:dns/promises'
import type { SsoMode, SsoSettings } from '../../../shared/domain/sso'
import { createOutboundFetch } from '../../adapters/outboundFetch'
import type { OrganizationSession } from '../sessions'
import { createTokenCipher, loadTokenKey } from '../tokenCrypto'
import { completeSso } from './completeSso'
import { discoverSso } from './discoverSso'
import { requiringOrganization } from './requiringOrganization'
import { saveSso } from './saveSso'
import { ssoSettings } from './ssoSettings'
import { startSso } from './startSso'
import type { SaveSsoInput, SsoCallbackInput, SsoContext, SsoDeps } from './types'
import { verifyDomain } from './verifyDomain'

/*
 * Single sign-on per organization (issue 17), OpenID Connect through openid-client (the certified
 * relying party). One use case per file; this facade makes the cipher and the outbound-fetch
 * policy once and delegates. The rules are in docs/architecture.md, "Single sign-on".
 */

export { SSO_AUTHORIZATION_TTL_MS } from './signInState'
export { refusePasswordSession } from './requiringOrganization'
export type { SaveSsoInput, SsoCallbackInput, SsoConfig, SsoDeps, SsoOptions } from './types'

export interface SsoService {
  settings(session: OrganizationSession, serverUrl: string): Promise<SsoSettings>
  save(session: OrganizationSession, input: SaveSsoInput, serverUrl: string): Promise<SsoSettings>
  verifyDomain(session: OrganizationSession, domain: string, serverUrl: string): Promise<SsoSettings>
  /** 'required' makes password sign-in refuse the email (routes/auth.ts). */
  discover(email: string): Promise<{ sso: SsoMode; organizationName: string | null }>
  /** The organization whose Required single sign-on covers this email's domain, or null. */
  requiringOrganization(email: string): Promise<string | null>
  start(input: { email: string; redirectUri: string }, serverUrl: string): Promise<{ url: string }>
  /** The user to sign in and the organization their session starts in. */
  complete(input: SsoCallbackInput): Promise<{ userId: string; email: string; organization: { id: string; organizationWorkOSId: string } }>
}

export function createSsoService(deps: SsoDeps): SsoService {
  const { db, clock, config } = deps
  const policy = { allowLoopback: config.outboundAllowLoopback, resolve: deps.resolveHost }
  const policyFetch = createOutboundFetch(policy)
  const ctx: SsoContext = {
    db,
    clock,
    config,
    resolveTxt: deps.resolveTxt ?? dnsResolveTxt,
    log: deps.log ?? (() => undefined),
    cipher: createTokenCipher(() => loadTokenKey(config)),
    policy,
    outbound: deps.wrapFetch ? deps.wrapFetch(policyFetch) : policyFetch
  }
  return {
    settings: (session, serverUrl) => ssoSettings(ctx, session, serverUrl),
    save: (session, input, serverUrl) => saveSso(ctx, session, input, serverUrl),
    verifyDomain: (session, domain, serverUrl) => verifyDomain(ctx, session, domain, serverUrl),
    discover: (email) => discoverSso(ctx, email),
    requiringOrganization: (email) => requiringOrganization(ctx, email),
    start: (input, serverUrl) => startSso(ctx, input, serverUrl),
    complete: (input) => completeSso(ctx, input)
  }
}
