import { and, eq } from 'drizzle-orm'
import type { ApiScope } from '../../shared/domain/apiKeys'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { memberships } from '../db/schema'
import { createApiKeyService, type ApiKeyService } from '../services/apiKeys'
import type { OrganizationSession } from '../services/sessions'

/*
 * Real API keys for /api/v1 tests, made through the key service (services/apiKeys) as an admin of
 * the organization would make them in Settings: the secret as the service answers it once.
 */

export interface IssuedKey {
  id: string
  key: string
  revoke(): Promise<void>
}

async function adminSessionOf(db: Database, organizationId: string, userId: string): Promise<OrganizationSession> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
  if (!row) throw new Error('not a member of that organization')
  return {
    tokenHash: 'test',
    userId,
    email: 'admin@example.com',
    expiresAt: new Date(Date.now() + 86_400_000),
    organization: { id: organizationId, organizationWorkOSId: organizationId, role: row.role }
  }
}

export function apiKeyIssuer(deps: { db: Database; clock: Clock }): {
  service: ApiKeyService
  issue(organizationId: string, adminUserId: string, scopes: readonly ApiScope[], name?: string): Promise<IssuedKey>
} {
  const service = createApiKeyService(deps)
  let counter = 0
  return {
    service,
    async issue(organizationId, adminUserId, scopes, name = `Test key ${++counter}`) {
      const session = await adminSessionOf(deps.db, organizationId, adminUserId)
      const { apiKey, key } = await service.create(session, { name, scopes: [...scopes], expiresAt: null })
      return { id: apiKey.id, key, revoke: async () => void (await service.revoke(session, apiKey.id)) }
    }
  }
}
