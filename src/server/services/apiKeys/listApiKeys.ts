import { desc, eq, sql } from 'drizzle-orm'
import type { ApiKey } from '../../../shared/domain/apiKeys'
import type { Executor } from '../../db/client'
import { apiKeys, users } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import type { ApiKeyDeps } from './types'
import { toApiKey } from './views'

/* GET /organization/api-keys: the organization's keys, newest first, revoked ones too (docs/architecture.md, "API keys"). */

export async function listApiKeys(deps: ApiKeyDeps, session: OrganizationSession): Promise<ApiKey[]> {
  return keysOf(deps.db, session.organization.id)
}

export async function keysOf(db: Executor, organizationId: string, id?: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, createdBy: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${users.email})` })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(id ? sql`${apiKeys.organizationId} = ${organizationId} and ${apiKeys.id} = ${id}` : eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
  return rows.map((r) => toApiKey(r.key, r.createdBy))
}
