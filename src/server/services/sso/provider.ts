import type * as Oidc from 'openid-client'
import { SSO_MESSAGES } from '../../../shared/domain/sso'
import { checkOutboundUrl } from '../../adapters/outboundFetch'
import type { organizationSso } from '../../db/schema'
import { ApiError, badRequest } from '../../errors'
import { TokenDecryptError } from '../tokenCrypto'
import type { SsoConfig, SsoContext } from './types'

/*
 * The organization's OpenID Connect provider: discovery through the outbound-fetch policy, the
 * metadata's addresses checked, and the stored client secret (docs/architecture.md, "Single sign-on").
 */

/** The provider's metadata is unusable (an authorization endpoint that is not https, …). */
class ProviderMetadataRefused extends Error {
  override readonly name = 'ProviderMetadataRefused'
}

/** openid-client is loaded by the first single sign-on, not at start (issue 16: start-up time). */
export const openIdClient = () => import('openid-client')
const DISCOVERY_TIMEOUT_SECONDS = 5

export const secretContext = (organizationId: string) => `sso-client-secret:${organizationId}`

/** https, or http with the development setting (the policy then still allows loopback addresses only). */
export const allowedScheme = (config: SsoConfig, url: URL) => url.protocol === 'https:' || (url.protocol === 'http:' && config.outboundAllowLoopback)

/** OpenID Connect discovery through the outbound-fetch policy; its token and JWKS requests later go through it too. */
export async function discoverProvider(
  ctx: Pick<SsoContext, 'config' | 'policy' | 'outbound'>,
  issuerUrl: string,
  clientId: string,
  clientSecret: string
): Promise<Oidc.Configuration> {
  const { config, policy, outbound } = ctx
  const oidc = await openIdClient()
  const issuer = new URL(issuerUrl)
  const customFetch = outbound as Oidc.CustomFetch
  const configuration = await oidc.discovery(issuer, clientId, clientSecret, undefined, {
    timeout: DISCOVERY_TIMEOUT_SECONDS,
    // The policy decides what may be reached; openid-client's own https check would only refuse the development setting's http.
    execute: config.outboundAllowLoopback ? [oidc.allowInsecureRequests] : [],
    [oidc.customFetch]: customFetch
  })
  configuration[oidc.customFetch] = customFetch
  const metadata = configuration.serverMetadata()
  for (const [name, value] of [
    ['authorization_endpoint', metadata.authorization_endpoint],
    ['token_endpoint', metadata.token_endpoint],
    ['jwks_uri', metadata.jwks_uri]
  ] as const) {
    let url: URL | null
    try {
      url = value ? new URL(value) : null
    } catch {
      url = null
    }
    if (!url || !allowedScheme(config, url) || url.username || url.password) throw new ProviderMetadataRefused(`${name} ${String(value).slice(0, 200)} is not allowed`)
    // The addresses the server will call are checked now too (and again, pinned, when called).
    if (name !== 'authorization_endpoint') await checkOutboundUrl(url, policy)
  }
  return configuration
}

export function clientSecretOf(ctx: Pick<SsoContext, 'cipher' | 'log'>, provider: typeof organizationSso.$inferSelect): string | null {
  try {
    return ctx.cipher.decrypt(provider.clientSecretEncrypted, secretContext(provider.organizationId))
  } catch (err) {
    if (!(err instanceof TokenDecryptError)) throw err
    ctx.log(`The SSO client secret of organization ${provider.organizationId} cannot be decrypted (PAGECREW_TOKEN_KEY changed?); an admin must enter it again`)
    return null
  }
}

export async function providerConfiguration(ctx: Pick<SsoContext, 'cipher' | 'log' | 'config' | 'policy' | 'outbound'>, provider: typeof organizationSso.$inferSelect) {
  const secret = clientSecretOf(ctx, provider)
  if (secret === null) throw new ApiError(502, 'bad_gateway', SSO_MESSAGES.providerUnavailable)
  try {
    return await discoverProvider(ctx, provider.issuerUrl, provider.clientId, secret)
  } catch (err) {
    ctx.log(`SSO discovery failed for ${provider.issuerUrl}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
    // Metadata that cannot be used is the configuration's fault, not an outage: a 400, never a 500.
    if (err instanceof ProviderMetadataRefused) throw badRequest(SSO_MESSAGES.providerMisconfigured)
    throw new ApiError(502, 'bad_gateway', SSO_MESSAGES.providerUnavailable)
  }
}
