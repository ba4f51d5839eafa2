// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Organization, User } from '@shared/domain'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { aBillingPlans, aCurrentPlan } from '@renderer/testing/billingFixtures'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aSession, aUser, anOrganization, daysFromNow, withRole } from '@renderer/testing/fixtures'
import { renderApp, renderInApp } from '@renderer/testing/render'
import SubscriptionExpiredPage from './SubscriptionExpiredPage'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const trialEnded = (): Organization => anOrganization({ currentPlan: { ...anOrganization().currentPlan, status: 'trialing', trialEndsAt: daysFromNow(-1) } })
const trialRunning = (): Organization => anOrganization({ currentPlan: { ...anOrganization().currentPlan, status: 'trialing', trialEndsAt: daysFromNow(10) } })

function signedIn(organization: Organization, user: User = aUser()) {
  return createFakeHost({
    'GET /auth': ok(aSession()),
    'GET /user': ok(user),
    'GET /organization': ok(organization),
    'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '0.1.0' }),
    'GET /notification/list': ok({ items: [], nextCursor: null }),
    'GET /billing/plans': ok(aBillingPlans())
  })
}

const pathOf = (router: { state: { location: { pathname: string; search: string } } }) => `${router.state.location.pathname}${router.state.location.search}`

describe('subscription-expired page', () => {
  it('says the subscription expired when the trial ended', async () => {
    renderInApp(<SubscriptionExpiredPage />, signedIn(trialEnded(), withRole(aUser(), 'MEMBER')), '/subscription-expired')
    expect(await screen.findByText('Your subscription has expired')).toBeTruthy()
    expect(screen.getByText('Please choose a plan to continue using Pagecrew.')).toBeTruthy()
    expect(screen.getByTestId('subscription-expired').getAttribute('data-reason')).toBe('expired')
  })

  it('says a limit was reached when a 402 came while the plan is valid', async () => {
    const { router } = renderApp(signedIn(trialRunning(), withRole(aUser(), 'MEMBER')), '/settings')
    await screen.findByTestId('profile-full-name')
    act(() => void window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT)))
    expect(await screen.findByText('Your plan’s limit is reached')).toBeTruthy()
    expect(screen.getByTestId('subscription-expired').getAttribute('data-reason')).toBe('limit')
    expect(router.state.location.state).toEqual({ paymentRequired: true, from: '/settings' })
  })

  it('leaves for the dashboard when the plan is valid and no 402 brought the user', async () => {
    const { router } = renderApp(signedIn(trialRunning()), '/subscription-expired')
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'))
  })

  it('shows a MEMBER the plans, without choosing and without the dialog', async () => {
    renderApp(signedIn(trialEnded(), withRole(aUser(), 'MEMBER')), '/subscription-expired')
    const cards = await screen.findByTestId('plan-cards')
    expect(within(cards).getByTestId('plan-price-professional').textContent).toBe('29 per seat / month')
    expect(screen.queryByTestId('plan-dialog')).toBeNull()
    expect(screen.queryByRole('button', { name: /^Choose / })).toBeNull()
    expect(screen.getAllByText(/Ask an admin of your organization to choose a plan\./)).toHaveLength(1)
  })

  it('opens the plan dialog for an admin; an expired trial choosing Professional yearly goes on to the dashboard', async () => {
    const fake = signedIn(trialEnded())
    const active = aCurrentPlan({ availableSeats: 5 })
    fake.reply('POST /billing/checkout', () => {
      fake.reply('GET /organization', ok(anOrganization({ currentPlan: active })))
      return ok({ status: 'completed', currentPlan: active })
    })
    const { router } = renderApp(fake, '/dashboard')
    const events = userEvent.setup()

    // The shell sends the expired trial here, and the dialog opens by itself.
    const dialog = await screen.findByTestId('plan-dialog')
    expect(pathOf(router)).toBe('/subscription-expired')
    expect(dialog.textContent).toContain('Manage your plan')
    await events.click(await within(dialog).findByTestId('billing-interval'))
    await events.click(within(dialog).getByTestId('plan-choose-professional'))
    expect(within(dialog).getByTestId('checkout-interval').textContent).toBe('Yearly')
    expect((within(dialog).getByTestId('checkout-seats') as HTMLInputElement).value).toBe('5')
    await events.click(within(dialog).getByTestId('checkout-confirm'))

    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'))
    expect(fake.requestsTo('POST', '/billing/checkout').map((r) => r.body)).toEqual([{ priceId: 'professional-yearly', seatQuantity: 5 }])
    expect(await screen.findByTestId('dashboard-organization')).toBeTruthy()
    expect(screen.queryByTestId('subscription-expired')).toBeNull()
  })

  it('goes back where the 402 came from once a plan is chosen', async () => {
    const fake = signedIn(trialRunning())
    fake.reply('POST /billing/checkout', ok({ status: 'completed', currentPlan: aCurrentPlan({ productId: 'entry', productName: 'Entry Seat', availableSeats: 3 }) }))
    const { router } = renderApp(fake, '/settings?tab=x')
    await screen.findByTestId('profile-full-name')
    act(() => void window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT)))
    const events = userEvent.setup()
    const dialog = await screen.findByTestId('plan-dialog')
    await events.click(await within(dialog).findByTestId('plan-choose-entry'))
    await events.click(within(dialog).getByTestId('checkout-confirm'))
    await waitFor(() => expect(pathOf(router)).toBe('/settings?tab=x'))
  })

  it('reopens the dialog from Choose a plan after the admin closed it', async () => {
    renderApp(signedIn(trialEnded()), '/subscription-expired')
    const events = userEvent.setup()
    const dialog = await screen.findByTestId('plan-dialog')
    await within(dialog).findByTestId('plan-cards')
    await events.click(within(dialog).getByTestId('plan-dialog-close'))
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull())
    await events.click(await screen.findByRole('button', { name: 'Choose a plan' }))
    expect(await screen.findByTestId('plan-dialog')).toBeTruthy()
  })

  it('shows an error with a retry when the plans cannot be loaded', async () => {
    const fake = signedIn(trialEnded(), withRole(aUser(), 'MEMBER'))
    fake.reply('GET /billing/plans', fail(500, 'Boom'))
    renderApp(fake, '/subscription-expired')
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
