import type { HostResolver, OutboundFetch, OutboundPolicy } from '../../adapters/outboundFetch'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { createTokenCipher } from '../tokenCrypto'

/* What the single sign-on use cases take: their inputs and dependencies (docs/architecture.md, "Single sign-on"). */

export interface SaveSsoInput {
  issuerUrl: string
  clientId: string
  clientSecret?: string
  required: boolean
  domains: string[]
}

export interface SsoCallbackInput {
  state: string
  code?: string
  iss?: string
  error?: string
  error_description?: string
}

type TxtResolver = (hostname: string) => Promise<string[][]>

/** What tests replace (createServer's `sso`). */
export interface SsoOptions {
  /** DNS TXT lookups of the domain proof; default node:dns. */
  resolveTxt?: TxtResolver
  /** The outbound-fetch policy's host resolution; default node:dns lookup. */
  resolveHost?: HostResolver
  /** Wraps the policy's fetch (a test looks into or changes the provider's answers); the policy stays underneath. */
  wrapFetch?: (fetch: OutboundFetch) => OutboundFetch
}

export interface SsoConfig {
  tokenKey: string | null
  dataDir: string
  ssoSkipDomainProof: boolean
  outboundAllowLoopback: boolean
}

/** What createSsoService is given. */
export type SsoDeps = {
  db: Database
  clock: Clock
  config: SsoConfig
  log?: (message: string) => void
} & SsoOptions

/** What the use cases take: createSsoService's dependencies with the defaults, the cipher and the outbound policy made once. */
export interface SsoContext {
  db: Database
  clock: Clock
  config: SsoConfig
  resolveTxt: TxtResolver
  log: (message: string) => void
  /** Encrypts the client secret and the PKCE verifier (the LinkedIn tokens' key, contexts of their own). */
  cipher: ReturnType<typeof createTokenCipher>
  policy: OutboundPolicy
  /** The outbound-fetch policy's fetch, wrapped by the tests' wrapFetch when given. */
  outbound: OutboundFetch
}
