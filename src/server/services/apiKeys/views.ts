import type { ApiKey, ApiScope } from '../../../shared/domain/apiKeys'
import { apiKeys } from '../../db/schema'

type Row = typeof apiKeys.$inferSelect

/** A key as admins see it: never its hash. */
export const toApiKey = (row: Row, createdBy: string | null): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiScope[],
  createdAt: row.createdAt.toISOString(),
  createdBy,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedAddress: row.lastUsedIp,
  revokedAt: row.revokedAt?.toISOString() ?? null
})

/** What the audit log names a key by. */
export const keyLabel = (row: Pick<Row, 'name' | 'prefix'>) => `${row.name} (${row.prefix})`
