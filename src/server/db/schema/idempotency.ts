import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/**
 * Idempotent creates (DESIGN.md §7): the first answer to a request carrying an Idempotency-Key, per
 * user, organization, key and endpoint, kept a day (services/idempotency.ts). The row is written in the
 * same transaction as the request's effect, so a committed row always has its answer and a request
 * that failed left none; a repeat waits on the row while the first is running, then replays it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // No foreign keys, on purpose: the row is inserted before the request's own work, and a foreign
    // key's check would share-lock the organization row that work then locks for update — two
    // requests of one organization would deadlock. Rows of deleted users or organizations simply
    // expire with the others.
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    /** The client's Idempotency-Key header (1-255 visible ASCII characters). */
    key: text('key').notNull(),
    /** e.g. 'POST /members/invite' */
    endpoint: text('endpoint').notNull(),
    /** SHA-256 (hex) of the validated query and body: the same key with other content is refused (422). */
    requestHash: text('request_hash').notNull(),
    /** The first answer; null only inside the transaction that is still producing it. */
    status: integer('status'),
    /** The answer's JSON text, replayed byte for byte. */
    body: text('body'),
    createdAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.key, t.endpoint] }), index('idempotency_keys_created_idx').on(t.createdAt)]
)
