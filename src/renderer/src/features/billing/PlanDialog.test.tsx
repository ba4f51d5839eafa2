// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CHECKOUT_POLL_MS } from '@renderer/api/billing'
import { aBillingOverview, aBillingPlans, aCurrentPlan, STRIPE_PRICING_TABLE } from '@renderer/testing/billingFixtures'
import { createFakeHost, fail, ok, type FakeHost } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aUser, anOrganization, withRole } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { PlanDialog } from './PlanDialog'
import { STRIPE_PRICING_TABLE_SCRIPT } from './StripePricingTable'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.querySelectorAll('script').forEach((s) => s.remove())
})

function hostWith(options: { user?: ReturnType<typeof aUser>; plans?: ReturnType<typeof aBillingPlans>; users?: number } = {}) {
  return createFakeHost({
    'GET /user': ok(options.user ?? aUser()),
    'GET /organization': ok(anOrganization({ users: options.users ?? 2 })),
    'GET /billing/plans': ok(options.plans ?? aBillingPlans())
  })
}

function open(fake: FakeHost = hostWith()) {
  const onClose = vi.fn()
  const onCompleted = vi.fn()
  const view = renderInApp(<PlanDialog open onClose={onClose} onCompleted={onCompleted} />, fake)
  return { ...view, fake, onClose, onCompleted, events: userEvent.setup() }
}

/** A page with a button that opens the dialog, as /settings/billing has. */
function Opener() {
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <button onClick={() => setOpen(true)}>Open plans</button>
      <PlanDialog open={isOpen} onClose={() => setOpen(false)} />
    </>
  )
}

const card = (id: string) => screen.getByTestId(`plan-card-${id}`)

describe('Manage your plan dialog', () => {
  it('is named "Manage your plan" and lists every plan-table field with per-seat prices and no currency', async () => {
    open()
    expect(await screen.findByRole('dialog', { name: 'Manage your plan' })).toBeTruthy()
    await screen.findByTestId('plan-cards')
    const professional = card('professional')
    expect(within(professional).getByRole('heading', { name: 'Professional Seat' })).toBeTruthy()
    expect(professional.textContent).toContain('For growing teams with review flow and the academy.')
    expect(screen.getByTestId('plan-price-professional').textContent).toBe('29 per seat / month')
    expect(screen.getByTestId('plan-price-entry').textContent).toBe('19 per seat / month')
    for (const text of ['Seats5 minimum', 'AI prompts per month80', 'Teams included3', 'AcademyYes', 'SSONo', 'Review flowYes', 'Assigned slotsIncluded', 'Team leaderboardIncluded']) {
      expect(professional.textContent).toContain(text)
    }
    expect(card('entry').textContent).toContain('AcademyNo')
    expect(card('enterprise').textContent).toContain('SSOYes')
    expect(screen.getByTestId('plan-dialog').textContent).not.toMatch(/[$€£]|USD|EUR/)
  })

  it('switches to yearly prices; Enterprise is yearly only with its price not shown', async () => {
    const { events } = open()
    const interval = await screen.findByRole('switch', { name: 'Yearly billing' })
    expect(screen.getByTestId('plan-price-enterprise').textContent).toBe('Yearly only, price on request')
    await events.click(interval)
    expect(screen.getByTestId('plan-price-professional').textContent).toBe('290 per seat / year')
    expect(screen.getByTestId('plan-price-entry').textContent).toBe('190 per seat / year')
    expect(screen.getByTestId('plan-price-enterprise').textContent).toBe('Yearly only, price on request')
    expect(within(card('enterprise')).queryByRole('button', { name: 'Choose Enterprise Seat' })).toBeNull()
  })

  it('opens the contact address for Enterprise through the host, without a checkout', async () => {
    const { events, fake } = open()
    await events.click(await screen.findByRole('button', { name: 'Contact us about Enterprise Seat' }))
    expect(fake.host.openExternal).toHaveBeenCalledWith('mailto:sales@pagecrew.example')
    expect(fake.requestsTo('POST', '/billing/checkout')).toEqual([])
  })

  it('marks the current plan and disables choosing the price already paid', async () => {
    const fake = hostWith({ plans: aBillingPlans({ activeId: 'professional', currentPriceId: 'professional-monthly' }) })
    fake.reply('GET /organization', ok(anOrganization({ currentPlan: aCurrentPlan() })))
    const { events } = open(fake)
    await screen.findByTestId('plan-cards')
    expect(within(card('professional')).getByText('Current plan')).toBeTruthy()
    expect(within(card('entry')).queryByText('Current plan')).toBeNull()
    // Named from what it shows, 'Your plan', then the plan (WCAG 2.5.3 Label in Name).
    const yours = await screen.findByRole('button', { name: 'Your plan, Professional Seat' })
    expect(yours.textContent).toBe('Your plan')
    await waitFor(() => expect((yours as HTMLButtonElement).disabled).toBe(true))
    expect((screen.getByRole('button', { name: 'Choose Entry Seat' }) as HTMLButtonElement).disabled).toBe(false)
    // The yearly price of the same plan is another choice.
    await events.click(screen.getByRole('switch', { name: 'Yearly billing' }))
    expect((screen.getByRole('button', { name: 'Choose Professional Seat' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows a MEMBER the plans without choose buttons, asking an admin', async () => {
    open(hostWith({ user: withRole(aUser(), 'MEMBER') }))
    await screen.findByTestId('plan-cards')
    expect(screen.getByText('Ask an admin of your organization to choose a plan.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Choose / })).toBeNull()
    expect(screen.getByTestId('plan-price-professional').textContent).toBe('29 per seat / month')
    expect(screen.getByRole('button', { name: 'Contact us about Enterprise Seat' })).toBeTruthy()
  })

  it('lets a GHOST choose like an ADMIN', async () => {
    open(hostWith({ user: withRole(aUser(), 'GHOST') }))
    expect(await screen.findByRole('button', { name: 'Choose Professional Seat' })).toBeTruthy()
    expect(screen.queryByText('Ask an admin of your organization to choose a plan.')).toBeNull()
  })

  it('confirms plan, interval and seats (the plan minimum or the users, never below), then completes the checkout', async () => {
    const fake = hostWith({ users: 7 })
    const activePlan = aCurrentPlan({ availableSeats: 7 })
    fake.reply('POST /billing/checkout', ok({ status: 'completed', currentPlan: activePlan }))
    const { events, onClose, onCompleted } = open(fake)
    await events.click(await screen.findByRole('switch', { name: 'Yearly billing' }))
    await events.click(screen.getByRole('button', { name: 'Choose Professional Seat' }))

    expect(screen.getByTestId('checkout-plan').textContent).toBe('Professional Seat')
    expect(screen.getByTestId('checkout-interval').textContent).toBe('Yearly')
    const seats = screen.getByRole('spinbutton', { name: /Seats/ }) as HTMLInputElement
    expect(seats.value).toBe('7')
    // One minimum, said once: the users, here more than the plan's own.
    expect(screen.getByText(/^At least 7, one for each of your users \(the plan's minimum is \d+\)\.$/)).toBeTruthy()
    expect(screen.getByTestId('checkout-total').textContent).toBe('Total: 2,030 / year')
    const confirm = screen.getByRole('button', { name: 'Confirm plan' }) as HTMLButtonElement

    await events.clear(seats)
    await events.type(seats, '6')
    expect(confirm.disabled).toBe(true)
    expect(screen.getByText('Choose at least 7 seats: your organization has 7 users.')).toBeTruthy()
    expect(screen.queryByText(/^At least 7/)).toBeNull()

    await events.clear(seats)
    await events.type(seats, '10')
    expect(screen.getByTestId('checkout-total').textContent).toBe('Total: 2,900 / year')
    await events.click(confirm)

    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(activePlan))
    expect(onClose).toHaveBeenCalled()
    expect(fake.requestsTo('POST', '/billing/checkout').map((r) => r.body)).toEqual([{ priceId: 'professional-yearly', seatQuantity: 10 }])
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Plan updated ✅')
    expect(toast.textContent).toContain('Your organization is now on Professional Seat.')
    // The organization, the user, entitlements and billing are asked again.
    await waitFor(() => expect(fake.requestsTo('GET', '/organization').length).toBeGreaterThan(1))
  })

  it('starts seats at the plan minimum when the organization has fewer users', async () => {
    const { events } = open(hostWith({ users: 2 }))
    await events.click(await screen.findByRole('button', { name: 'Choose Entry Seat' }))
    const seats = screen.getByRole('spinbutton', { name: /Seats/ }) as HTMLInputElement
    expect(seats.value).toBe('3')
    expect(seats.min).toBe('3')
    expect(screen.getByText("At least 3, the plan's minimum.")).toBeTruthy()
    await events.clear(seats)
    await events.type(seats, '2')
    expect(screen.getByText('Your plan needs at least 3 seats.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Confirm plan' }) as HTMLButtonElement).disabled).toBe(true)
    await events.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByTestId('plan-cards')).toBeTruthy()
  })

  it('checks out once for a double click on Confirm plan while the first is pending, with an idempotency key; closing waits', async () => {
    const fake = hostWith({ users: 7 })
    const activePlan = aCurrentPlan({ availableSeats: 7 })
    const held = heldReply(ok({ status: 'completed', currentPlan: activePlan }))
    fake.reply('POST /billing/checkout', held.reply)
    const { events, onClose, onCompleted } = open(fake)
    await events.click(await screen.findByRole('button', { name: 'Choose Professional Seat' }))
    doubleClickBeforeRender(screen.getByRole('button', { name: 'Confirm plan' }))
    await waitFor(() => expect((screen.getByTestId('plan-dialog-close') as HTMLButtonElement).disabled).toBe(true))
    expect((screen.getByTestId('checkout-back') as HTMLButtonElement).disabled).toBe(true)
    await events.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    await held.release()
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(activePlan))
    expect(onClose).toHaveBeenCalledTimes(1)
    const requests = fake.requestsTo('POST', '/billing/checkout')
    expect(requests.map((r) => r.body)).toEqual([{ priceId: 'professional-monthly', seatQuantity: 7 }])
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('starts each plan chosen from its own default seats', async () => {
    const { events } = open(hostWith({ users: 2 }))
    await events.click(await screen.findByRole('button', { name: 'Choose Professional Seat' }))
    const seats = () => screen.getByRole('spinbutton', { name: /Seats/ }) as HTMLInputElement
    expect(seats().value).toBe('5')
    await events.clear(seats())
    await events.type(seats(), '12')
    await events.click(screen.getByRole('button', { name: 'Back' }))
    await events.click(await screen.findByRole('button', { name: 'Choose Entry Seat' }))
    expect(seats().value).toBe('3')
  })

  it('shows the server refusal and keeps the confirm step', async () => {
    const fake = hostWith()
    fake.reply('POST /billing/checkout', fail(400, 'That plan is not available. Choose a plan from the list.', 'bad_request', { priceId: 'That plan is not available. Choose a plan from the list.' }))
    const { events, onClose } = open(fake)
    await events.click(await screen.findByRole('button', { name: 'Choose Professional Seat' }))
    await events.click(screen.getByRole('button', { name: 'Confirm plan' }))
    expect((await screen.findByTestId('checkout-error')).textContent).toBe('That plan is not available. Choose a plan from the list.')
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Confirm plan' })).toBeTruthy()
  })

  it('opens a checkout page in the browser and waits, asking for the subscription, until the plan is active', async () => {
    const fake = hostWith()
    fake.reply('POST /billing/checkout', ok({ status: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }))
    let paid = false
    fake.reply('GET /billing/subscription', () =>
      ok(
        paid
          ? aBillingOverview({ priceId: 'professional-monthly', interval: 'monthly', currentPlan: aCurrentPlan() })
          : aBillingOverview({ priceId: null, interval: null, currentPlan: anOrganization().currentPlan })
      )
    )
    const { events, onClose, onCompleted } = open(fake)
    await events.click(await screen.findByRole('button', { name: 'Choose Professional Seat' }))
    await events.click(screen.getByRole('button', { name: 'Confirm plan' }))

    expect(await screen.findByText('Finish checkout in your browser…')).toBeTruthy()
    expect(fake.host.openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1')
    await waitFor(() => expect(fake.requestsTo('GET', '/billing/subscription')).toHaveLength(1))
    expect(onClose).not.toHaveBeenCalled()

    paid = true
    await waitFor(() => expect(onCompleted).toHaveBeenCalled(), { timeout: CHECKOUT_POLL_MS + 3000 })
    expect(fake.requestsTo('GET', '/billing/subscription').length).toBeGreaterThanOrEqual(2)
    expect(onClose).toHaveBeenCalled()
    expect((await screen.findByTestId('toast')).textContent).toContain('Your organization is now on Professional Seat.')
  })
})

describe('Stripe pricing table', () => {
  const scriptInDom = () => document.querySelector(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)

  it('loads the pricing-table script only once the dialog opens, and shows the table instead of the cards', async () => {
    const fake = hostWith({ plans: aBillingPlans({ provider: 'stripe', pricingTable: STRIPE_PRICING_TABLE }) })
    renderInApp(<Opener />, fake)
    const events = userEvent.setup()
    expect(await screen.findByRole('button', { name: 'Open plans' })).toBeTruthy()
    expect(scriptInDom()).toBeNull()

    await events.click(screen.getByRole('button', { name: 'Open plans' }))
    const table = await screen.findByTestId('stripe-pricing-table')
    expect(table.tagName.toLowerCase()).toBe('stripe-pricing-table')
    expect(table.getAttribute('pricing-table-id')).toBe('prctbl_123')
    expect(table.getAttribute('publishable-key')).toBe('pk_test_123')
    expect(table.getAttribute('client-reference-id')).toBe('org-a')
    expect(table.getAttribute('customer-email')).toBe('ada@example.com')
    expect(scriptInDom()).toBeTruthy()
    expect(screen.queryByTestId('plan-cards')).toBeNull()

    // Closing and opening again does not add a second script.
    await events.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull())
    await events.click(await screen.findByRole('button', { name: 'Open plans' }))
    await screen.findByTestId('stripe-pricing-table')
    expect(document.querySelectorAll(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).toHaveLength(1)
  })

  it('shows a MEMBER the plans, not the pricing table, and loads no script', async () => {
    open(hostWith({ user: withRole(aUser(), 'MEMBER'), plans: aBillingPlans({ provider: 'stripe', pricingTable: STRIPE_PRICING_TABLE }) }))
    await screen.findByTestId('plan-cards')
    expect(screen.queryByTestId('stripe-pricing-table')).toBeNull()
    expect(scriptInDom()).toBeNull()
  })
})
