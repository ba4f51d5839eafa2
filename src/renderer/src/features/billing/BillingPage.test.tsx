// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Organization, User } from '@shared/domain'
import { aBillingOverview, aBillingPlans, aCurrentPlan } from '@renderer/testing/billingFixtures'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aSession, aUser, anOrganization, daysFromNow, withRole } from '@renderer/testing/fixtures'
import { renderApp } from '@renderer/testing/render'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

// A trial ending in 3 days: the trial banner shows on other screens, not on /billing.
const endingTrial = anOrganization({ users: 4, currentPlan: { ...anOrganization().currentPlan, trialEndsAt: daysFromNow(3) } })

function signedIn(user: User = aUser(), organization: Organization = endingTrial) {
  return createFakeHost({
    'GET /auth': ok(aSession()),
    'GET /user': ok(user),
    'GET /organization': ok(organization),
    'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '0.1.0' }),
    'GET /notification/list': ok({ items: [], nextCursor: null }),
    'GET /billing/plans': ok(aBillingPlans()),
    'GET /billing/subscription': ok(aBillingOverview())
  })
}

describe('/billing', () => {
  it('shows the plans inline with the monthly/yearly switch, without banners', async () => {
    const events = userEvent.setup()
    renderApp(signedIn(), '/billing')
    const page = await screen.findByTestId('billing-page')
    expect(await within(page).findByTestId('plan-cards')).toBeTruthy()
    expect(screen.getByTestId('page-title').textContent).toBe('Billing')
    expect(screen.queryByTestId('banners')).toBeNull()
    expect(screen.getByTestId('plan-price-entry').textContent).toBe('19 per seat / month')
    await events.click(screen.getByRole('switch', { name: 'Yearly billing' }))
    expect(screen.getByTestId('plan-price-entry').textContent).toBe('190 per seat / year')
  })

  it('opens the plan dialog at its confirm step when an admin chooses a card, and checks out', async () => {
    const fake = signedIn()
    fake.reply('POST /billing/checkout', ok({ status: 'completed', currentPlan: aCurrentPlan({ availableSeats: 5 }) }))
    const events = userEvent.setup()
    renderApp(fake, '/billing')
    await events.click(await screen.findByRole('button', { name: 'Choose Professional Seat' }))
    const dialog = await screen.findByTestId('plan-dialog')
    expect(within(dialog).getByTestId('checkout-plan').textContent).toBe('Professional Seat')
    expect((within(dialog).getByTestId('checkout-seats') as HTMLInputElement).value).toBe('5')
    await events.click(within(dialog).getByTestId('checkout-confirm'))
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull())
    expect(fake.requestsTo('POST', '/billing/checkout').map((r) => r.body)).toEqual([{ priceId: 'professional-monthly', seatQuantity: 5 }])
  })

  it('lets the admin step back out of the confirm step with Cancel', async () => {
    const events = userEvent.setup()
    renderApp(signedIn(), '/billing')
    await events.click(await screen.findByRole('button', { name: 'Choose Entry Seat' }))
    const dialog = await screen.findByTestId('plan-dialog')
    await events.click(within(dialog).getByTestId('checkout-back'))
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull())
  })

  it('shows a MEMBER the plans and asks them to ask an admin', async () => {
    renderApp(signedIn(withRole(aUser(), 'MEMBER')), '/billing')
    expect((await screen.findByTestId('plans-ask-admin')).textContent).toBe('Ask an admin of your organization to choose a plan.')
    expect(screen.queryByRole('button', { name: /^Choose / })).toBeNull()
  })
})

describe('ways to /settings/billing', () => {
  it('from the trial banner’s Upgrade plan link', async () => {
    const events = userEvent.setup()
    const { router } = renderApp(signedIn(), '/dashboard')
    const banner = await screen.findByTestId('banner-trial')
    await events.click(within(banner).getByRole('link', { name: 'Upgrade plan' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'))
    expect(await screen.findByTestId('billing-settings')).toBeTruthy()
  })

  it('from the Settings page', async () => {
    const events = userEvent.setup()
    const { router } = renderApp(signedIn(), '/settings')
    await events.click(await screen.findByTestId('settings-billing-link'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'))
  })
})
