// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BillingOverview, User } from '@shared/domain'
import { aBillingOverview, aBillingPlans, aCurrentPlan, anInvoice } from '@renderer/testing/billingFixtures'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, withRole } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import BillingSettingsPage from './BillingSettingsPage'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const PORTAL = 'https://billing.example.com/portal/session_1'

function show(options: { overview?: BillingOverview; user?: User } = {}) {
  const fake = createFakeHost({
    'GET /user': ok(options.user ?? aUser()),
    'GET /organization': ok(anOrganization({ users: 3, currentPlan: aCurrentPlan() })),
    'GET /billing/subscription': ok(options.overview ?? aBillingOverview()),
    'GET /billing/plans': ok(aBillingPlans({ activeId: 'professional', currentPriceId: 'professional-yearly' })),
    'GET /billing/customer-portal-url': ok({ url: PORTAL })
  })
  const view = renderInApp(<BillingSettingsPage />, fake, '/settings/billing')
  return { ...view, fake, events: userEvent.setup() }
}

describe('/settings/billing', () => {
  it('shows the plan, its status, seats used and available, minimum seats and the renewal', async () => {
    show()
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Professional Seat (yearly)')
    expect(screen.getByTestId('billing-status').textContent).toBe('Active')
    expect(screen.getByTestId('billing-seats').textContent).toBe('3 of 5 used')
    expect(screen.getByTestId('billing-min-seats').textContent).toBe('5')
    expect(screen.getByTestId('billing-period').textContent).toBe('Renews on 1 March 2027')
  })

  it('says "Cancels on …" when the subscription ends with its period', async () => {
    show({ overview: aBillingOverview({ cancelAtPeriodEnd: true }) })
    expect((await screen.findByTestId('billing-period')).textContent).toBe('Cancels on 1 March 2027')
  })

  it('shows a trial with its end date in the user’s timezone', async () => {
    const trial = aBillingOverview({
      priceId: null,
      interval: null,
      currentPeriodEnd: null,
      currentPlan: aCurrentPlan({ productId: null, productName: 'Free trial', status: 'trialing', minSeats: 1, trialEndsAt: '2099-05-01T03:00:00.000Z' })
    })
    show({ overview: trial, user: aUser({ timezone: 'America/Los_Angeles' }) })
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Free trial')
    expect(screen.getByTestId('billing-status').textContent).toBe('Trial')
    // 03:00 UTC on 1 May is still 30 April in Los Angeles.
    expect(screen.getByTestId('billing-period').textContent).toBe('30 April 2099')
    expect(screen.getByText('Trial ends')).toBeTruthy()
  })

  it('lists invoices with number, date, description, amount without currency, status, and a link when there is one', async () => {
    const { events, fake } = show({
      overview: aBillingOverview({
        invoices: [anInvoice({ url: 'https://billing.example.com/invoices/PC-0001' }), anInvoice({ id: 'inv-2', number: 'PC-0002', amount: 12.5, status: 'open', description: 'Seat change' })]
      })
    })
    const table = await screen.findByRole('table', { name: 'Invoices' })
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Number', 'Date', 'Description', 'Amount', 'Status', 'Link'])
    const first = screen.getByTestId('invoice-inv-1')
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['PC-0001', '1 March 2026', 'Professional Seat, yearly, 5 seats', '1,450', 'Paid', 'View'])
    expect(within(screen.getByTestId('invoice-inv-2')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['PC-0002', '1 March 2026', 'Seat change', '12.5', 'Open', ''])
    await events.click(screen.getByRole('button', { name: 'View invoice PC-0001' }))
    expect(fake.host.openExternal).toHaveBeenCalledWith('https://billing.example.com/invoices/PC-0001')
  })

  it('leaves the Link column out when no invoice has a document (the built-in billing)', async () => {
    show({ overview: aBillingOverview({ invoices: [anInvoice(), anInvoice({ id: 'inv-2', number: 'PC-0002' })] }) })
    const table = await screen.findByRole('table', { name: 'Invoices' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Number', 'Date', 'Description', 'Amount', 'Status'])
    expect(within(screen.getByTestId('invoice-inv-2')).getAllByRole('cell')).toHaveLength(5)
  })

  it('says when there are no invoices yet', async () => {
    show()
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No invoices yet.')
  })

  it('opens the customer portal at once from Manage billing', async () => {
    const { events, fake } = show()
    await events.click(await screen.findByRole('button', { name: 'Manage billing' }))
    await waitFor(() => expect(fake.host.openExternal).toHaveBeenCalledWith(PORTAL))
    expect(fake.requestsTo('GET', '/billing/customer-portal-url')).toHaveLength(1)
  })

  it('says so when the portal cannot be opened', async () => {
    const { events, fake } = show()
    fake.reply('GET /billing/customer-portal-url', fail(502, 'The billing provider did not answer. Please try again, or contact support.'))
    await events.click(await screen.findByRole('button', { name: 'Manage billing' }))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Billing portal not opened ⚠️')
    expect(fake.host.openExternal).not.toHaveBeenCalled()
  })

  it('opens the plan dialog from Change plan and the manage seats dialog from Manage seats', async () => {
    const { events } = show()
    // Test ids inside dialogs opened from the page: happy-dom's focus timing can leave a Fluent
    // dialog aria-hidden for a moment, which role queries would trip on.
    await events.click(await screen.findByRole('button', { name: 'Change plan' }))
    expect((await screen.findByTestId('plan-dialog')).textContent).toContain('Manage your plan')
    await screen.findByTestId('plan-cards')
    await events.click(screen.getByTestId('plan-dialog-close'))
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull())
    await events.click(await screen.findByRole('button', { name: 'Manage seats' }))
    expect(await screen.findByTestId('manage-seats-quantity')).toBeTruthy()
  })

  it('gives a MEMBER Change plan (to see the plans) but not Manage seats or Manage billing', async () => {
    const { events } = show({ user: withRole(aUser(), 'MEMBER') })
    expect(await screen.findByRole('button', { name: 'Change plan' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Manage seats' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull()
    await events.click(screen.getByRole('button', { name: 'Change plan' }))
    expect((await screen.findByTestId('plans-ask-admin')).textContent).toBe('Ask an admin of your organization to choose a plan.')
  })

  it('offers a retry when billing cannot be loaded', async () => {
    const fake = createFakeHost({ 'GET /user': ok(aUser()), 'GET /billing/subscription': fail(500, 'Boom') })
    renderInApp(<BillingSettingsPage />, fake, '/settings/billing')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Try again' }))
    fake.reply('GET /billing/subscription', ok(aBillingOverview()))
    await events.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('billing-plan-name')).toBeTruthy()
  })
})
