import { randomBytes, randomUUID } from 'node:crypto'
import type { ApiScope } from '../../shared/domain/apiKeys'
import type { ApiKeyAuthenticator, ApiKeyPrincipal } from '../services/apiKeys/principal'

/**
 * API keys in memory for /api/v1 tests, built on the authenticator's interface only (issue 28:
 * services.apiKeys keeps them in the database): issue, revoke, and what was asked of it.
 */
export interface FakeApiKeys extends ApiKeyAuthenticator {
  issue(organizationId: string, scopes: readonly ApiScope[], name?: string): { secret: string; principal: ApiKeyPrincipal }
  revoke(secret: string): void
}

export function fakeApiKeys(): FakeApiKeys {
  const keys = new Map<string, ApiKeyPrincipal>()
  return {
    async authenticate(secret) {
      return keys.get(secret) ?? null
    },
    issue(organizationId, scopes, name = 'Test key') {
      const secret = `pck_${randomBytes(24).toString('base64url')}`
      const principal: ApiKeyPrincipal = { keyId: randomUUID(), organizationId, name, scopes: [...scopes] }
      keys.set(secret, principal)
      return { secret, principal }
    },
    revoke(secret) {
      keys.delete(secret)
    }
  }
}
