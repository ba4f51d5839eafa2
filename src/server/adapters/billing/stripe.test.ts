import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Stripe from 'stripe'
import { PLANS } from '../../../shared/constants'
import type { StripeConfig } from '../../config'
import type { subscriptions } from '../../db/schema'
import { parseStripeForm, startFakeStripe, type FakeStripe } from '../../testing/fakeStripe'
import { BillingProviderError, type CheckoutInput } from './billing'
import { createStripeClient, createStripeProvider, planStatusFromStripe, subscriptionStateFromStripe } from './stripe'

type SubscriptionRow = typeof subscriptions.$inferSelect

const professional = PLANS.find((p) => p.id === 'professional')!
const yearly = professional.variants.find((v) => v.name === 'yearly')!
const monthly = professional.variants.find((v) => v.name === 'monthly')!

function trialRow(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  const now = new Date('2025-01-15T09:00:00Z')
  return {
    id: randomUUID(),
    organizationId: randomUUID(),
    productId: null,
    status: 'trialing',
    availableSeats: 5,
    minSeats: 1,
    trialEndsAt: new Date('2025-01-29T09:00:00Z'),
    endsAt: null,
    priceId: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    provider: 'builtin',
    providerCustomerId: null,
    providerSubscriptionId: null,
    providerUpdatedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides
  }
}

function checkoutInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  const existing = overrides.existing ?? trialRow()
  return {
    organizationId: existing.organizationId,
    organizationName: 'Acme',
    customerEmail: 'ada@example.com',
    plan: professional,
    variant: yearly,
    seatQuantity: 7,
    existing,
    successUrl: 'https://app.example/settings/billing?checkout=success',
    cancelUrl: 'https://app.example/settings/billing?checkout=cancel',
    ...overrides
  }
}

describe('parseStripeForm', () => {
  it('reads nested keys, indexed and appended arrays', () => {
    expect(
      parseStripeForm(
        'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=3&lookup_keys[]=a&lookup_keys[]=b&metadata[organizationId]=o+1&items%5B0%5D%5Bid%5D=si_1'
      )
    ).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '3' }],
      lookup_keys: ['a', 'b'],
      metadata: { organizationId: 'o 1' },
      items: [{ id: 'si_1' }]
    })
  })
})

describe('Stripe status mapping', () => {
  it('keeps every Stripe status (all are plan statuses) and reads unknown ones as incomplete', () => {
    for (const s of ['trialing', 'active', 'canceled', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused']) {
      expect(planStatusFromStripe(s)).toBe(s)
    }
    expect(planStatusFromStripe('something_new')).toBe('incomplete')
  })

  it('reads current_period_end from the item, falling back to the subscription field', () => {
    const base = {
      id: 'sub_1',
      object: 'subscription',
      status: 'active',
      customer: 'cus_1',
      metadata: { organizationId: 'org-1' },
      cancel_at: 1_800_000_000,
      cancel_at_period_end: true,
      ended_at: null,
      trial_end: 1_700_000_000
    }
    const withItem = {
      ...base,
      items: { data: [{ id: 'si_1', quantity: 4, current_period_end: 1_750_000_000, price: { lookup_key: 'entry-monthly' } }] }
    } as unknown as Stripe.Subscription
    const observedAt = new Date('2025-01-01T00:00:00Z')
    expect(subscriptionStateFromStripe(withItem, observedAt)).toEqual({
      organizationId: 'org-1',
      priceId: 'entry-monthly',
      quantity: 4,
      status: 'active',
      currentPeriodEnd: new Date(1_750_000_000_000),
      trialEndsAt: new Date(1_700_000_000_000),
      endsAt: new Date(1_800_000_000_000),
      cancelAtPeriodEnd: true,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      observedAt
    })
    const legacy = {
      ...base,
      current_period_end: 1_760_000_000,
      ended_at: 1_710_000_000,
      items: { data: [{ id: 'si_1', quantity: 2, price: { lookup_key: null } }] }
    } as unknown as Stripe.Subscription
    const state = subscriptionStateFromStripe(legacy, observedAt)
    expect(state.currentPeriodEnd).toEqual(new Date(1_760_000_000_000))
    expect(state.endsAt).toEqual(new Date(1_710_000_000_000))
    expect(state.priceId).toBeNull()
  })
})

describe('Stripe billing provider against a local Stripe-speaking server', () => {
  let fake: FakeStripe
  let config: StripeConfig
  const logs: string[] = []

  beforeAll(async () => {
    fake = await startFakeStripe()
    config = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, publishableKey: null, pricingTableId: null, apiBase: fake.url }
  })
  afterAll(async () => {
    await fake.close()
  })

  const provider = () => createStripeProvider(config, { log: (m) => logs.push(m) })

  it('seeds one price per priced plan variant, found by lookup_key', async () => {
    const stripe = await createStripeClient(config)
    const prices = await stripe.prices.list({ lookup_keys: [yearly.priceId], active: true })
    expect(prices.data).toHaveLength(1)
    expect(prices.data[0]).toMatchObject({ lookup_key: 'professional-yearly', unit_amount: 29000, recurring: { interval: 'year' } })
    const all = await stripe.prices.list({ limit: 100 })
    expect(all.data.map((p) => p.lookup_key).sort()).toEqual(['entry-monthly', 'entry-yearly', 'professional-monthly', 'professional-yearly'])
  })

  it('answers a wrong key with 401 in Stripe’s error shape', async () => {
    const res = await fetch(`${fake.url}/v1/prices`, { headers: { authorization: 'Bearer sk_test_wrong' } })
    expect(res.status).toBe(401)
    const body = (await res.json()) as { error: { type: string; message: string } }
    expect(body.error.type).toBe('invalid_request_error')
    expect(body.error.message).toMatch(/^Invalid API Key provided/)
    await expect(createStripeProvider({ ...config, secretKey: 'sk_test_wrong' }).checkout(checkoutInput())).rejects.toBeInstanceOf(BillingProviderError)
  })

  it('checkout without a Stripe subscription creates a subscription-mode Checkout Session and returns its url', async () => {
    const input = checkoutInput()
    const result = await provider().checkout(input)
    expect(result.kind).toBe('redirect')
    const url = (result as { url: string }).url
    const id = url.split('/').pop()!
    expect(url).toBe(`${fake.url}/c/pay/${id}`)
    const session = fake.state.checkoutSessions.get(id)!
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: input.organizationId,
      customer: null,
      customer_email: 'ada@example.com',
      metadata: { organizationId: input.organizationId },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      status: 'open'
    })
    const request = fake.state.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!
    const price = fake.state.prices.find((p) => p.lookup_key === 'professional-yearly')!
    expect(request.params).toMatchObject({
      line_items: [{ price: price.id, quantity: '7' }],
      subscription_data: { metadata: { organizationId: input.organizationId } }
    })
  })

  it('reuses the Stripe customer of an earlier subscription', async () => {
    const stripe = await createStripeClient(config)
    const customer = await stripe.customers.create({ email: 'billing@acme.example' })
    const input = checkoutInput({ existing: trialRow({ status: 'canceled', provider: 'stripe', providerCustomerId: customer.id }) })
    const result = await provider().checkout(input)
    const session = fake.state.checkoutSessions.get((result as { url: string }).url.split('/').pop()!)!
    expect(session.customer).toBe(customer.id)
    expect(session.customer_email).toBeNull()
  })

  it('ids Stripe no longer knows (another Stripe account) start a fresh Checkout with the email', async () => {
    const existing = trialRow({ status: 'active', provider: 'stripe', providerSubscriptionId: 'sub_gone', providerCustomerId: 'cus_gone' })
    const result = await provider().checkout(checkoutInput({ existing }))
    expect(result.kind).toBe('redirect')
    const session = fake.state.checkoutSessions.get((result as { url: string }).url.split('/').pop()!)!
    expect(session).toMatchObject({ customer: null, customer_email: 'ada@example.com' })
    expect(logs.some((m) => m.includes('sub_gone'))).toBe(true)
    expect(logs.some((m) => m.includes('cus_gone'))).toBe(true)
  })

  it('a variant without a Stripe price is a BillingProviderError', async () => {
    const enterprise = PLANS.find((p) => p.id === 'enterprise')!
    const err = await provider()
      .checkout(checkoutInput({ plan: enterprise, variant: enterprise.variants[0]! }))
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(BillingProviderError)
    expect((err as Error).message).toContain('enterprise-yearly')
  })

  it('checkout with an active subscription changes its price and quantity in place and returns the new state', async () => {
    const input = checkoutInput({ variant: monthly, seatQuantity: 5 })
    const redirect = await provider().checkout(input)
    const sessionId = (redirect as { url: string }).url.split('/').pop()!
    const { subscriptionId, customerId } = await fake.completeCheckout(sessionId)
    const existing = trialRow({
      organizationId: input.organizationId,
      status: 'active',
      productId: 'professional',
      priceId: 'professional-monthly',
      provider: 'stripe',
      providerCustomerId: customerId,
      providerSubscriptionId: subscriptionId
    })
    const before = Date.now()
    const result = await provider().checkout(checkoutInput({ existing, variant: yearly, seatQuantity: 9 }))
    expect(result.kind).toBe('applied')
    const { state } = result as Extract<typeof result, { kind: 'applied' }>
    expect(state).toMatchObject({
      organizationId: input.organizationId,
      priceId: 'professional-yearly',
      quantity: 9,
      status: 'active',
      cancelAtPeriodEnd: false,
      endsAt: null,
      customerId,
      subscriptionId
    })
    expect(state.currentPeriodEnd!.getTime()).toBeGreaterThan(before)
    // Stripe's clock (the answer's Date header, whole seconds).
    expect(Math.abs(state.observedAt.getTime() - before)).toBeLessThan(5000)
    const item = fake.state.subscriptions.get(subscriptionId)!.items.data[0]!
    expect(item.price.lookup_key).toBe('professional-yearly')
    expect(item.quantity).toBe(9)
    const update = fake.state.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).pop()!
    expect(update.params).toMatchObject({ proration_behavior: 'create_prorations', items: [{ id: item.id, quantity: '9' }] })
    // A canceled subscription is not changed: a new Checkout starts.
    await fake.cancel(subscriptionId)
    const again = await provider().checkout(checkoutInput({ existing, variant: yearly, seatQuantity: 9 }))
    expect(again.kind).toBe('redirect')
  })

  it('updateSeats changes the item quantity with prorations; without a Stripe subscription it does nothing', async () => {
    const input = checkoutInput({ seatQuantity: 5 })
    const redirect = await provider().checkout(input)
    const { subscriptionId } = await fake.completeCheckout((redirect as { url: string }).url.split('/').pop()!)
    const row = trialRow({ status: 'active', provider: 'stripe', providerSubscriptionId: subscriptionId })
    await provider().updateSeats({ subscription: row, quantity: 8 })
    expect(fake.state.subscriptions.get(subscriptionId)!.items.data[0]!.quantity).toBe(8)
    const update = fake.state.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST').pop()!
    expect(update.params).toMatchObject({ proration_behavior: 'create_prorations', items: [{ quantity: '8' }] })

    const requests = fake.state.requests.length
    await provider().updateSeats({ subscription: trialRow(), quantity: 3 })
    expect(fake.state.requests.length).toBe(requests)

    await expect(
      provider().updateSeats({ subscription: trialRow({ providerSubscriptionId: 'sub_missing' }), quantity: 3 })
    ).rejects.toBeInstanceOf(BillingProviderError)
  })

  it('portalUrl opens a Customer Portal session for the customer; none yet is a clear BillingProviderError', async () => {
    const stripe = await createStripeClient(config)
    const customer = await stripe.customers.create({ email: 'portal@acme.example' })
    const url = await provider().portalUrl({
      subscription: trialRow({ providerCustomerId: customer.id }),
      organizationId: randomUUID(),
      returnUrl: 'https://app.example/settings/billing'
    })
    const portal = fake.state.portalSessions.at(-1)!
    expect(url).toBe(portal.url)
    expect(portal).toMatchObject({ customer: customer.id, return_url: 'https://app.example/settings/billing' })

    const err = await provider()
      .portalUrl({ subscription: trialRow(), organizationId: randomUUID(), returnUrl: 'https://app.example/' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(BillingProviderError)
    expect((err as Error).message).toMatch(/no billing account/i)
  })

  it('pricingTable needs both the publishable key and the table id', () => {
    expect(provider().pricingTable()).toBeNull()
    expect(createStripeProvider({ ...config, publishableKey: 'pk_test_1', pricingTableId: 'prctbl_1' }).pricingTable()).toEqual({
      publishableKey: 'pk_test_1',
      pricingTableId: 'prctbl_1'
    })
  })
})
