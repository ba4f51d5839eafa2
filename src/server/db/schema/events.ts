import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'

/** Domain events and where each consumer is in their stream. */

/**
 * The outbox of domain events (docs/decisions/0002-domain-events-outbox.md): written in the same
 * transaction as the change, never updated. `transactionId` is the writing transaction's id
 * (pg_current_xact_id): consumers read only events of transactions older than every one still
 * running, in (transactionId, position) order, so an event committed late is never skipped.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    position: bigint('position', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    occurredAt: instant('occurred_at').notNull()
  },
  (t) => [index('domain_events_stream_idx').on(t.transactionId, t.position)]
)

/** Each consumer's place in the stream of domain events: the last (transaction, position) it handled. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull().default(0),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  updatedAt: instant('updated_at').notNull()
})
