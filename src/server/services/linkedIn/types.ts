import type { LinkedInClient } from '../../adapters/linkedin/linkedin'
import type { LinkedInSandbox } from '../../adapters/linkedin/sandbox'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { createTokenCipher } from '../tokenCrypto'

/* What the LinkedIn connection's use cases take: their input, the dependencies and the context made from them (docs/architecture.md, "Writing and publishing"). */

export type LinkedInStatus = 'connected' | 'missing' | 'expired'

export interface CompleteInput {
  state: string
  code?: string
  error?: string
  errorDescription?: string
}

export interface LinkedInDeps {
  db: Database
  clock: Clock
  adapter: LinkedInClient
  config: { tokenKey: string | null; dataDir: string }
  log?: (message: string) => void
}

/** Made once by createLinkedInService from its dependencies. */
export interface LinkedInContext {
  db: Database
  clock: Clock
  adapter: LinkedInClient
  log: (message: string) => void
  /** Encrypts the tokens and the PKCE verifier, each under a context of its own. */
  cipher: ReturnType<typeof createTokenCipher>
  /** The built-in sandbox when it is in use, else null. */
  sandbox: LinkedInSandbox | null
}
