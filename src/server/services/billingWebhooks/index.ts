import { handleEvent } from './handleEvent'
import type { StripeWebhookContext, StripeWebhookDeps, StripeWebhookService } from './types'

/*
 * Stripe webhooks (issue 4): Stripe tells Pagecrew what happened to a subscription or invoice, and
 * this service writes it to the organization's subscription row and invoice list. handleEvent.ts
 * is the use case, prepare.ts, subscriptionState.ts and stripeValues.ts beneath it; this facade
 * only delegates. The rules are in docs/architecture.md, "Billing and plans".
 */

export { invoiceValuesFromStripe } from './stripeValues'
export { applySubscriptionState, lockAndApplySubscriptionState, subscriptionChanged } from './subscriptionState'

export function createStripeWebhookService(deps: StripeWebhookDeps): StripeWebhookService {
  const ctx: StripeWebhookContext = { db: deps.db, clock: deps.clock, stripe: deps.stripe, log: deps.log ?? (() => undefined) }
  return {
    handle: (event) => handleEvent(ctx, event)
  }
}
