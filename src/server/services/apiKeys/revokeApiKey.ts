import { and, eq, isNull } from 'drizzle-orm'
import { API_KEY_MESSAGES, type ApiKey } from '../../../shared/domain/apiKeys'
import { apiKeys } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import { keysOf } from './listApiKeys'
import type { ApiKeyDeps } from './types'
import { keyLabel } from './views'

/*
 * POST /organization/api-keys/revoke: refused from the next request on, by every server process
 * (authenticate reads the key's row on every call). 404 for a key of another organization, 409
 * when it already is revoked.
 */

export async function revokeApiKey(deps: ApiKeyDeps, session: OrganizationSession, id: string): Promise<ApiKey> {
  const { db, clock } = deps
  if (!isUuid(id)) throw notFound(API_KEY_MESSAGES.notFound)
  const organizationId = session.organization.id
  return db.transaction(async (tx) => {
    const now = clock.now()
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedBy: session.userId })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
      .returning()
    if (!row) {
      const [existing] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
      throw existing ? conflict(API_KEY_MESSAGES.alreadyRevoked) : notFound(API_KEY_MESSAGES.notFound)
    }
    await record(tx, {
      organizationId,
      at: now,
      actor: sessionActor(session),
      action: 'api_key.revoked',
      target: { type: 'api_key', id: row.id, label: keyLabel(row) },
      before: { revokedAt: null },
      after: { revokedAt: now.toISOString() }
    })
    const [apiKey] = await keysOf(tx, organizationId, id)
    return apiKey!
  })
}
