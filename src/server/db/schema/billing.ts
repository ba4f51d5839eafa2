import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { PlanStatus } from '../../../shared/domain/enums'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'

/** An organization's subscription, its invoices and the billing provider's events and portal links. */

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** A plan id of PLANS (src/shared/constants.ts); null during the trial. */
    productId: text('product_id'),
    status: text('status').$type<PlanStatus>().notNull(),
    availableSeats: integer('available_seats').notNull(),
    minSeats: integer('min_seats').notNull().default(1),
    trialEndsAt: instant('trial_ends_at'),
    endsAt: instant('ends_at'),
    /** The bought plan variant (PLANS[].variants[].priceId; Stripe price lookup_key); null during the trial. */
    priceId: text('price_id'),
    /** End of the paid period; the subscription renews then unless cancelAtPeriodEnd. */
    currentPeriodEnd: instant('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** 'builtin' or 'stripe': which billing provider keeps this subscription. */
    provider: text('provider').notNull().default('builtin'),
    /** The provider's customer and subscription ids (Stripe cus_… / sub_…); null for built-in billing. */
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the provider last changed this row (webhook event time): older events are ignored. */
    providerUpdatedAt: instant('provider_updated_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    uniqueIndex('subscriptions_org_unique').on(t.organizationId),
    index('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    index('subscriptions_provider_customer_idx').on(t.providerCustomerId),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('trialing', 'on_trial', 'active', 'canceled', 'cancelled', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused', 'expired')`
    ),
    check('subscriptions_seats_check', sql`${t.availableSeats} >= 0 and ${t.minSeats} >= 1`)
  ]
)

/** Invoices of an organization's subscription (built-in billing writes them; Stripe's arrive by webhook). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Human invoice number, e.g. PC-2026-000123 (Stripe's number for Stripe invoices). */
    number: text('number').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** Amounts in minor units (cents); the currency is not shown (spec §9). */
    unitAmountCents: integer('unit_amount_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'paid' | 'open' | 'void'>().notNull(),
    periodStart: instant('period_start'),
    periodEnd: instant('period_end'),
    /** Where the provider shows this invoice (Stripe hosted_invoice_url); null for built-in billing. */
    url: text('url'),
    /** The provider's invoice id (Stripe in_…), unique per provider, so replays do not duplicate. */
    providerInvoiceId: text('provider_invoice_id'),
    createdAt: createdAt()
  },
  (t) => [
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('invoices_provider_invoice_unique').on(t.providerInvoiceId),
    check('invoices_status_check', sql`${t.status} in ('paid', 'open', 'void')`),
    check('invoices_amount_check', sql`${t.quantity} >= 0 and ${t.unitAmountCents} >= 0`)
  ]
)

/** Provider webhook events already applied (idempotency: a replayed event id changes nothing). */
export const billingEvents = pgTable('billing_events', {
  /** The provider's event id (Stripe evt_…). */
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  receivedAt: createdAt()
})

/** Short-lived links to the built-in billing portal (GET /billing/customer-portal-url); only the hash is kept. */
export const billingPortalTokens = pgTable(
  'billing_portal_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt()
  },
  (t) => [index('billing_portal_tokens_org_idx').on(t.organizationId)]
)
