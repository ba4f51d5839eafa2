import { and, eq, isNull, lte, or } from 'drizzle-orm'
import type { ApiScope } from '../../../shared/domain/apiKeys'
import { apiKeys } from '../../db/schema'
import { record } from '../audit'
import type { ApiKeyPrincipal } from './principal'
import { matches, prefixOf } from './secrets'
import { API_KEY_WRITE_INTERVAL_MS, type ApiKeyDeps } from './types'
import { keyLabel } from './views'

/*
 * `Authorization: Bearer <key>` (docs/architecture.md, "API keys"): the key's row is read on every
 * call — one indexed select by its prefix — so a revoke holds in every server process from the next
 * request on, with nothing cached to go stale. A known key that is revoked or expired is refused
 * and its use written to the audit log, at most once a minute per key (a script hammering with a
 * revoked key cannot flood the log); last used time and address are written at most once a minute
 * per key too, so a busy key costs a write a minute, not one per request. A malformed key, an
 * unknown prefix or a wrong secret is refused without a write.
 */

/** Longer addresses are cut (an IPv6 address with a zone fits). */
const MAX_ADDRESS_LENGTH = 100

export async function authenticate(deps: ApiKeyDeps, key: string, ip: string): Promise<ApiKeyPrincipal | null> {
  const { db, clock } = deps
  const prefix = prefixOf(key)
  if (!prefix) return null
  const [row] = await db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastRefusedAt: apiKeys.lastRefusedAt
    })
    .from(apiKeys)
    .where(eq(apiKeys.prefix, prefix))
  if (!row || !matches(key, row.secretHash)) return null
  const now = clock.now()
  const due = new Date(now.getTime() - API_KEY_WRITE_INTERVAL_MS)
  const address = ip.slice(0, MAX_ADDRESS_LENGTH)
  const refusal = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : null
  if (refusal) {
    if (!row.lastRefusedAt || row.lastRefusedAt.getTime() <= due.getTime()) {
      await db.transaction(async (tx) => {
        // The condition again in the update: of racing refusals (any process), one writes the entry.
        const [claimed] = await tx
          .update(apiKeys)
          .set({ lastRefusedAt: now })
          .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastRefusedAt), lte(apiKeys.lastRefusedAt, due))))
          .returning({ id: apiKeys.id })
        if (!claimed) return
        await record(tx, {
          organizationId: row.organizationId,
          at: now,
          actor: { apiKey: { id: row.id, name: row.name } },
          action: 'api_key.use_refused',
          target: { type: 'api_key', id: row.id, label: keyLabel(row) },
          after: { reason: refusal, address }
        })
      })
    }
    return null
  }
  if (!row.lastUsedAt || row.lastUsedAt.getTime() <= due.getTime()) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: address })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, due))))
  }
  return { keyId: row.id, organizationId: row.organizationId, name: row.name, scopes: row.scopes as ApiScope[] }
}
