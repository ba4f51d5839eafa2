import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { API_BASE } from '../../shared/api/contract'
import { PLANS } from '../../shared/constants'
import type { Organization } from '../../shared/domain'
import { createStripeClient, createStripeProvider } from '../adapters/billing/stripe'
import type { StripeConfig } from '../config'
import { billingEvents, invoices, subscriptions } from '../db/schema'
import { startFakeStripe, type FakeStripe, type FakeSubscription } from '../testing/fakeStripe'
import { createTestApp, TestClient, testDatabaseKinds, type TestApp } from '../testing/harness'
import { STRIPE_WEBHOOK_PATH } from './billingWebhooks'

const kinds = await testDatabaseKinds()
const WEBHOOK_URL = `${API_BASE}${STRIPE_WEBHOOK_PATH}`
const YEAR_MS = 365 * 86_400_000

describe.each(kinds)('Stripe webhooks [%s]', (kind) => {
  let fake: FakeStripe
  let testApp: TestApp
  let config: StripeConfig
  let hookUrl = ''
  const logs: string[] = []

  beforeAll(async () => {
    let clock: TestApp['clock'] | null = null
    fake = await startFakeStripe({ now: () => clock?.now() ?? new Date() })
    config = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, publishableKey: null, pricingTableId: null, apiBase: fake.url }
    testApp = await createTestApp({ database: kind, config: { stripe: config }, webhookLog: (m) => logs.push(m) })
    expect(testApp.app.hasRoute({ method: 'POST', url: WEBHOOK_URL })).toBe(true)
    clock = testApp.clock
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    hookUrl = `${address}${WEBHOOK_URL}`
    fake.setWebhookUrl(hookUrl)
  })
  afterAll(async () => {
    await fake?.close()
    await testApp?.close()
  })

  const subscriptionRow = async (organizationId: string) =>
    (await testApp.db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)))[0]!
  const invoiceRows = (organizationId: string) =>
    testApp.db.select().from(invoices).where(eq(invoices.organizationId, organizationId)).orderBy(asc(invoices.createdAt), asc(invoices.number))
  const eventCount = async () => (await testApp.db.select({ id: billingEvents.id }).from(billingEvents)).length
  const snapshot = async (organizationId: string) => ({
    subscription: await subscriptionRow(organizationId),
    invoices: await invoiceRows(organizationId),
    events: await eventCount()
  })
  const postRaw = (payload: string, headers: Record<string, string>) =>
    fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload })

  /** A signed-up admin with a fresh organization (trial) that bought Professional yearly for 7 seats through Stripe Checkout. */
  async function buyProfessional() {
    const client = new TestClient(testApp.app)
    const account = await client.signup()
    const org = await client.createOrganization('Acme Stripe')
    const provider = createStripeProvider(config)
    const professional = PLANS.find((p) => p.id === 'professional')!
    const result = await provider.checkout({
      organizationId: org.id,
      organizationName: org.name,
      customerEmail: account.email,
      plan: professional,
      variant: professional.variants.find((v) => v.priceId === 'professional-yearly')!,
      seatQuantity: 7,
      existing: await subscriptionRow(org.id),
      successUrl: 'http://127.0.0.1/settings/billing?checkout=success',
      cancelUrl: 'http://127.0.0.1/settings/billing'
    })
    expect(result.kind).toBe('redirect')
    const sessionId = (result as { url: string }).url.split('/').pop()!
    const completed = await fake.completeCheckout(sessionId)
    return { client, org, sessionId, ...completed }
  }

  it('checkout.session.completed activates the plan with its seats; the first invoice is listed', async () => {
    const { client, org, deliveries, subscriptionId, customerId, invoiceId } = await buyProfessional()
    expect(deliveries.map((d) => [d.type, d.status, JSON.parse(d.body)])).toEqual([
      ['checkout.session.completed', 200, { received: true }],
      ['customer.subscription.created', 200, { received: true }],
      ['invoice.paid', 200, { received: true }]
    ])
    const row = await subscriptionRow(org.id)
    const stripeSub = fake.state.subscriptions.get(subscriptionId)!
    expect(row).toMatchObject({
      productId: 'professional',
      priceId: 'professional-yearly',
      status: 'active',
      availableSeats: 7,
      minSeats: 5,
      endsAt: null,
      cancelAtPeriodEnd: false,
      provider: 'stripe',
      providerCustomerId: customerId,
      providerSubscriptionId: subscriptionId
    })
    expect(row.currentPeriodEnd).toEqual(new Date(stripeSub.items.data[0]!.current_period_end * 1000))
    expect(row.currentPeriodEnd!.getTime() - testApp.clock.now().getTime()).toBeGreaterThan(YEAR_MS - 2 * 86_400_000)
    // The trial's end stays as it was (Stripe has none).
    expect(row.trialEndsAt).not.toBeNull()

    const [invoice] = await invoiceRows(org.id)
    expect(invoice).toMatchObject({
      providerInvoiceId: invoiceId,
      number: fake.state.invoices.get(invoiceId)!.number,
      description: '7 × Professional Seat (at $290.00 / year)',
      quantity: 7,
      unitAmountCents: 29000,
      amountCents: 7 * 29000,
      status: 'paid',
      url: `${fake.url}/i/${invoiceId}`
    })

    const plan = await client.get<Organization>('/organization')
    expect(plan.body.currentPlan).toMatchObject({ productId: 'professional', productName: 'Professional Seat', status: 'active', availableSeats: 7, minSeats: 5, endsAt: null })
  })

  it('a replayed event is answered as a duplicate and changes nothing', async () => {
    const { org, sessionId } = await buyProfessional()
    const before = await snapshot(org.id)
    const checkoutEvent = fake.state.events.find((e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId)!
    // Stripe's state moved on meanwhile: a replay must still change nothing.
    fake.state.subscriptions.get(before.subscription.providerSubscriptionId!)!.items.data[0]!.quantity = 30
    for (const event of fake.state.events.filter((e) => e.id === checkoutEvent.id || (e.data.object as { id?: string }).id === before.subscription.providerSubscriptionId)) {
      const delivery = await fake.redeliver(event.id)
      expect(delivery.status).toBe(200)
      expect(JSON.parse(delivery.body)).toEqual({ received: true, duplicate: true })
    }
    expect(await snapshot(org.id)).toEqual(before)
  })

  it('an older customer.subscription.updated arriving after a newer one is ignored', async () => {
    const { org, subscriptionId } = await buyProfessional()
    const sub = fake.state.subscriptions.get(subscriptionId)!
    const at = (q: number) => {
      const copy = JSON.parse(JSON.stringify(sub)) as FakeSubscription
      copy.items.data[0]!.quantity = q
      return copy
    }
    const created = Math.floor(testApp.clock.now().getTime() / 1000)
    const newer = await fake.emit('customer.subscription.updated', at(11), { created: created + 60 })
    expect(newer.delivery!.status).toBe(200)
    expect((await subscriptionRow(org.id)).availableSeats).toBe(11)
    const before = await snapshot(org.id)
    const older = await fake.emit('customer.subscription.updated', at(6), { created: created + 30 })
    expect(older.delivery!.status).toBe(200)
    expect(JSON.parse(older.delivery!.body)).toEqual({ received: true })
    const after = await snapshot(org.id)
    expect(after.subscription).toEqual(before.subscription)
    expect(after.events).toBe(before.events + 1) // recorded, not applied
    expect(logs.some((m) => m.includes(older.event.id) && m.includes('older'))).toBe(true)
    // Later events (Stripe's clock past the newer one) apply again.
    testApp.clock.advance(120_000)
  })

  it('a bad or missing signature is a 400 and changes nothing', async () => {
    const { org, subscriptionId } = await buyProfessional()
    const before = await snapshot(org.id)
    const { event } = await fake.emit('customer.subscription.updated', { ...fake.state.subscriptions.get(subscriptionId)!, status: 'unpaid' }, { deliver: false })
    const payload = JSON.stringify(event)
    const attempts: Record<string, string>[] = [
      { 'stripe-signature': fake.signature(payload, { secret: 'whsec_not_the_secret' }) },
      { 'stripe-signature': 't=1,v1=deadbeef' },
      { 'stripe-signature': fake.signature(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) },
      {}
    ]
    for (const headers of attempts) {
      const res = await postRaw(payload, headers)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: { code: 'bad_request', message: 'Invalid webhook signature.' } })
    }
    // Signed, then changed on the way.
    const signature = fake.signature(payload)
    const tampered = await postRaw(payload.replace('"unpaid"', '"active"'), { 'stripe-signature': signature })
    expect(tampered.status).toBe(400)
    // Signed but not an event.
    const junk = 'not json'
    const notJson = await postRaw(junk, { 'stripe-signature': fake.signature(junk) })
    expect(notJson.status).toBe(400)
    expect(await snapshot(org.id)).toEqual(before)
    // The same event, correctly signed, is applied.
    const ok = await postRaw(payload, { 'stripe-signature': signature })
    expect(ok.status).toBe(200)
    expect((await subscriptionRow(org.id)).status).toBe('unpaid')
  })

  it('a quantity change at Stripe sets availableSeats; cancel at period end sets endsAt; deletion cancels', async () => {
    const { org, subscriptionId } = await buyProfessional()
    const [changed] = await fake.setQuantity(subscriptionId, 12)
    expect(changed!.status).toBe(200)
    expect((await subscriptionRow(org.id)).availableSeats).toBe(12)

    await fake.cancel(subscriptionId, { atPeriodEnd: true })
    const scheduled = await subscriptionRow(org.id)
    expect(scheduled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(scheduled.endsAt).toEqual(scheduled.currentPeriodEnd)

    testApp.clock.advance(60_000)
    const [deleted] = await fake.cancel(subscriptionId)
    expect(deleted!.type).toBe('customer.subscription.deleted')
    const ended = await subscriptionRow(org.id)
    expect(ended.status).toBe('canceled')
    expect(ended.endsAt).toEqual(new Date(fake.state.subscriptions.get(subscriptionId)!.ended_at! * 1000))
    // A late 'updated' of the same second cannot bring a canceled subscription back.
    const stale = { ...fake.state.subscriptions.get(subscriptionId)!, status: 'active', ended_at: null }
    await fake.emit('customer.subscription.updated', stale)
    expect((await subscriptionRow(org.id)).status).toBe('canceled')
  })

  it('the provider’s seat update reaches the database through the webhook', async () => {
    const { org, subscriptionId } = await buyProfessional()
    await createStripeProvider(config).updateSeats({ subscription: await subscriptionRow(org.id), quantity: 9 })
    await fake.idle()
    expect(fake.state.deliveries.at(-1)).toMatchObject({ type: 'customer.subscription.updated', status: 200 })
    expect(fake.state.subscriptions.get(subscriptionId)!.items.data[0]!.quantity).toBe(9)
    expect((await subscriptionRow(org.id)).availableSeats).toBe(9)
  })

  it('invoice.paid delivered twice (and as a new event) keeps one invoice row; a late invoice.finalized does not reopen it', async () => {
    const { org, subscriptionId } = await buyProfessional()
    const { invoiceId, deliveries } = await fake.payInvoice(subscriptionId)
    expect(deliveries[0]!.status).toBe(200)
    expect((await invoiceRows(org.id)).filter((i) => i.providerInvoiceId === invoiceId)).toHaveLength(1)
    const paidEvent = fake.state.events.find((e) => e.type === 'invoice.paid' && (e.data.object as { id: string }).id === invoiceId)!
    expect(JSON.parse((await fake.redeliver(paidEvent.id)).body)).toEqual({ received: true, duplicate: true })
    await fake.emit('invoice.paid', fake.state.invoices.get(invoiceId)!)
    await fake.emit('invoice.finalized', { ...fake.state.invoices.get(invoiceId)!, status: 'open', amount_paid: 0 })
    const rows = (await invoiceRows(org.id)).filter((i) => i.providerInvoiceId === invoiceId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'paid', amountCents: 7 * 29000 })
    expect(await invoiceRows(org.id)).toHaveLength(2)

    // A failed payment of a new invoice: listed as open with the amount due.
    const failed = { ...fake.state.invoices.get(invoiceId)!, id: 'in_failed_' + invoiceId.slice(3), number: 'FAKE-F1', status: 'open' as const, amount_paid: 0, amount_due: 5000 }
    await fake.emit('invoice.payment_failed', failed)
    expect((await invoiceRows(org.id)).find((i) => i.number === 'FAKE-F1')).toMatchObject({ status: 'open', amountCents: 5000 })
  })

  it('a pricing-table purchase (no subscription metadata, events out of order) is found by client_reference_id, then by its ids', async () => {
    const client = new TestClient(testApp.app)
    const account = await client.signup()
    const org = await client.createOrganization('Acme Table')
    const stripe = await createStripeClient(config)
    const [price] = (await stripe.prices.list({ lookup_keys: ['entry-monthly'], active: true })).data
    // What Stripe's pricing table creates: client_reference_id and customer_email from the element's attributes, nothing else.
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price!.id, quantity: 3 }],
      client_reference_id: org.id,
      customer_email: account.email,
      success_url: 'http://127.0.0.1/settings/billing'
    })
    fake.setWebhookUrl(null)
    const { subscriptionId } = await fake.completeCheckout(session.id)
    fake.setWebhookUrl(hookUrl)
    const byType = (type: string) => fake.state.events.find((e) => e.type === type && JSON.stringify(e.data.object).includes(subscriptionId))!
    // The subscription event first: it names no organization Pagecrew knows yet.
    expect(JSON.parse((await fake.redeliver(byType('customer.subscription.created').id)).body)).toEqual({ received: true })
    expect((await subscriptionRow(org.id)).status).toBe('trialing')
    await fake.redeliver(byType('checkout.session.completed').id)
    expect(await subscriptionRow(org.id)).toMatchObject({ status: 'active', productId: 'entry', availableSeats: 3, minSeats: 3, providerSubscriptionId: subscriptionId })
    // Later events without metadata find the organization by the stored subscription id.
    await fake.setQuantity(subscriptionId, 4)
    expect((await subscriptionRow(org.id)).availableSeats).toBe(4)
  })

  it('unknown event types are recorded; events for unknown organizations change nothing', async () => {
    const { org, subscriptionId } = await buyProfessional()
    const before = await snapshot(org.id)
    const unknownType = await fake.emit('customer.created', { id: 'cus_x', object: 'customer', metadata: {} })
    expect(unknownType.delivery!.status).toBe(200)
    const recorded = await testApp.db.select().from(billingEvents).where(eq(billingEvents.id, unknownType.event.id))
    expect(recorded).toMatchObject([{ provider: 'stripe', type: 'customer.created', organizationId: null }])

    const stranger = {
      ...fake.state.subscriptions.get(subscriptionId)!,
      id: 'sub_stranger',
      customer: 'cus_stranger',
      metadata: { organizationId: '00000000-0000-4000-8000-000000000000' }
    }
    const foreign = await fake.emit('customer.subscription.updated', stranger)
    expect(foreign.delivery!.status).toBe(200)
    const weird = await fake.emit('customer.subscription.updated', { ...stranger, metadata: { organizationId: 'not-a-uuid' } })
    expect(weird.delivery!.status).toBe(200)
    const after = await snapshot(org.id)
    expect(after.subscription).toEqual(before.subscription)
    expect(after.invoices).toEqual(before.invoices)
    expect(logs.some((m) => m.includes(foreign.event.id) && m.includes('no Pagecrew organization'))).toBe(true)
  })

  it('is reachable without the X-Pagecrew-Client header; the rest of the API still parses JSON and checks the header', async () => {
    // Every delivery above came without the client header (Stripe cannot send it).
    expect(fake.state.deliveries.length).toBeGreaterThan(0)
    expect(fake.state.deliveries.every((d) => d.status === 200)).toBe(true)
    const client = new TestClient(testApp.app)
    const account = await client.signup()
    expect((await client.post('/auth/login', { email: account.email, password: account.password })).status).toBe(200)
    const noHeader = await client.request('POST', '/auth/login', { body: { email: account.email, password: account.password }, clientHeader: false })
    expect(noHeader.status).toBe(403)
    const tooLarge = await postRaw(JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }), { 'stripe-signature': 't=1,v1=00' })
    expect(tooLarge.status).toBe(413)
    // Stripe always sends JSON: other bodies are client mistakes, never a 500.
    const xml = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/xml', 'stripe-signature': 't=1,v1=00' }, body: '<x/>' })
    expect(xml.status).toBe(415)
    const text = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'text/plain', 'stripe-signature': fake.signature('{}') }, body: '{}' })
    expect(text.status).toBe(400)
  })
})
