import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ProviderSubscriptionState } from '../adapters/billing/billing'
import { subscriptions } from '../db/schema'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { lockAndApplySubscriptionState, invoiceValuesFromStripe } from './billingWebhooks'

const at = (iso: string) => new Date(iso)

describeEachDatabase('applying a provider subscription state', (t) => {
  async function trialOrganization() {
    const client = new TestClient(t().app)
    await client.signup()
    const org = await client.createOrganization('Acme Apply')
    return org.id
  }
  const row = async (organizationId: string) => (await t().db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)))[0]!
  const state = (organizationId: string, overrides: Partial<ProviderSubscriptionState> = {}): ProviderSubscriptionState => ({
    organizationId,
    priceId: 'entry-monthly',
    quantity: 4,
    status: 'active',
    currentPeriodEnd: at('2025-02-15T09:00:00Z'),
    trialEndsAt: null,
    endsAt: null,
    cancelAtPeriodEnd: false,
    customerId: 'cus_apply',
    subscriptionId: 'sub_apply_1',
    observedAt: at('2025-01-15T10:00:00Z'),
    ...overrides
  })

  it('writes plan, seats, period and provider ids; keeps the trial end when Stripe has none', async () => {
    const organizationId = await trialOrganization()
    const trialEndsAt = (await row(organizationId)).trialEndsAt
    expect(await lockAndApplySubscriptionState(t().db, state(organizationId), t().clock.now())).toBe('applied')
    expect(await row(organizationId)).toMatchObject({
      productId: 'entry',
      priceId: 'entry-monthly',
      minSeats: 3,
      availableSeats: 4,
      status: 'active',
      currentPeriodEnd: at('2025-02-15T09:00:00Z'),
      trialEndsAt,
      endsAt: null,
      provider: 'stripe',
      providerCustomerId: 'cus_apply',
      providerSubscriptionId: 'sub_apply_1',
      providerUpdatedAt: at('2025-01-15T10:00:00Z')
    })
  })

  it('an unknown price keeps the plan but takes the rest', async () => {
    const organizationId = await trialOrganization()
    await lockAndApplySubscriptionState(t().db, state(organizationId), t().clock.now())
    const logs: string[] = []
    await lockAndApplySubscriptionState(t().db, state(organizationId, { priceId: 'legacy-gold', quantity: 6, observedAt: at('2025-01-15T11:00:00Z') }), t().clock.now(), (m) => logs.push(m))
    expect(await row(organizationId)).toMatchObject({ productId: 'entry', priceId: 'entry-monthly', minSeats: 3, availableSeats: 6 })
    expect(logs.join('\n')).toContain('legacy-gold')
  })

  it('same-second events: incomplete never follows another status, and canceled is final', async () => {
    const organizationId = await trialOrganization()
    const second = at('2025-01-15T12:00:00Z')
    expect(await lockAndApplySubscriptionState(t().db, state(organizationId, { observedAt: second }), t().clock.now())).toBe('applied')
    expect(await lockAndApplySubscriptionState(t().db, state(organizationId, { status: 'incomplete', observedAt: second }), t().clock.now())).toBe('stale')
    expect((await row(organizationId)).status).toBe('active')
    const ended = at('2025-01-15T12:00:00Z')
    expect(await lockAndApplySubscriptionState(t().db, state(organizationId, { status: 'canceled', endsAt: ended, observedAt: second }), t().clock.now())).toBe('applied')
    expect(await lockAndApplySubscriptionState(t().db, state(organizationId, { status: 'active', observedAt: at('2025-01-15T12:00:05Z') }), t().clock.now())).toBe('stale')
    expect(await row(organizationId)).toMatchObject({ status: 'canceled', endsAt: ended })
  })

  it('a new subscription replaces an ended one; a late end of the old one does not touch the new', async () => {
    const organizationId = await trialOrganization()
    await lockAndApplySubscriptionState(t().db, state(organizationId, { status: 'canceled', endsAt: at('2025-01-15T12:00:00Z') }), t().clock.now())
    const renewed = state(organizationId, { subscriptionId: 'sub_apply_2', priceId: 'professional-yearly', quantity: 5, observedAt: at('2025-01-16T09:00:00Z') })
    expect(await lockAndApplySubscriptionState(t().db, renewed, t().clock.now())).toBe('applied')
    const lateEnd = state(organizationId, { status: 'canceled', endsAt: at('2025-01-16T10:00:00Z'), observedAt: at('2025-01-16T10:00:00Z') })
    expect(await lockAndApplySubscriptionState(t().db, lateEnd, t().clock.now())).toBe('stale')
    expect(await row(organizationId)).toMatchObject({ status: 'active', productId: 'professional', providerSubscriptionId: 'sub_apply_2', endsAt: null })
  })
})

describe('invoiceValuesFromStripe', () => {
  const now = at('2025-01-15T09:00:00Z')
  const invoice = (overrides: Record<string, unknown> = {}) =>
    ({
      id: 'in_1',
      object: 'invoice',
      number: 'ABC-0001',
      status: 'paid',
      amount_paid: 5800,
      amount_due: 5800,
      created: 1_736_931_600,
      period_start: 1_736_931_600,
      period_end: 1_736_931_600,
      hosted_invoice_url: 'https://invoice.stripe.com/i/1',
      description: null,
      lines: {
        data: [
          {
            description: '2 × Professional Seat (at $29.00 / month)',
            quantity: 2,
            amount: 5800,
            period: { start: 1_736_931_600, end: 1_739_610_000 },
            pricing: { type: 'price_details', unit_amount_decimal: '2900' }
          }
        ]
      },
      ...overrides
    }) as unknown as Stripe.Invoice

  it('maps number, first line, amounts, status and the service period', () => {
    expect(invoiceValuesFromStripe(invoice(), now)).toEqual({
      number: 'ABC-0001',
      description: '2 × Professional Seat (at $29.00 / month)',
      quantity: 2,
      unitAmountCents: 2900,
      amountCents: 5800,
      status: 'paid',
      periodStart: new Date(1_736_931_600_000),
      periodEnd: new Date(1_739_610_000_000),
      url: 'https://invoice.stripe.com/i/1',
      providerInvoiceId: 'in_1',
      createdAt: new Date(1_736_931_600_000)
    })
  })

  it('open and uncollectible invoices show the amount due; void stays void; no number uses the id', () => {
    expect(invoiceValuesFromStripe(invoice({ status: 'open', amount_paid: 0 }), now)).toMatchObject({ status: 'open', amountCents: 5800 })
    expect(invoiceValuesFromStripe(invoice({ status: 'uncollectible', amount_paid: 0 }), now)).toMatchObject({ status: 'open' })
    expect(invoiceValuesFromStripe(invoice({ status: 'void' }), now)).toMatchObject({ status: 'void' })
    expect(invoiceValuesFromStripe(invoice({ number: null }), now).number).toBe('in_1')
  })

  it('without pricing details the unit amount is the line amount per seat, never negative', () => {
    const line = { description: 'Unused time', quantity: 2, amount: -1000, period: { start: 1, end: 2 }, pricing: null }
    expect(invoiceValuesFromStripe(invoice({ lines: { data: [line] } }), now)).toMatchObject({ quantity: 2, unitAmountCents: 0 })
    const plain = { ...line, amount: 3000, description: null }
    expect(invoiceValuesFromStripe(invoice({ lines: { data: [plain] }, description: 'Seats' }), now)).toMatchObject({ unitAmountCents: 1500, description: 'Seats' })
  })
})
