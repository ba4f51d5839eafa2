import type { ApiScope } from '../../../shared/domain/apiKeys'

/** An API key as a request acts through it: its organization, with the key's scopes only, never as a person (issue 28). */
export interface ApiKeyPrincipal {
  keyId: string
  organizationId: string
  /** The key's name: writes record "API key <name>" as their actor (services/audit.ts apiKeyActorName). */
  name: string
  scopes: readonly ApiScope[]
}

/**
 * Resolves the secret of an `Authorization: Bearer <key>` header against the database on every call
 * (a revoked key is refused by every process at once): null for an unknown, revoked or expired key,
 * whose refused use is written to the organization's audit log when the key is known.
 */
export interface ApiKeyAuthenticator {
  authenticate(secret: string, ip: string): Promise<ApiKeyPrincipal | null>
}
