import type Stripe from 'stripe'
import type { PlanStatus } from '../../../shared/domain/enums'
import type { StripeConfig } from '../../config'
import { BillingProviderError, type BillingProvider, type CheckoutInput, type ProviderCheckout, type ProviderSubscriptionState } from './billing'

/**
 * The Stripe billing provider (DESIGN.md §4; issue 4): Checkout Sessions for a first purchase,
 * price/quantity updates of the subscription's single item (with prorations) afterwards, the
 * Customer Portal and the pricing table. Plan variants are found by their price lookup_key
 * (PLANS[].variants[].priceId). Stripe's view of the subscription comes back through webhooks
 * (services/billingWebhooks/); the states this provider returns use the same mapping.
 */

/** The billing service calls updateSeats inside a database transaction; never wait long. */
const REQUEST_TIMEOUT_MS = 10_000

let stripeModule: Promise<typeof Stripe> | null = null

/**
 * stripe-node, loaded when Stripe is first used rather than at start (issue 16: loading it cost
 * about 0.4 s of every start, also of servers with built-in billing).
 */
export function loadStripe(): Promise<typeof Stripe> {
  stripeModule ??= import('stripe').then((module) => module.default)
  return stripeModule
}

/** The Stripe client for this configuration: apiBase (tests) points it at a local Stripe-speaking server. */
export async function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiBase'>): Promise<Stripe> {
  const Stripe = await loadStripe()
  const options: ConstructorParameters<typeof Stripe>[1] = {
    // One retry for network failures and 409/5xx; stripe-node adds an Idempotency-Key to POSTs so
    // a retried create never creates twice.
    maxNetworkRetries: 1,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Pagecrew' }
  }
  if (config.apiBase) {
    const base = new URL(config.apiBase)
    const protocol = base.protocol === 'http:' ? 'http' : 'https'
    options.host = base.hostname.replace(/^\[(.*)\]$/, '$1')
    options.port = base.port ? Number(base.port) : protocol === 'http' ? 80 : 443
    options.protocol = protocol
  }
  return new Stripe(config.secretKey, options)
}

/**
 * Stripe's subscription statuses are all Pagecrew plan statuses (spec §3). Anything Stripe adds
 * later reads as 'incomplete': no access until a known status arrives.
 */
const STRIPE_STATUSES: ReadonlySet<string> = new Set<PlanStatus>([
  'trialing',
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'unpaid',
  'paused'
])

export function planStatusFromStripe(status: string): PlanStatus {
  return STRIPE_STATUSES.has(status) ? (status as PlanStatus) : 'incomplete'
}

const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id
  return null
}

/**
 * A Stripe subscription object (API answer or webhook snapshot) in Pagecrew's terms.
 * - organizationId: metadata.organizationId (set at checkout); '' when absent (the webhook
 *   service then finds the organization by subscription or customer id);
 * - priceId: the item's price lookup_key; quantity: the item's quantity;
 * - currentPeriodEnd: items.data[0].current_period_end (where recent API versions keep it), else
 *   the subscription's own field (older versions);
 * - endsAt: ended_at once it ended, else cancel_at (a scheduled end), else null.
 * Pagecrew sells one item per subscription; only the first item is read.
 */
export function subscriptionStateFromStripe(subscription: Stripe.Subscription, observedAt: Date): ProviderSubscriptionState {
  const raw = subscription as Stripe.Subscription & { current_period_end?: number | null; quantity?: number | null }
  const item = subscription.items?.data?.[0]
  const status = planStatusFromStripe(subscription.status)
  const endedAt = fromUnix(subscription.ended_at)
  return {
    organizationId: subscription.metadata?.organizationId ?? '',
    priceId: item?.price?.lookup_key ?? null,
    quantity: item?.quantity ?? raw.quantity ?? 0,
    status,
    currentPeriodEnd: fromUnix(item?.current_period_end ?? raw.current_period_end),
    trialEndsAt: fromUnix(subscription.trial_end),
    endsAt: endedAt ?? fromUnix(subscription.cancel_at),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    observedAt
  }
}

/**
 * Stripe's time of an API answer (its Date header), so states from answers and from webhook
 * events (event.created) are compared on Stripe's clock; the local clock only when it is missing.
 */
export function stripeResponseTime(response: { lastResponse?: { headers?: Record<string, string | undefined> } }): Date {
  const date = response.lastResponse?.headers?.date
  const parsed = date ? new Date(date) : null
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date()
}

/** Subscriptions that can still be changed in place; any other status starts a new Checkout. */
const UPDATABLE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused'])

export function createStripeProvider(config: StripeConfig, deps: { log?: (message: string) => void; client?: Stripe } = {}): BillingProvider {
  let client: Promise<Stripe> | null = deps.client ? Promise.resolve(deps.client) : null
  const stripeClient = () => (client ??= createStripeClient(config))
  const log = deps.log ?? (() => undefined)

  /**
   * Stripe failures as BillingProviderError (the service answers them without a 500); details only
   * in the log. missingAsNull: a 'No such …' answer (resource_missing) is null instead.
   */
  async function call<T>(operation: string, run: (stripe: Stripe) => Promise<T>): Promise<T>
  async function call<T>(operation: string, run: (stripe: Stripe) => Promise<T>, options: { missingAsNull: true }): Promise<T | null>
  async function call<T>(operation: string, run: (stripe: Stripe) => Promise<T>, options: { missingAsNull?: boolean } = {}): Promise<T | null> {
    try {
      return await run(await stripeClient())
    } catch (err) {
      const { errors } = await loadStripe()
      if (options.missingAsNull && err instanceof errors.StripeInvalidRequestError && err.code === 'resource_missing') {
        log(`Stripe ${operation}: ${err.message}; starting afresh`)
        return null
      }
      if (err instanceof BillingProviderError) throw err
      const detail = err instanceof errors.StripeError ? `${err.type}${err.code ? ` ${err.code}` : ''}: ${err.message}` : String(err)
      log(`Stripe ${operation} failed: ${detail}`)
      throw new BillingProviderError('The payment provider could not complete the request. Please try again later.', { cause: err })
    }
  }

  async function priceFor(lookupKey: string): Promise<Stripe.Price> {
    const prices = await call('price lookup', (stripe) => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }))
    const price = prices.data[0]
    if (!price) {
      log(`Stripe has no active price with lookup_key ${lookupKey}`)
      throw new BillingProviderError(`This plan cannot be bought right now (no Stripe price with the lookup key '${lookupKey}').`)
    }
    return price
  }

  return {
    kind: 'stripe',

    async checkout(input: CheckoutInput): Promise<ProviderCheckout> {
      const price = await priceFor(input.variant.priceId)
      const existingId = input.existing.providerSubscriptionId
      // Ids Stripe no longer knows (another Stripe account, test ids after switching to live keys) start afresh.
      const current = existingId ? await call('subscription retrieve', (stripe) => stripe.subscriptions.retrieve(existingId), { missingAsNull: true }) : null
      const item = current?.items.data[0]
      if (current && item && UPDATABLE_STATUSES.has(current.status)) {
        if (current.items.data.length > 1) log(`Stripe subscription ${current.id} has ${current.items.data.length} items; changing the first`)
        const updated = await call('subscription update', (stripe) =>
          stripe.subscriptions.update(current.id, {
            items: [{ id: item.id, price: price.id, quantity: input.seatQuantity }],
            proration_behavior: 'create_prorations',
            // Choosing a plan again keeps the subscription going.
            ...(current.cancel_at_period_end ? { cancel_at_period_end: false } : {}),
            metadata: { organizationId: input.organizationId }
          })
        )
        const state = subscriptionStateFromStripe(updated, stripeResponseTime(updated))
        return { kind: 'applied', state: { ...state, organizationId: input.organizationId } }
      }
      const createSession = (stripe: Stripe, customer: string | null) =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: price.id, quantity: input.seatQuantity }],
          client_reference_id: input.organizationId,
          ...(customer ? { customer } : { customer_email: input.customerEmail }),
          metadata: { organizationId: input.organizationId },
          subscription_data: { metadata: { organizationId: input.organizationId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl
        })
      const customer = input.existing.providerCustomerId
      let session = customer ? await call('checkout session create', (stripe) => createSession(stripe, customer), { missingAsNull: true }) : null
      session ??= await call('checkout session create', (stripe) => createSession(stripe, null))
      if (!session.url) throw new BillingProviderError('The payment provider did not return a checkout page. Please try again later.')
      return { kind: 'redirect', url: session.url }
    },

    async updateSeats({ subscription, quantity }) {
      const id = subscription.providerSubscriptionId
      // The trial (or built-in billing) has nothing at Stripe: the service's seat count is all there is.
      if (!id) return
      const current = await call('subscription retrieve', (stripe) => stripe.subscriptions.retrieve(id))
      const item = current.items.data[0]
      if (!item) throw new BillingProviderError('The Stripe subscription has no item to change.')
      if (item.quantity === quantity) return
      await call('seat update', (stripe) =>
        stripe.subscriptions.update(id, { items: [{ id: item.id, quantity }], proration_behavior: 'create_prorations' })
      )
    },

    async portalUrl({ subscription, returnUrl }) {
      const customer = subscription.providerCustomerId
      if (!customer) throw new BillingProviderError('There is no billing account with Stripe yet. Choose a plan first.')
      const session = await call('portal session create', (stripe) => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }))
      return session.url
    },

    pricingTable() {
      return config.publishableKey && config.pricingTableId ? { publishableKey: config.publishableKey, pricingTableId: config.pricingTableId } : null
    }
  }
}
