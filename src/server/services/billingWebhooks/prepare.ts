import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { loadStripe, stripeResponseTime, subscriptionStateFromStripe } from '../../adapters/billing/stripe'
import type { Database } from '../../db/client'
import { organizations, subscriptions } from '../../db/schema'
import { isUuid } from '../ids'
import { fromUnix, idOf, invoiceValuesFromStripe } from './stripeValues'
import type { Prepared, StripeWebhookContext } from './types'

/* An event's organization and effect, read before its transaction (docs/architecture.md, "Billing and plans"). */

/** The organization an event is about: metadata first, then the subscription or customer ids Pagecrew has stored. */
async function organizationFor(db: Database, hints: { organizationId?: string | null; subscriptionId?: string | null; customerId?: string | null }): Promise<string | null> {
  if (hints.organizationId && isUuid(hints.organizationId)) {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, hints.organizationId)).limit(1)
    if (org) return org.id
  }
  if (hints.subscriptionId) {
    const [row] = await db
      .select({ organizationId: subscriptions.organizationId })
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, hints.subscriptionId))
      .limit(1)
    if (row) return row.organizationId
  }
  if (hints.customerId) {
    const [row] = await db
      .select({ organizationId: subscriptions.organizationId })
      .from(subscriptions)
      .where(eq(subscriptions.providerCustomerId, hints.customerId))
      .limit(1)
    if (row) return row.organizationId
  }
  return null
}

async function subscriptionEffect(db: Database, subscription: Stripe.Subscription, event: Stripe.Event): Promise<Prepared> {
  const state = subscriptionStateFromStripe(subscription, new Date(event.created * 1000))
  if (event.type === 'customer.subscription.deleted') {
    state.status = 'canceled'
    state.endsAt = fromUnix(subscription.ended_at) ?? state.observedAt
  }
  const organizationId = await organizationFor(db, { organizationId: state.organizationId, subscriptionId: state.subscriptionId, customerId: state.customerId })
  if (!organizationId) return { organizationId, effect: { kind: 'none', outcome: 'unknown_organization' } }
  return { organizationId, effect: { kind: 'subscription', state: { ...state, organizationId } } }
}

async function checkoutEffect({ db, stripe, log }: StripeWebhookContext, session: Stripe.Checkout.Session): Promise<Prepared> {
  const hint = session.client_reference_id ?? session.metadata?.organizationId ?? null
  const subscriptionId = idOf(session.subscription)
  const customerId = idOf(session.customer)
  const organizationId = await organizationFor(db, { organizationId: hint, subscriptionId, customerId })
  if (!organizationId) return { organizationId, effect: { kind: 'none', outcome: 'unknown_organization' } }
  if (session.mode !== 'subscription' || !subscriptionId) {
    log(`Stripe checkout session ${session.id} has no subscription (mode ${session.mode}); nothing to apply`)
    return { organizationId, effect: { kind: 'none', outcome: 'ignored' } }
  }
  let subscription: Stripe.Response<Stripe.Subscription>
  try {
    subscription = await (await stripe()).subscriptions.retrieve(subscriptionId)
  } catch (err) {
    // A subscription Stripe does not know will not appear on a retry either; outages are retried.
    if (err instanceof (await loadStripe()).errors.StripeInvalidRequestError) {
      log(`Stripe checkout session ${session.id}: subscription ${subscriptionId} could not be read (${err.message})`)
      return { organizationId, effect: { kind: 'none', outcome: 'ignored' } }
    }
    throw err
  }
  // The subscription as it is now, on Stripe's clock.
  const state = subscriptionStateFromStripe(subscription, stripeResponseTime(subscription))
  return { organizationId, effect: { kind: 'subscription', state: { ...state, organizationId, customerId: state.customerId ?? customerId } } }
}

async function invoiceEffect({ db, clock }: StripeWebhookContext, invoice: Stripe.Invoice): Promise<Prepared> {
  const details = invoice.parent?.subscription_details
  const legacySubscription = (invoice as Stripe.Invoice & { subscription?: unknown }).subscription
  const organizationId = await organizationFor(db, {
    organizationId: details?.metadata?.organizationId ?? invoice.metadata?.organizationId ?? null,
    subscriptionId: idOf(details?.subscription) ?? idOf(legacySubscription),
    customerId: idOf(invoice.customer)
  })
  if (!organizationId) return { organizationId, effect: { kind: 'none', outcome: 'unknown_organization' } }
  return { organizationId, effect: { kind: 'invoice', values: invoiceValuesFromStripe(invoice, clock.now()) } }
}

export async function prepare(ctx: StripeWebhookContext, event: Stripe.Event): Promise<Prepared> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutEffect(ctx, event.data.object)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionEffect(ctx.db, event.data.object, event)
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.finalized':
      return invoiceEffect(ctx, event.data.object)
    default:
      return { organizationId: null, effect: { kind: 'none', outcome: 'recorded' } }
  }
}
