import type { PlanStatus } from '../../../shared/domain/enums'
import type { PlanDefinition, PlanVariant } from '../../../shared/constants'
import type { subscriptions } from '../../db/schema'

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * Billing providers (DESIGN.md §4). The billing service (src/server/services/billing/) owns the
 * subscription row and its transactions; a provider only talks to the outside:
 * - builtin: nothing outside; checkout completes at once and the service writes the plan and an
 *   invoice itself (subscriptions, seats and invoices live in the database);
 * - stripe: Checkout Sessions, subscription item quantity/price updates, the Customer Portal and
 *   the pricing table; Stripe's state comes back through webhooks (POST /api/billing/webhooks/stripe).
 * Price ids of the plan table (PLANS[].variants[].priceId) are Stripe price lookup_keys.
 */
export interface BillingProvider {
  readonly kind: 'builtin' | 'stripe'
  /** Start buying a plan variant. */
  checkout(input: CheckoutInput): Promise<ProviderCheckout>
  /**
   * Set the paid seat quantity with the provider. Called inside the seat transaction (subscription
   * locked) before it commits: a throw rolls the whole change back.
   */
  updateSeats(input: { subscription: SubscriptionRow; quantity: number }): Promise<void>
  /** The customer portal where the customer manages payment details, invoices and cancellation. */
  portalUrl(input: { subscription: SubscriptionRow; organizationId: string; returnUrl: string }): Promise<string>
  /** The embeddable pricing table, when configured (Stripe). */
  pricingTable(): { publishableKey: string; pricingTableId: string } | null
}

export interface CheckoutInput {
  organizationId: string
  organizationName: string
  customerEmail: string
  plan: PlanDefinition
  variant: PlanVariant
  seatQuantity: number
  /** The organization's subscription row (trial or paid). */
  existing: SubscriptionRow
  /** Where the provider sends the browser back (absolute URLs of the renderer's /settings/billing). */
  successUrl: string
  cancelUrl: string
}

export type ProviderCheckout =
  /** builtin: the service applies the plan now and writes the invoice. */
  | { kind: 'completed' }
  /** stripe, no subscription yet: send the browser to Stripe Checkout; the webhook activates the plan. */
  | { kind: 'redirect'; url: string }
  /** stripe, existing subscription: the price was changed with the provider; apply this state now (the webhook confirms it). */
  | { kind: 'applied'; state: ProviderSubscriptionState }

/** A subscription as the provider reports it (Stripe subscription object or webhook), mapped to Pagecrew's terms. */
export interface ProviderSubscriptionState {
  organizationId: string
  priceId: string | null
  quantity: number
  status: PlanStatus
  currentPeriodEnd: Date | null
  trialEndsAt: Date | null
  /** When it ended or will end (cancel_at / ended_at); null while it renews. */
  endsAt: Date | null
  cancelAtPeriodEnd: boolean
  customerId: string | null
  subscriptionId: string | null
  /** The provider's time for this state (event.created): older states never overwrite newer ones. */
  observedAt: Date
}

export class BillingProviderError extends Error {
  override name = 'BillingProviderError'
}
