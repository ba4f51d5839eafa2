import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLANS } from '../../shared/constants'
import { SSO_MESSAGES, type SsoSettings } from '../../shared/domain/sso'
import { createStripeProvider } from '../adapters/billing/stripe'
import type { StripeConfig } from '../config'
import { auditLog, sessions, subscriptions, users } from '../db/schema'
import { startFakeStripe, type FakeStripe, type FakeSubscription } from '../testing/fakeStripe'
import { createTestApp, TestClient, testDatabaseKinds, type TestApp } from '../testing/harness'
import { startTestIdentityProvider, type TestIdentityProvider } from '../testing/identityProvider'
import { STRIPE_WEBHOOK_PATH } from './billingWebhooks'
import { API_BASE } from '../../shared/api/contract'

/**
 * Single sign-on Required applies only while the plan includes SSO (issue 17). While the plan has
 * lapsed a password signs in; when the plan includes SSO again (Stripe's webhooks here: a payment
 * after 'unpaid', a move back to Enterprise), Required holds again and the password sessions opened
 * meanwhile end with the subscription change.
 */
const kinds = await testDatabaseKinds()
const PASSWORD = 'correct horse battery staple'
const CLIENT = { clientId: 'pagecrew', clientSecret: 'pagecrew-client-secret-for-tests', redirectUris: ['http://127.0.0.1:53682/callback'] }

describe.each(kinds)('Required single sign-on after a lapsed plan [%s]', (kind) => {
  let fake: FakeStripe
  let idp: TestIdentityProvider
  let testApp: TestApp
  let config: StripeConfig

  beforeAll(async () => {
    let clock: TestApp['clock'] | null = null
    idp = await startTestIdentityProvider([CLIENT])
    fake = await startFakeStripe({ now: () => clock?.now() ?? new Date() })
    config = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, publishableKey: null, pricingTableId: null, apiBase: fake.url }
    testApp = await createTestApp({
      database: kind,
      // The provider runs on this machine's loopback; domains count as verified when added (a single-company server).
      config: { stripe: config, outboundAllowLoopback: true, ssoSkipDomainProof: true }
    })
    clock = testApp.clock
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    fake.setWebhookUrl(`${address}${API_BASE}${STRIPE_WEBHOOK_PATH}`)
  })
  afterAll(async () => {
    await fake?.close()
    await testApp?.close()
    await idp?.close()
  })

  const subscriptionRow = async (organizationId: string) =>
    (await testApp.db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)))[0]!

  /** Stripe's subscription as it stands, with another plan (its price's lookup_key) and status. */
  function stripeSubscription(id: string, changes: { priceId?: string; status?: FakeSubscription['status'] }): FakeSubscription {
    const sub = fake.state.subscriptions.get(id)!
    const item = sub.items.data[0]!
    const next: FakeSubscription = {
      ...sub,
      status: changes.status ?? sub.status,
      items: { ...sub.items, data: [{ ...item, price: { ...item.price, lookup_key: changes.priceId ?? item.price.lookup_key } }] }
    }
    fake.state.subscriptions.set(id, next)
    return next
  }

  /** Stripe tells Pagecrew the subscription changed (a second later on both clocks, so it is never older than the last). */
  async function stripeUpdates(id: string, changes: { priceId?: string; status?: FakeSubscription['status'] }) {
    testApp.clock.advance(1000)
    const { delivery } = await fake.emit('customer.subscription.updated', stripeSubscription(id, changes))
    expect(delivery!.status).toBe(200)
  }

  /** An admin (outside the domain) whose organization pays Enterprise through Stripe and requires SSO for `domain`. */
  async function enterpriseRequiringSso() {
    const admin = new TestClient(testApp.app)
    const account = await admin.signup()
    const org = await admin.createOrganization(`Org ${randomUUID().slice(0, 6)}`)
    const professional = PLANS.find((p) => p.id === 'professional')!
    const result = await createStripeProvider(config).checkout({
      organizationId: org.id,
      organizationName: org.name,
      customerEmail: account.email,
      plan: professional,
      variant: professional.variants.find((v) => v.priceId === 'professional-yearly')!,
      seatQuantity: 20,
      existing: await subscriptionRow(org.id),
      successUrl: 'http://127.0.0.1/settings/billing?checkout=success',
      cancelUrl: 'http://127.0.0.1/settings/billing'
    })
    const { subscriptionId } = await fake.completeCheckout((result as { url: string }).url.split('/').pop()!)
    // Sales moves the subscription to Enterprise at Stripe.
    await stripeUpdates(subscriptionId, { priceId: 'enterprise-yearly' })
    expect(await subscriptionRow(org.id)).toMatchObject({ productId: 'enterprise', status: 'active' })

    const domain = `corp-${randomUUID().slice(0, 8)}.example`
    const saved = await admin.put<SsoSettings>('/organization/sso', {
      issuerUrl: idp.issuer,
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      required: true,
      domains: [domain]
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ required: true, domains: [{ domain, verified: true }] })
    return { admin, org, domain, subscriptionId }
  }

  /** While the plan does not include SSO, someone of the domain signs in with a password: allowed then. */
  async function passwordSessionDuringLapse(admin: TestClient, domain: string) {
    const email = `lapse-${randomUUID().slice(0, 6)}@${domain}`
    expect((await new TestClient(testApp.app).post('/auth/sso/discover', { email })).body).toMatchObject({ sso: 'none' })
    const first = new TestClient(testApp.app)
    await first.signup({ email, password: PASSWORD, fullName: 'Lapse User' })
    const invited = await admin.post<{ joinUrl: string }>('/members/invite', { email, role: 'MEMBER' })
    expect(invited.status).toBe(200)
    expect((await first.post('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token'), password: PASSWORD })).status).toBe(200)
    const second = new TestClient(testApp.app)
    expect((await second.post('/auth/login', { email, password: PASSWORD })).status).toBe(200)
    expect((await second.get('/members/list')).status).toBe(200)
    return { email, clients: [first, second] }
  }

  async function expectRequiredAgain(email: string, clients: TestClient[]) {
    for (const client of clients) {
      expect(await client.signedIn()).toBe(false)
      expect((await client.get('/members/list')).status).toBe(401)
    }
    const sessionsLeft = await testApp.db.select({ method: sessions.method }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, email))
    expect(sessionsLeft).toEqual([])
    const refused = await new TestClient(testApp.app).post<{ error: { message: string } }>('/auth/login', { email, password: PASSWORD })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)
  }

  const lastBillingEntry = async (organizationId: string) =>
    (
      await testApp.db
        .select({ action: auditLog.action, actorName: auditLog.actorName, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.targetType, 'subscription')))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(1)
    )[0]!

  it('unpaid, then paid: the password sessions opened meanwhile end with the payment (audited with their number)', async () => {
    const { admin, org, domain, subscriptionId } = await enterpriseRequiringSso()
    await stripeUpdates(subscriptionId, { status: 'unpaid' })
    const { email, clients } = await passwordSessionDuringLapse(admin, domain)

    await stripeUpdates(subscriptionId, { status: 'active' })
    await expectRequiredAgain(email, clients)
    expect(await lastBillingEntry(org.id)).toMatchObject({
      action: 'billing.subscription_changed',
      actorName: 'System',
      after: { status: 'active', passwordSessionsEnded: 2 }
    })
    // The admin, outside the domain, is still signed in.
    expect(await admin.signedIn()).toBe(true)
  })

  it('moved down to Professional, then back to Enterprise: the password sessions opened meanwhile end with the upgrade', async () => {
    const { admin, org, domain, subscriptionId } = await enterpriseRequiringSso()
    await stripeUpdates(subscriptionId, { priceId: 'professional-yearly' })
    const { email, clients } = await passwordSessionDuringLapse(admin, domain)

    await stripeUpdates(subscriptionId, { priceId: 'enterprise-yearly' })
    await expectRequiredAgain(email, clients)
    expect(await lastBillingEntry(org.id)).toMatchObject({ action: 'billing.plan_changed', after: { priceId: 'enterprise-yearly', passwordSessionsEnded: 2 } })
  })

  it('a subscription change that leaves SSO included ends nobody; without Required nothing ends either', async () => {
    const { admin, org, domain, subscriptionId } = await enterpriseRequiringSso()
    // Past due still includes SSO: nothing starts to apply, nothing ends.
    await stripeUpdates(subscriptionId, { status: 'past_due' })
    await stripeUpdates(subscriptionId, { status: 'active' })
    expect(await admin.signedIn()).toBe(true)

    // Required switched off, the plan lapses and comes back: password sessions stay.
    expect((await admin.put('/organization/sso', { issuerUrl: idp.issuer, clientId: CLIENT.clientId, required: false, domains: [domain] })).status).toBe(200)
    await stripeUpdates(subscriptionId, { status: 'unpaid' })
    const { clients } = await passwordSessionDuringLapse(admin, domain)
    await stripeUpdates(subscriptionId, { status: 'active' })
    for (const client of clients) expect(await client.signedIn()).toBe(true)
    expect((await lastBillingEntry(org.id)).after).not.toHaveProperty('passwordSessionsEnded')
  })
})
