import { randomUUID } from 'node:crypto'
import { and, count, eq, isNull } from 'drizzle-orm'
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS, type ApiKey, type ApiScope } from '../../../shared/domain/apiKeys'
import { apiKeys, organizations } from '../../db/schema'
import { badRequest, conflict, isUniqueViolation } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { keysOf } from './listApiKeys'
import { hashKey, newKey, newPrefix } from './secrets'
import type { ApiKeyDeps } from './types'
import { keyLabel } from './views'

/* POST /organization/api-keys/create: a new key, its secret answered this once (docs/architecture.md, "API keys"). */

export interface CreateApiKeyInput {
  name: string
  scopes: ApiScope[]
  /** null: never expires. Must be in the future. */
  expiresAt: string | null
}

export async function createApiKey(deps: ApiKeyDeps, session: OrganizationSession, input: CreateApiKeyInput): Promise<{ apiKey: ApiKey; key: string }> {
  const { db, clock } = deps
  const now = clock.now()
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt)
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badRequest(API_KEY_MESSAGES.expiryInPast, { expiresAt: API_KEY_MESSAGES.expiryInPast })
  const organizationId = session.organization.id
  // A prefix collision (40 random bits) is retried with a new one.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // One organization's creates queue here, so the active-key limit holds under racing requests.
        await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update')
        const [active] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
        if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw conflict(API_KEY_MESSAGES.tooMany)
        const prefix = newPrefix()
        const key = newKey(prefix)
        const id = randomUUID()
        await tx.insert(apiKeys).values({
          id,
          organizationId,
          name: input.name,
          prefix,
          secretHash: hashKey(key),
          scopes: input.scopes,
          expiresAt,
          createdBy: session.userId,
          createdAt: now
        })
        await record(tx, {
          organizationId,
          at: now,
          actor: sessionActor(session),
          action: 'api_key.created',
          target: { type: 'api_key', id, label: keyLabel({ name: input.name, prefix }) },
          after: { name: input.name, scopes: input.scopes, expiresAt: expiresAt?.toISOString() ?? null }
        })
        const [apiKey] = await keysOf(tx, organizationId, id)
        return { apiKey: apiKey!, key }
      })
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err, 'api_keys_prefix_unique')) continue
      throw err
    }
  }
}
