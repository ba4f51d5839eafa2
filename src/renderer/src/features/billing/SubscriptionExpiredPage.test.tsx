// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, daysFromNow } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import SubscriptionExpiredPage from './SubscriptionExpiredPage'

afterEach(cleanup)

function render(plan: Parameters<typeof anOrganization>[0]) {
  const fake = createFakeHost({ 'GET /user': ok(aUser()), 'GET /organization': ok(anOrganization(plan)) })
  renderInApp(<SubscriptionExpiredPage />, fake, '/subscription-expired')
}

describe('subscription-expired page', () => {
  it('says the subscription expired when the trial ended', async () => {
    const organization = anOrganization()
    render({ currentPlan: { ...organization.currentPlan, status: 'trialing', trialEndsAt: daysFromNow(-1) } })
    expect(await screen.findByText('Your subscription has expired')).toBeTruthy()
    expect(screen.getByText('Please choose a plan to continue using Pagecrew.')).toBeTruthy()
  })

  it('says a limit was reached when a 402 came while the plan is valid', async () => {
    const organization = anOrganization()
    render({ currentPlan: { ...organization.currentPlan, status: 'trialing', trialEndsAt: daysFromNow(10) } })
    expect(await screen.findByText('Your plan’s limit is reached')).toBeTruthy()
    expect(screen.getByTestId('subscription-expired').getAttribute('data-reason')).toBe('limit')
  })
})
