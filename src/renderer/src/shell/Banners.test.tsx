// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, daysFromNow } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { Banners } from './Banners'

afterEach(cleanup)

const now = new Date()
const endingTrial = anOrganization({ currentPlan: { ...anOrganization().currentPlan, trialEndsAt: daysFromNow(3, now) } })

describe('Banners', () => {
  it('shows the trial banner with its Upgrade plan link to /settings/billing', () => {
    renderInApp(<Banners pathname="/dashboard" user={aUser()} organization={endingTrial} now={now} />, createFakeHost())
    const banner = screen.getByTestId('banner-trial')
    expect(banner.textContent).toContain('Your trial will expire in 3 days. Upgrade your plan to continue using all features.')
    expect(screen.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/settings/billing')
  })

  it('links the LinkedIn banner to profile settings', () => {
    renderInApp(<Banners pathname="/dashboard" user={aUser({ isLinkedInConnected: false })} organization={anOrganization()} now={now} />, createFakeHost())
    const banner = screen.getByTestId('banner-linkedin-missing')
    expect(banner.textContent).toContain('You need to connect to LinkedIn.')
    expect(screen.getByRole('link', { name: 'Profile Settings' }).getAttribute('href')).toBe('/settings')
  })

  it('shows the expired LinkedIn connection with a Reconnect link', () => {
    renderInApp(<Banners pathname="/settings" user={aUser({ linkedInExpireAt: daysFromNow(-2, now) })} organization={anOrganization()} now={now} />, createFakeHost())
    expect(screen.getByTestId('banner-linkedin-expired').textContent).toContain('You need to reconnect to LinkedIn.')
    expect(screen.getByRole('link', { name: 'Reconnect' })).toBeTruthy()
  })

  it('shows nothing on the subscription-expired route', () => {
    renderInApp(<Banners pathname="/subscription-expired" user={aUser({ isLinkedInConnected: false })} organization={endingTrial} now={now} />, createFakeHost())
    expect(screen.queryByTestId('banners')).toBeNull()
  })

  it('shows nothing when nothing needs attention', () => {
    renderInApp(<Banners pathname="/dashboard" user={aUser()} organization={anOrganization()} now={now} />, createFakeHost())
    expect(screen.queryByTestId('banners')).toBeNull()
  })
})
