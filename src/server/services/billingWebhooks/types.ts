import type Stripe from 'stripe'
import type { ProviderSubscriptionState } from '../../adapters/billing/billing'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { invoices, subscriptions } from '../../db/schema'

/* What the Stripe webhooks' steps take and answer (docs/architecture.md, "Billing and plans"). */

export type ApplyOutcome = 'applied' | 'stale' | 'no_subscription'

export interface WebhookResult {
  duplicate: boolean
  organizationId: string | null
  outcome: ApplyOutcome | 'recorded' | 'unknown_organization' | 'ignored'
}

export type SubscriptionRow = typeof subscriptions.$inferSelect

export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'organizationId'>
export type InvoiceStatus = 'paid' | 'open' | 'void'

type Effect =
  | { kind: 'subscription'; state: ProviderSubscriptionState }
  | { kind: 'invoice'; values: InvoiceValues }
  | { kind: 'none'; outcome: WebhookResult['outcome'] }

export interface Prepared {
  organizationId: string | null
  effect: Effect
}

export interface StripeWebhookService {
  /** Applies one verified Stripe event (at most once per event id). Throws only for database or Stripe outages (Stripe retries). */
  handle(event: Stripe.Event): Promise<WebhookResult>
}

export interface StripeWebhookDeps {
  db: Database
  clock: Clock
  /** The Stripe client, made on first use (stripe-node is not loaded at start). */
  stripe: () => Promise<Stripe>
  log?: (message: string) => void
}

/** The service's dependencies, made once by createStripeWebhookService with the log's default. */
export interface StripeWebhookContext {
  db: Database
  clock: Clock
  stripe: () => Promise<Stripe>
  log: (message: string) => void
}
