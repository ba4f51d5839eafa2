import type { ApiKey } from '../../../shared/domain/apiKeys'
import type { OrganizationSession } from '../sessions'
import { authenticate } from './authenticate'
import { createApiKey, type CreateApiKeyInput } from './createApiKey'
import { listApiKeys } from './listApiKeys'
import type { ApiKeyAuthenticator } from './principal'
import { revokeApiKey } from './revokeApiKey'
import type { ApiKeyDeps } from './types'

/*
 * An organization's API keys (issue 28): created and revoked by its admins (audited), resolved from
 * `Authorization: Bearer <key>` by authenticate on every call. One use case per file; this facade
 * only delegates. The decisions are in docs/architecture.md, "API keys".
 */

export type { ApiKeyAuthenticator, ApiKeyPrincipal } from './principal'
export type { CreateApiKeyInput } from './createApiKey'
export type { ApiKeyDeps } from './types'
export { API_KEY_WRITE_INTERVAL_MS } from './types'

export interface ApiKeyService extends ApiKeyAuthenticator {
  /** The organization's keys, newest first, revoked ones too; never a secret. */
  list(session: OrganizationSession): Promise<ApiKey[]>
  /** A new key (audited); `key` is the whole secret key, answered this once and never stored. 409 past MAX_ACTIVE_API_KEYS. */
  create(session: OrganizationSession, input: CreateApiKeyInput): Promise<{ apiKey: ApiKey; key: string }>
  /** Revoked now (audited): every process refuses it from the next call. 404 for another organization's key, 409 when already revoked. */
  revoke(session: OrganizationSession, id: string): Promise<ApiKey>
}

export function createApiKeyService(deps: ApiKeyDeps): ApiKeyService {
  return {
    authenticate: (key, ip) => authenticate(deps, key, ip),
    list: (session) => listApiKeys(deps, session),
    create: (session, input) => createApiKey(deps, session, input),
    revoke: (session, id) => revokeApiKey(deps, session, id)
  }
}
