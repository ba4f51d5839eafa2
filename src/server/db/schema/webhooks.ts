import { sql } from 'drizzle-orm'
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/** Outbound webhooks (issue 28): an organization's endpoints, the deliveries of events to them and each try. */

/**
 * Where an organization's events go. `kind` says how a delivery's body is made: 'standard' is the
 * Standard Webhooks JSON, signed with the endpoint's secret (`whsec_…`, AES-256-GCM at rest through
 * services/tokenCrypto.ts, context `webhook-secret:<id>`); 'slack' and 'teams' are chat channels
 * whose body a formatter builds (services/webhooks/formats.ts). Disabled by an admin ('manual') or
 * by the sender after every attempt failed for a day ('failing'); `failingSince` is the first failed
 * attempt since the last success.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'standard' | 'slack' | 'teams'>().notNull().default('standard'),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event names it hears (shared/api/events.ts, WEBHOOK_EVENTS). */
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<'manual' | 'failing'>(),
    disabledAt: instant('disabled_at'),
    failingSince: instant('failing_since'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The creator as the audit log names them (a person's name, or "API key <name>"). */
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt),
    check('webhook_endpoints_kind_check', sql`${t.kind} in ('standard', 'slack', 'teams')`),
    check('webhook_endpoints_disabled_reason_check', sql`${t.disabledReason} is null or ${t.disabledReason} in ('manual', 'failing')`)
  ]
)

/**
 * One event (or a test event) to one endpoint. `webhookId` is made once, so every retry and every
 * redelivery carries the same webhook-id (receivers deduplicate on it). One row per (endpoint,
 * event position): the consumer writes it in its transaction, exactly once. `leaseUntil`: a sender
 * has it in hand until then (another process's sender passes it over).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The domain event's position; null for a test event. */
    eventPosition: bigint('event_position', { mode: 'number' }),
    eventName: text('event_name').notNull(),
    webhookId: text('webhook_id').notNull(),
    /** The body's content: { type, timestamp, data }. */
    payload: jsonb('payload').$type<{ type: string; timestamp: string; data: Record<string, unknown> }>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Tries allowed before it is failed: the retry schedule's, or one more after a Redeliver of a finished one. */
    maxAttempts: integer('max_attempts').notNull(),
    nextAttemptAt: instant('next_attempt_at'),
    /** Asked for by an admin (Redeliver, the test event): tried even while the endpoint is off, and a failure does not count toward turning it off. */
    manual: boolean('manual').notNull().default(false),
    leaseUntil: instant('lease_until'),
    lastAttemptAt: instant('last_attempt_at'),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventPosition),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_org_idx').on(t.organizationId),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`)
  ]
)

/** Each try of a delivery: when, the answer's status code or the error, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: instant('attempted_at').notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull()
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)]
)
