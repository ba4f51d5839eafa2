import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tz } from '@date-fns/tz'
import { addMonths, addYears } from 'date-fns'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE, toTeamFormFields, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { BillingOverview, BillingPlans, CheckoutResult, CurrentPlan, Entitlement, Member, Organization, PostTag, Team, User } from '../../shared/domain'
import type { BillingProvider, ProviderCheckout } from '../adapters/billing/billing'
import { createBuiltinProvider, hashPortalToken } from '../adapters/billing/builtin'
import { createPasswordIdentity } from '../adapters/identity/password'
import { createServer } from '../app'
import { manualClock } from '../testing/clock'
import { DEFAULT_CONTACT_SALES_URL } from '../config'
import type { DatabaseHandle } from '../db/client'
import { billingPortalTokens, invoices, subscriptions } from '../db/schema'
import { createTestDatabase, FAST_ARGON2, TestClient, testDatabaseKinds } from '../testing/harness'
import { PORTAL_CSP } from './billing'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type MembersPage = { members: Member[]; total: number }
type SeatsResult = { currentPlan: CurrentPlan; usersCount: number }

const DAY = 86_400_000
const PASSWORD = 'correct horse battery staple'
const UTC = tz('UTC')
const plusMonths = (d: Date, n: number) => new Date(addMonths(d, n, { in: UTC }).getTime())
const plusYears = (d: Date, n: number) => new Date(addYears(d, n, { in: UTC }).getTime())

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

const kinds = await testDatabaseKinds()

/**
 * Like describeEachDatabase, with a billing provider the tests control: the built-in one, whose
 * updateSeats records its calls and can be made to fail.
 */
describe.each(kinds)('billing [%s]', (kind) => {
  const clock = manualClock('2026-03-10T09:00:00.000Z')
  const control = { failUpdateSeats: false, seatCalls: [] as number[], nextCheckout: null as ProviderCheckout | null }
  let handle: DatabaseHandle
  let app: FastifyInstance
  let dataDir: string

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    dataDir = await mkdtemp(join(tmpdir(), 'pagecrew-billing-test-'))
    const builtin = createBuiltinProvider({ db: handle.db, clock })
    const provider: BillingProvider = {
      kind: 'builtin',
      async checkout(input) {
        const next = control.nextCheckout
        control.nextCheckout = null
        return next ?? builtin.checkout(input)
      },
      portalUrl: (input) => builtin.portalUrl(input),
      pricingTable: () => builtin.pricingTable(),
      async updateSeats(input) {
        if (control.failUpdateSeats) throw new Error('provider is down')
        control.seatCalls.push(input.quantity)
      }
    }
    app = createServer({
      db: handle.db,
      clock,
      config: { logLevel: 'silent', dataDir },
      identity: createPasswordIdentity({ db: handle.db, clock, argon2: FAST_ARGON2 }),
      billingProvider: provider
    })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await handle?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  // -------------------------------------------------------------------------------------------
  // Helpers
  // -------------------------------------------------------------------------------------------

  async function newAdmin(organizationName = 'Acme') {
    const client = new TestClient(app)
    const account = await client.signup({ email: uniqueEmail('admin'), fullName: 'Ada Admin' })
    const org = await client.createOrganization(organizationName)
    const me = (await client.get<User>('/user')).body
    return { client, account, org, userId: me.id }
  }

  async function invite(admin: TestClient, role: 'ADMIN' | 'MEMBER' | 'GHOST' = 'MEMBER', email = uniqueEmail('invitee')) {
    const res = await admin.post<{ member: Member; joinUrl: string } & ErrorBody>('/members/invite', { email, role })
    if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`)
    return { userId: res.body.member.id, email, joinUrl: res.body.joinUrl }
  }

  /** An invited person who joined: ACTIVE, signed in. */
  async function addMember(admin: TestClient, role: 'ADMIN' | 'MEMBER' | 'GHOST' = 'MEMBER') {
    const invited = await invite(admin, role)
    const client = new TestClient(app)
    const res = await client.post<Session>('/join/accept', { token: tokenOf(invited.joinUrl), fullName: 'Mia Member', password: PASSWORD })
    if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`)
    return { client, userId: invited.userId, email: invited.email }
  }

  /** Sessions last 30 days: after a long jump of the clock, sign in again. */
  async function relogin(client: TestClient, email: string) {
    const res = await client.post('/auth/login', { email, password: PASSWORD })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`)
  }

  const checkout = (client: TestClient, priceId: string, seatQuantity?: number) =>
    client.post<CheckoutResult & ErrorBody>('/billing/checkout', seatQuantity === undefined ? { priceId } : { priceId, seatQuantity })
  const manageSeats = (client: TestClient, newSeatQuantity: number, memberIdsToCancel: string[] = []) =>
    client.request<SeatsResult & ErrorBody>('PATCH', '/billing/manage-seats', { body: { newSeatQuantity, memberIdsToCancel } })
  const overview = async (client: TestClient) => {
    const res = await client.get<BillingOverview>('/billing/subscription')
    expect(res.status).toBe(200)
    return res.body
  }
  const entitlements = async (client: TestClient) => (await client.get<Entitlement[]>('/billing/verify/entitled')).body
  const limitOf = (list: Entitlement[], key: string) => list.find((e) => e.lookupKey === key)?.limit
  const createTeam = (client: TestClient, name: string, memberId: string) =>
    client.multipart<Team & ErrorBody>('POST', '/team/create', toTeamFormFields({ name, members: [memberId], teamLeaders: [memberId], requireTag: false, aISettingTemplateId: null }))
  const memberIds = async (client: TestClient) => (await client.get<MembersPage>('/members/list')).body.members.map((m) => m.id).sort()

  async function portalUrl(client: TestClient) {
    const res = await client.get<{ url: string }>('/billing/customer-portal-url')
    expect(res.status).toBe(200)
    return res.body.url
  }
  const openPortal = (url: string) => {
    const u = new URL(url)
    return app.inject({ method: 'GET', url: `${u.pathname}${u.search}` })
  }
  const portalPost = (action: 'cancel' | 'resume', token: string) =>
    app.inject({
      method: 'POST',
      url: `${API_BASE}/billing/portal/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString()
    })

  // -------------------------------------------------------------------------------------------

  describe('plans and overview', () => {
    it('shows a trial: the plan table, no current price, the trial plan and no invoices; members may read', async () => {
      const { client: admin } = await newAdmin('Trial Co')
      const member = await addMember(admin)

      const plans = await admin.get<BillingPlans>('/billing/plans')
      expect(plans.status).toBe(200)
      expect(plans.body).toMatchObject({ provider: 'builtin', currentPriceId: null, pricingTable: null, contactSalesUrl: DEFAULT_CONTACT_SALES_URL })
      expect(plans.body.plans.map((p) => [p.id, p.name, p.seats, p.activePlan])).toEqual([
        ['entry', 'Entry Seat', 3, false],
        ['professional', 'Professional Seat', 5, false],
        ['enterprise', 'Enterprise Seat', 20, false]
      ])
      expect(plans.body.plans[1]).toMatchObject({ AIPrompts: 80, teamsIncluded: 3, academy: true, sso: false, reviewFlow: true, assignedSlots: true, teamLeaderboard: true })
      expect(plans.body.plans[2]!.variants).toEqual([{ priceId: 'enterprise-yearly', price: null, name: 'yearly' }])

      const view = await overview(member.client)
      expect(view).toEqual({
        provider: 'builtin',
        currentPlan: {
          availableSeats: 5,
          minSeats: 1,
          productId: null,
          productName: 'Free trial',
          status: 'trialing',
          endsAt: null,
          trialEndsAt: new Date(clock.now().getTime() + 14 * DAY).toISOString()
        },
        priceId: null,
        interval: null,
        usersCount: 2,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        invoices: []
      })
      expect((await member.client.get('/billing/plans')).status).toBe(200)

      const anonymous = new TestClient(app)
      expect((await anonymous.get<ErrorBody>('/billing/subscription')).status).toBe(401)
      expect((await anonymous.get<ErrorBody>('/billing/plans')).status).toBe(401)
      const onboarding = new TestClient(app)
      await onboarding.signup({ email: uniqueEmail('nobody') })
      expect((await onboarding.get<ErrorBody>('/billing/subscription')).body.error.code).toBe('no_organization')
    })
  })

  describe('checkout', () => {
    it('refuses unknown prices, the Enterprise plan, too few seats, members and bad input', async () => {
      const { client: admin } = await newAdmin('Validation Co')
      const member = await addMember(admin)
      await invite(admin)
      await invite(admin) // 4 users

      const unknown = await checkout(admin, 'gold-monthly')
      expect(unknown.status).toBe(400)
      expect(unknown.body.error).toMatchObject({ message: MESSAGES.checkoutUnknownPrice, fields: { priceId: MESSAGES.checkoutUnknownPrice } })

      const enterprise = await checkout(admin, 'enterprise-yearly')
      expect(enterprise.status).toBe(400)
      expect(enterprise.body.error).toMatchObject({ message: MESSAGES.enterpriseContactSales, fields: { priceId: MESSAGES.enterpriseContactSales } })

      const belowMin = await checkout(admin, 'professional-monthly', 4)
      expect(belowMin.status).toBe(400)
      expect(belowMin.body.error).toMatchObject({ message: MESSAGES.seatsBelowMin(5), fields: { seatQuantity: MESSAGES.seatsBelowMin(5) } })

      const belowUsers = await checkout(admin, 'entry-monthly', 3)
      expect(belowUsers.status).toBe(400)
      expect(belowUsers.body.error).toMatchObject({ message: MESSAGES.checkoutSeatsBelowUsers(4), fields: { seatQuantity: MESSAGES.checkoutSeatsBelowUsers(4) } })

      const asMember = await checkout(member.client, 'entry-monthly')
      expect(asMember.status).toBe(403)

      for (const body of [{}, { priceId: '' }, { priceId: 'entry-monthly', seatQuantity: 'five' }, { priceId: 'entry-monthly', seatQuantity: 2.5 }, { priceId: 'entry-monthly', seatQuantity: 0 }, []]) {
        const res = await admin.post<ErrorBody>('/billing/checkout', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      const noHeader = await admin.request<ErrorBody>('POST', '/billing/checkout', { body: { priceId: 'entry-monthly' }, clientHeader: false })
      expect(noHeader.status).toBe(403)
      expect(noHeader.body.error.code).toBe('csrf')

      // Nothing changed.
      const view = await overview(admin)
      expect(view.currentPlan.status).toBe('trialing')
      expect(view.invoices).toEqual([])
    })

    it('activates a plan: seats, minSeats, period, a paid invoice, and the plan’s entitlements instead of the trial’s', async () => {
      const { client: admin } = await newAdmin('Buyer Co')
      const trialEnd = (await overview(admin)).currentPlan.trialEndsAt
      const trialLimits = await entitlements(admin)
      expect(limitOf(trialLimits, 'TEAMS')).toBe(0)
      expect(limitOf(trialLimits, 'ACADEMY')).toBeUndefined()

      const now = clock.now()
      const res = await checkout(admin, 'professional-monthly')
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        status: 'completed',
        currentPlan: { availableSeats: 5, minSeats: 5, productId: 'professional', productName: 'Professional Seat', status: 'active', endsAt: null, trialEndsAt: trialEnd }
      })

      const view = await overview(admin)
      expect(view).toMatchObject({ priceId: 'professional-monthly', interval: 'monthly', usersCount: 1, cancelAtPeriodEnd: false, currentPeriodEnd: plusMonths(now, 1).toISOString() })
      expect(view.invoices).toEqual([
        {
          id: expect.any(String),
          number: `PC-${now.getUTCFullYear()}-000001`,
          createdAt: now.toISOString(),
          description: 'Professional Seat — monthly, 5 seats',
          quantity: 5,
          unitAmount: 29,
          amount: 145,
          status: 'paid',
          periodStart: now.toISOString(),
          periodEnd: plusMonths(now, 1).toISOString(),
          url: null
        }
      ])

      const limits = await entitlements(admin)
      expect(limitOf(limits, 'TEAMS')).toBe(3)
      expect(limitOf(limits, 'ACADEMY')).toBe(0)
      expect(limitOf(limits, 'GENERATE_IDEAS_PER_MONTH')).toBe(80)
      expect(limitOf(limits, 'AI_TEMPLATES')).toBe(5)

      const plans = (await admin.get<BillingPlans>('/billing/plans')).body
      expect(plans.currentPriceId).toBe('professional-monthly')
      expect(plans.plans.filter((p) => p.activePlan).map((p) => p.id)).toEqual(['professional'])
      const org = (await admin.get<Organization>('/organization')).body
      expect(org.currentPlan).toEqual(res.body.status === 'completed' ? res.body.currentPlan : null)

      // The plan it already has: Manage seats changes seats.
      const again = await checkout(admin, 'professional-monthly')
      expect(again.status).toBe(409)
      expect(again.body.error.message).toBe(MESSAGES.checkoutAlreadyOnPlan)

      // Another variant: a new yearly period with its own invoice (no proration credit).
      clock.advance(3 * DAY)
      const yearlyAt = clock.now()
      const yearly = await checkout(admin, 'professional-yearly', 7)
      expect(yearly.status).toBe(200)
      const after = await overview(admin)
      expect(after).toMatchObject({ priceId: 'professional-yearly', interval: 'yearly', currentPeriodEnd: plusYears(yearlyAt, 1).toISOString() })
      expect(after.currentPlan).toMatchObject({ availableSeats: 7, minSeats: 5 })
      expect(after.invoices.map((i) => [i.number, i.description, i.quantity, i.unitAmount, i.amount])).toEqual([
        [`PC-${yearlyAt.getUTCFullYear()}-000002`, 'Professional Seat — yearly, 7 seats', 7, 290, 2030],
        [`PC-${now.getUTCFullYear()}-000001`, 'Professional Seat — monthly, 5 seats', 5, 29, 145]
      ])

      // Down to Entry: its limits apply (1 team), its minimum (3) becomes minSeats.
      const entry = await checkout(admin, 'entry-monthly')
      expect(entry.status).toBe(200)
      expect((await overview(admin)).currentPlan).toMatchObject({ productId: 'entry', availableSeats: 3, minSeats: 3 })
      expect(limitOf(await entitlements(admin), 'TEAMS')).toBe(1)
      expect(limitOf(await entitlements(admin), 'ACADEMY')).toBeUndefined()
    })

    it('follows a provider that redirects (nothing changes) or applies a state itself (no invoice of ours)', async () => {
      const { client: admin, org } = await newAdmin('Provider Co')
      const before = await overview(admin)
      control.nextCheckout = { kind: 'redirect', url: 'https://checkout.example/session/1' }
      const redirect = await checkout(admin, 'entry-monthly')
      expect(redirect.status).toBe(200)
      expect(redirect.body).toEqual({ status: 'redirect', url: 'https://checkout.example/session/1' })
      expect(await overview(admin)).toEqual(before)

      const periodEnd = new Date(clock.now().getTime() + 365 * DAY)
      control.nextCheckout = {
        kind: 'applied',
        state: {
          organizationId: org.id,
          priceId: 'professional-yearly',
          quantity: 6,
          status: 'active',
          currentPeriodEnd: periodEnd,
          trialEndsAt: null,
          endsAt: null,
          cancelAtPeriodEnd: false,
          customerId: 'cus_test',
          subscriptionId: 'sub_test',
          observedAt: clock.now()
        }
      }
      const applied = await checkout(admin, 'professional-yearly', 6)
      expect(applied.status).toBe(200)
      expect(applied.body).toEqual({
        status: 'completed',
        currentPlan: { ...before.currentPlan, availableSeats: 6, minSeats: 5, productId: 'professional', productName: 'Professional Seat', status: 'active' }
      })
      const after = await overview(admin)
      expect(after).toMatchObject({ priceId: 'professional-yearly', interval: 'yearly', currentPeriodEnd: periodEnd.toISOString(), invoices: [] })
      const [row] = await handle.db.select().from(subscriptions).where(eq(subscriptions.organizationId, org.id))
      expect(row).toMatchObject({ provider: 'stripe', providerCustomerId: 'cus_test', providerSubscriptionId: 'sub_test' })
    })

    it('an expired trial has no entitlements (402) until a plan is bought', async () => {
      const { client: admin, account } = await newAdmin('Late Co')
      const member = await addMember(admin)
      clock.advance(15 * DAY)
      await relogin(admin, account.email)

      expect(await entitlements(admin)).toEqual([])
      const blocked = await createTeam(admin, 'Sales', member.userId)
      expect(blocked.status).toBe(402)
      expect(blocked.body.error.message).toBe(MESSAGES.teamsLimit)
      const seats = await manageSeats(admin, 4)
      expect(seats.status).toBe(402)
      expect(seats.body.error).toMatchObject({ code: 'plan_limit', message: MESSAGES.subscriptionExpired })
      // The portal still opens (to see invoices), the checkout still works: it is the way out.
      expect((await openPortal(await portalUrl(admin))).statusCode).toBe(200)

      const bought = await checkout(admin, 'entry-monthly')
      expect(bought.status).toBe(200)
      expect(bought.body).toMatchObject({ status: 'completed', currentPlan: { status: 'active', productId: 'entry', availableSeats: 3 } })
      expect((await createTeam(admin, 'Sales', member.userId)).status).toBe(200)
    })
  })

  describe('manage seats', () => {
    it('raises the seats of a paid plan: prorated invoice for the rest of the period, provider told', async () => {
      const { client: admin } = await newAdmin('Growing Co')
      const start = clock.now()
      expect((await checkout(admin, 'professional-monthly')).status).toBe(200)
      clock.advance(10 * DAY + 5 * 3_600_000)
      const now = clock.now()
      control.seatCalls.length = 0

      const res = await manageSeats(admin, 8)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ usersCount: 1, currentPlan: { availableSeats: 8, minSeats: 5, productId: 'professional' } })
      expect(control.seatCalls).toEqual([8])

      const end = plusMonths(start, 1)
      const unitCents = Math.round((2900 * (end.getTime() - now.getTime())) / (end.getTime() - start.getTime()))
      const view = await overview(admin)
      expect(view.invoices).toHaveLength(2)
      expect(view.invoices[0]).toMatchObject({
        number: `PC-${now.getUTCFullYear()}-000002`,
        description: `Professional Seat — monthly, 3 added seats, prorated for ${Math.ceil((end.getTime() - now.getTime()) / DAY)} days`,
        quantity: 3,
        unitAmount: unitCents / 100,
        amount: (3 * unitCents) / 100,
        periodStart: now.toISOString(),
        periodEnd: end.toISOString()
      })
      expect(unitCents).toBeGreaterThan(0)
      expect(unitCents).toBeLessThan(2900)

      // Lowering (nobody to remove): no credit, no invoice; below the plan minimum refused.
      const lower = await manageSeats(admin, 6)
      expect(lower.status).toBe(200)
      expect(control.seatCalls).toEqual([8, 6])
      expect((await overview(admin)).invoices).toHaveLength(2)
      const belowMin = await manageSeats(admin, 4)
      expect(belowMin.status).toBe(400)
      expect(belowMin.body.error).toMatchObject({ message: MESSAGES.seatsBelowMin(5), fields: { newSeatQuantity: MESSAGES.seatsBelowMin(5) } })
      expect((await overview(admin)).currentPlan.availableSeats).toBe(6)
    })

    it('validates removals: count, other organizations, self, last admin, members, bad input', async () => {
      const { client: admin, userId: adminId } = await newAdmin('Strict Co')
      const m1 = await addMember(admin)
      const m2 = await invite(admin)
      const ghost = await addMember(admin, 'GHOST') // users: admin, m1, m2, ghost = 4
      const other = await newAdmin('Other Co')
      const stranger = await addMember(other.client)

      const expectField = async (res: Awaited<ReturnType<typeof manageSeats>>, message: string) => {
        expect(res.status).toBe(400)
        expect(res.body.error).toMatchObject({ message, fields: { memberIdsToCancel: message } })
      }
      await expectField(await manageSeats(admin, 2, [m1.userId]), MESSAGES.seatsRemovalCount(2))
      await expectField(await manageSeats(admin, 2, [m1.userId, m2.userId, ghost.userId]), MESSAGES.seatsRemovalCount(2))
      await expectField(await manageSeats(admin, 2, [m1.userId, m1.userId]), MESSAGES.seatsRemovalCount(2))
      await expectField(await manageSeats(admin, 5, [m1.userId]), MESSAGES.seatsRemovalCount(0))
      await expectField(await manageSeats(admin, 2, [m1.userId, stranger.userId]), MESSAGES.seatsRemovalUnknown)
      await expectField(await manageSeats(admin, 2, [m1.userId, other.userId]), MESSAGES.seatsRemovalUnknown)
      await expectField(await manageSeats(admin, 2, [m1.userId, 'not-a-uuid']), MESSAGES.seatsRemovalUnknown)
      await expectField(await manageSeats(admin, 2, [m1.userId, adminId]), MESSAGES.seatsCannotRemoveYourself)
      // The GHOST is an admin too; removing the only ADMIN would leave none.
      await expectField(await manageSeats(ghost.client, 2, [adminId, m1.userId]), MESSAGES.seatsWouldRemoveLastAdmin)

      expect((await manageSeats(m1.client, 4)).status).toBe(403)
      for (const body of [{}, { newSeatQuantity: 0 }, { newSeatQuantity: 'x' }, { newSeatQuantity: 3, memberIdsToCancel: 'a' }, { newSeatQuantity: 3, memberIdsToCancel: [7] }]) {
        const res = await admin.request<ErrorBody>('PATCH', '/billing/manage-seats', { body })
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      // The trial cannot grow beyond its seats: that takes a plan.
      const grow = await manageSeats(admin, 6)
      expect(grow.status).toBe(402)
      expect(grow.body.error.message).toBe(MESSAGES.trialSeatsMax(5))

      // Nothing changed anywhere.
      expect(await memberIds(admin)).toEqual([adminId, m1.userId, m2.userId, ghost.userId].sort())
      expect((await overview(admin)).currentPlan.availableSeats).toBe(5)
      expect(await memberIds(other.client)).toEqual([other.userId, stranger.userId].sort())
    })

    it('lowers seats removing exactly the picked members, who lose access at once', async () => {
      const { client: admin, userId: adminId, org } = await newAdmin('Shrink Co')
      const keep = await addMember(admin)
      const gone = await addMember(admin)
      const invited = await invite(admin) // 4 users
      // The removed member also belongs to an organization of their own.
      const ownOrg = await gone.client.createOrganization('Gone Solo')
      await gone.client.post('/auth/switch-organization', { organizationWorkOSId: org.organizationWorkOSId })
      expect((await gone.client.get<Organization>('/organization')).body.id).toBe(org.id)

      expect((await createTeam(admin, 'Crew', gone.userId)).status).toBe(200)
      const tag = await admin.post<PostTag>('/postTag/create', { tagTitle: 'News', tagColor: '#112233', tagDescription: '', assignedUsers: [gone.userId, keep.userId] })
      expect(tag.status).toBe(200)

      const res = await manageSeats(admin, 2, [gone.userId, invited.userId])
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ usersCount: 2, currentPlan: { availableSeats: 2, status: 'trialing' } })
      expect(control.seatCalls).not.toContain(2) // a trial has nothing to tell the provider

      expect(await memberIds(admin)).toEqual([adminId, keep.userId].sort())
      const teams = (await admin.get<Team[]>('/team/list')).body
      expect(teams[0]!.members).toEqual([])
      const tags = (await admin.post<PostTag[]>('/postTag', {})).body
      expect(tags.find((t) => t.id === tag.body.id)?.assignedUsers).toEqual([keep.userId])
      // The invitation's link is dead; the removed member's next request no longer reaches the organization.
      expect((await new TestClient(app).get('/join/info', { token: tokenOf(invited.joinUrl) })).status).toBe(404)
      const orgNow = await gone.client.get<Organization>('/organization')
      expect(orgNow.status).toBe(200)
      expect(orgNow.body.id).toBe(ownOrg.id)
      const list = await gone.client.get<MembersPage>('/members/list')
      expect(list.body.members.map((m) => m.id)).toEqual([gone.userId])
      expect((await gone.client.post<ErrorBody>('/auth/switch-organization', { organizationWorkOSId: org.organizationWorkOSId })).status).toBe(404)

      // A removed member with no other organization: like anyone without one.
      expect((await manageSeats(admin, 3)).status).toBe(200)
      const lone = await addMember(admin)
      expect((await manageSeats(admin, 2, [lone.userId])).status).toBe(200)
      expect((await lone.client.get<ErrorBody>('/organization')).body.error.code).toBe('no_organization')
      expect((await lone.client.get<ErrorBody>('/members/list')).body.error.code).toBe('no_organization')
      expect((await lone.client.get<ErrorBody>('/billing/subscription')).body.error.code).toBe('no_organization')
    })

    it('lowers a paid plan with removals: provider told the new quantity, no invoice', async () => {
      const { client: admin } = await newAdmin('Paid Shrink Co')
      expect((await checkout(admin, 'professional-monthly', 7)).status).toBe(200)
      const people = []
      for (let i = 0; i < 6; i++) people.push(await invite(admin)) // 7 users
      control.seatCalls.length = 0
      const res = await manageSeats(admin, 5, [people[0]!.userId, people[1]!.userId])
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ usersCount: 5, currentPlan: { availableSeats: 5 } })
      expect(control.seatCalls).toEqual([5])
      expect((await overview(admin)).invoices).toHaveLength(1)
    })

    it('rolls everything back when the provider fails (502)', async () => {
      const { client: admin } = await newAdmin('Flaky Co')
      expect((await checkout(admin, 'professional-monthly', 6)).status).toBe(200)
      const people = []
      for (let i = 0; i < 5; i++) people.push(await invite(admin)) // 6 users
      const before = await overview(admin)
      const membersBefore = await memberIds(admin)

      control.failUpdateSeats = true
      try {
        const raise = await manageSeats(admin, 9)
        expect(raise.status).toBe(502)
        expect(raise.body.error).toEqual({ code: 'bad_gateway', message: MESSAGES.billingProviderFailed })
        const lower = await manageSeats(admin, 5, [people[0]!.userId])
        expect(lower.status).toBe(502)
      } finally {
        control.failUpdateSeats = false
      }
      expect(await overview(admin)).toEqual(before)
      expect(await memberIds(admin)).toEqual(membersBefore)
      expect((await manageSeats(admin, 5, [people[0]!.userId])).status).toBe(200)
    })
  })

  describe('built-in portal', () => {
    it('opens with a signed one-hour link: escaped page, strict CSP, cancel and resume, then expires', async () => {
      const { client: admin } = await newAdmin('<script>alert("x")</script> & Co')
      const member = await addMember(admin)
      expect((await member.client.get<ErrorBody>('/billing/customer-portal-url')).status).toBe(403)

      // During the trial the portal works too, without cancel.
      const trialUrl = await portalUrl(admin)
      expect(trialUrl).toMatch(/^http:\/\/localhost(:\d+)?\/api\/billing\/portal\?token=[A-Za-z0-9_-]{43}$/)
      const trialPage = await openPortal(trialUrl)
      expect(trialPage.statusCode).toBe(200)
      expect(trialPage.body).toContain('Free trial')
      expect(trialPage.body).not.toContain('portal/cancel')

      expect((await checkout(admin, 'entry-yearly')).status).toBe(200)
      const url = await portalUrl(admin)
      const token = tokenOf(url)
      const stored = await handle.db.select().from(billingPortalTokens)
      expect(stored.some((r) => r.tokenHash === hashPortalToken(token))).toBe(true)
      expect(stored.some((r) => r.tokenHash === token)).toBe(false)

      const page = await openPortal(url)
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.headers['content-security-policy']).toBe(PORTAL_CSP)
      expect(PORTAL_CSP).toContain("default-src 'none'")
      expect(PORTAL_CSP).not.toContain('script-src')
      expect(page.headers['referrer-policy']).toBe('no-referrer')
      expect(page.headers['cache-control']).toBe('no-store')
      expect(page.body).not.toContain('<script>')
      expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co')
      expect(page.body).toContain('Entry Seat')
      expect(page.body).toContain('2 used of 3')
      expect(page.body).toContain('Entry Seat — yearly, 3 seats')
      expect(page.body).toContain('570.00')
      expect(page.body).toContain('action="portal/cancel"')

      const periodEnd = (await overview(admin)).currentPeriodEnd
      const cancel = await portalPost('cancel', token)
      expect(cancel.statusCode).toBe(303)
      expect(cancel.headers.location).toBe(`../portal?token=${token}`)
      expect(new URL(cancel.headers.location as string, `http://localhost${API_BASE}/billing/portal/cancel`).pathname).toBe(`${API_BASE}/billing/portal`)
      let view = await overview(admin)
      expect(view.cancelAtPeriodEnd).toBe(true)
      expect(view.currentPlan.endsAt).toBe(periodEnd)
      expect((await openPortal(url)).body).toContain('action="portal/resume"')

      const resume = await portalPost('resume', token)
      expect(resume.statusCode).toBe(303)
      view = await overview(admin)
      expect(view.cancelAtPeriodEnd).toBe(false)
      expect(view.currentPlan.endsAt).toBeNull()

      // JSON API posts still need the client header; the portal forms do not.
      expect((await admin.request('POST', '/billing/checkout', { body: { priceId: 'entry-monthly' }, clientHeader: false })).status).toBe(403)

      clock.advance(60 * 60 * 1000)
      const expired = await openPortal(url)
      expect(expired.statusCode).toBe(404)
      expect(expired.headers['content-type']).toMatch(/^text\/html/)
      expect(expired.body).toContain(MESSAGES.billingLinkExpired)
      expect((await portalPost('cancel', token)).statusCode).toBe(404)
      expect((await overview(admin)).cancelAtPeriodEnd).toBe(false)
      expect((await app.inject({ method: 'GET', url: `${API_BASE}/billing/portal?token=${'a'.repeat(43)}` })).statusCode).toBe(404)
      expect((await app.inject({ method: 'GET', url: `${API_BASE}/billing/portal` })).statusCode).toBe(404)
      expect((await app.inject({ method: 'POST', url: `${API_BASE}/billing/portal/resume` })).statusCode).toBe(404)
    })
  })

  describe('renewal', () => {
    it('rolls built-in periods forward with one invoice each, once; a cancelled plan ends instead', async () => {
      const { client: admin, account } = await newAdmin('Renew Co')
      const member = await addMember(admin)
      const start = clock.now()
      expect((await checkout(admin, 'entry-monthly', 4)).status).toBe(200)

      clock.set(new Date(plusMonths(start, 2).getTime() + DAY))
      await relogin(admin, account.email)
      // Settled inside a seat change's transaction first, then several readers at once: one invoice per period.
      expect((await manageSeats(admin, 4)).status).toBe(200)
      await Promise.all([overview(admin), entitlements(admin), admin.get('/billing/plans'), overview(admin)])
      const view = await overview(admin)
      expect(view.currentPeriodEnd).toBe(plusMonths(start, 3).toISOString())
      expect(view.currentPlan).toMatchObject({ status: 'active', endsAt: null })
      expect(view.invoices.map((i) => [i.description, i.quantity, i.amount, i.periodStart, i.periodEnd])).toEqual([
        ['Entry Seat — monthly renewal, 4 seats', 4, 76, plusMonths(start, 2).toISOString(), plusMonths(start, 3).toISOString()],
        ['Entry Seat — monthly renewal, 4 seats', 4, 76, plusMonths(start, 1).toISOString(), plusMonths(start, 2).toISOString()],
        ['Entry Seat — monthly, 4 seats', 4, 76, start.toISOString(), plusMonths(start, 1).toISOString()]
      ])
      const numbers = view.invoices.map((i) => i.number).reverse()
      expect(new Set(numbers).size).toBe(3)
      expect(numbers).toEqual([...numbers].sort())
      expect((await overview(admin)).invoices).toHaveLength(3)
      expect(limitOf(await entitlements(admin), 'TEAMS')).toBe(1)

      // Cancelled at period end: no renewal; once the period has passed the organization reads expired.
      const token = tokenOf(await portalUrl(admin))
      expect((await portalPost('cancel', token)).statusCode).toBe(303)
      clock.set(new Date(plusMonths(start, 3).getTime() + 1000))
      await relogin(admin, account.email)
      const ended = await overview(admin)
      expect(ended.invoices).toHaveLength(3)
      expect(ended.currentPlan).toMatchObject({ status: 'canceled', endsAt: plusMonths(start, 3).toISOString() })
      expect(await entitlements(admin)).toEqual([])
      expect((await createTeam(admin, 'Late', member.userId)).status).toBe(402)
      const rows = await handle.db.select().from(subscriptions).where(eq(subscriptions.priceId, 'entry-monthly'))
      expect(rows.length).toBeGreaterThan(0)

      // Buying again starts over.
      expect((await checkout(admin, 'entry-monthly', 4)).status).toBe(200)
      expect((await overview(admin)).currentPlan).toMatchObject({ status: 'active', endsAt: null })
      expect((await createTeam(admin, 'Late', member.userId)).status).toBe(200)
    })
  })

  describe('tenant isolation', () => {
    it('an admin of another organization never sees or changes this one’s billing', async () => {
      const a = await newAdmin('Alpha')
      const aMember = await addMember(a.client)
      expect((await checkout(a.client, 'professional-monthly', 6)).status).toBe(200)
      const b = await newAdmin('Beta')

      const bView = await overview(b.client)
      expect(bView.currentPlan.status).toBe('trialing')
      expect(bView.invoices).toEqual([])
      expect(bView.usersCount).toBe(1)
      expect((await b.client.get<BillingPlans>('/billing/plans')).body.currentPriceId).toBeNull()

      const attempt = await manageSeats(b.client, 1, [])
      expect(attempt.status).toBe(200) // only Beta's own seats
      const steal = await manageSeats(b.client, 1, [aMember.userId])
      expect(steal.status).toBe(400)
      expect(steal.body.error.message).toBe(MESSAGES.seatsRemovalUnknown)

      const bPage = await openPortal(await portalUrl(b.client))
      expect(bPage.body).toContain('Beta')
      expect(bPage.body).not.toContain('Alpha')
      expect(bPage.body).not.toContain('Professional Seat')

      const aView = await overview(a.client)
      expect(aView.currentPlan).toMatchObject({ productId: 'professional', availableSeats: 6 })
      expect(aView.usersCount).toBe(2)
      expect(await memberIds(a.client)).toContain(aMember.userId)
      const allInvoices = await handle.db.select().from(invoices).where(eq(invoices.organizationId, b.org.id))
      expect(allInvoices).toEqual([])
    })
  })

  describe('concurrency', () => {
    // Real races need PostgreSQL (PGlite runs one statement at a time); PGlite still checks the outcomes.
    const ROUNDS = kind === 'postgres' ? 10 : 2

    /** One admin account per test (sign-ups are rate limited), a new organization per round. */
    async function roundAdmin() {
      const first = await newAdmin('Round 0')
      let round = 0
      return {
        ...first,
        async nextOrganization(name: string) {
          if (round++ > 0) await first.client.createOrganization(name)
          return first
        }
      }
    }

    it('two admins lowering seats at once with different removals: one wins whole, seats always hold the users', async () => {
      const admin = await roundAdmin()
      for (let round = 0; round < ROUNDS; round++) {
        const { client: a1, userId: a1Id } = await admin.nextOrganization(`Race ${round}`)
        const a2 = await addMember(a1, 'ADMIN')
        const [m1, m2, m3] = [await invite(a1), await invite(a1), await invite(a1)] // 5 users, 5 seats
        const results = await Promise.all([manageSeats(a1, 3, [m1.userId, m2.userId]), manageSeats(a2.client, 4, [m3.userId])])
        const statuses = results.map((r) => r.status).sort()
        expect(statuses, `round ${round}`).toEqual([200, 400])
        const view = await overview(a1)
        expect(view.usersCount).toBeLessThanOrEqual(view.currentPlan.availableSeats)
        const ids = await memberIds(a1)
        if (results[0]!.status === 200) {
          expect(view.currentPlan.availableSeats).toBe(3)
          expect(ids).toEqual([a1Id, a2.userId, m3.userId].sort())
        } else {
          expect(view.currentPlan.availableSeats).toBe(4)
          expect(ids).toEqual([a1Id, a2.userId, m1.userId, m2.userId].sort())
        }
      }
    })

    it('a seat reduction racing an invitation: one of them, never more users than seats', async () => {
      const owner = await roundAdmin()
      for (let round = 0; round < ROUNDS; round++) {
        const { client: admin } = await owner.nextOrganization(`Invite race ${round}`)
        await invite(admin)
        await invite(admin) // 3 users, 5 seats
        const [seats, invited] = await Promise.all([
          manageSeats(admin, 3),
          admin.post<ErrorBody>('/members/invite', { email: uniqueEmail('racer'), role: 'MEMBER' })
        ])
        expect([seats.status, invited.status].filter((s) => s === 200), `round ${round}`).toHaveLength(1)
        const view = await overview(admin)
        expect(view.usersCount).toBeLessThanOrEqual(view.currentPlan.availableSeats)
        if (seats.status === 200) {
          expect(invited.status).toBe(402)
          expect(view).toMatchObject({ usersCount: 3, currentPlan: { availableSeats: 3 } })
        } else {
          expect(seats.status).toBe(400)
          expect(view).toMatchObject({ usersCount: 4, currentPlan: { availableSeats: 5 } })
        }
      }
    })

    it('two creates at one below a plan limit: exactly one 402 (teams and business pages)', async () => {
      const owner = await roundAdmin()
      for (let round = 0; round < Math.ceil(ROUNDS / 2); round++) {
        const { client: admin } = await owner.nextOrganization(`Limit race ${round}`)
        const m1 = await addMember(admin)
        const m2 = await addMember(admin)
        expect((await checkout(admin, 'entry-monthly')).status).toBe(200) // TEAMS 1, BUSINESS_PAGES 1

        const teams = await Promise.all([createTeam(admin, 'One', m1.userId), createTeam(admin, 'Two', m2.userId)])
        expect(teams.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 402])
        expect(teams.find((r) => r.status === 402)!.body.error.message).toBe(MESSAGES.teamsLimit)
        expect((await admin.get<Team[]>('/team/list')).body).toHaveLength(1)

        const page = (name: string) => admin.post<ErrorBody>('/organization/business-pages/create', { linkedInCompanyName: name })
        const pages = await Promise.all([page('Page one'), page('Page two')])
        expect(pages.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 402])
        expect(pages.find((r) => r.status === 402)!.body.error.message).toBe(MESSAGES.businessPagesLimit)
        expect((await admin.get<Organization>('/organization')).body.organizationBusinessPages).toHaveLength(1)
      }
    })
  })
})
