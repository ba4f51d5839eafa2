import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/**
 * An organization's API keys (issue 28): the key is `pck_<prefix>_<secret>`, shown once when it is
 * created; only its SHA-256 is kept, found by the visible prefix. A key acts as the organization
 * with its scopes only. Revoked keys stay (the list and the audit log name them).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `pck_` + 8 Crockford base32 characters: the visible part, unique over every organization. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    secretHash: text('secret_hash').notNull(),
    /** Values of API_SCOPES (shared/domain/apiKeys.ts); at least one. */
    scopes: text('scopes').array().notNull(),
    /** null: never expires. */
    expiresAt: instant('expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Written at most once a minute per key (services/apiKeys/authenticate.ts). */
    lastUsedAt: instant('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    /** The last refused use written to the audit log: at most one entry a minute per key. */
    lastRefusedAt: instant('last_refused_at')
  },
  (t) => [
    uniqueIndex('api_keys_prefix_unique').on(t.prefix),
    index('api_keys_org_created_idx').on(t.organizationId, t.createdAt),
    check('api_keys_scopes_check', sql`cardinality(${t.scopes}) >= 1`)
  ]
)
