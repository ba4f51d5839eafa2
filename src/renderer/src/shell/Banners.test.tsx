// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { LINKEDIN_RETURN_KEY } from '@renderer/api/linkedin'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, daysFromNow } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { Banners } from './Banners'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const now = new Date()
const endingTrial = anOrganization({ currentPlan: { ...anOrganization().currentPlan, trialEndsAt: daysFromNow(3, now) } })

describe('Banners', () => {
  it('shows the trial banner with its Upgrade plan link to /settings/billing', () => {
    renderInApp(<Banners pathname="/dashboard" user={aUser()} organization={endingTrial} now={now} />, createFakeHost())
    const banner = screen.getByTestId('banner-trial')
    expect(banner.textContent).toContain('Your trial will expire in 3 days. Upgrade your plan to continue using all features.')
    expect(screen.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/settings/billing')
  })

  it('asks to read an unread posting guideline, linking to it', () => {
    renderInApp(<Banners pathname="/dashboard" user={aUser({ guidelineRead: false })} organization={anOrganization()} now={now} />, createFakeHost())
    expect(screen.getByTestId('banner-guideline').textContent).toContain('Please read your organization’s posting guideline.')
    expect(screen.getByRole('link', { name: 'Read the guideline' }).getAttribute('href')).toBe('/posting-guideline')
  })

  it('links the LinkedIn banner to profile settings', () => {
    renderInApp(<Banners pathname="/dashboard" user={aUser({ isLinkedInConnected: false })} organization={anOrganization()} now={now} />, createFakeHost())
    const banner = screen.getByTestId('banner-linkedin-missing')
    expect(banner.textContent).toContain('You need to connect to LinkedIn.')
    expect(screen.getByRole('link', { name: 'Profile Settings' }).getAttribute('href')).toBe('/settings')
  })

  it('shows the expired LinkedIn connection with Reconnect, which starts connecting at once', async () => {
    const fake = createFakeHost({ 'POST /linkedin/connect': ok({ authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization?state=s1' }) })
    renderInApp(<Banners pathname="/schedule" user={aUser({ linkedInExpireAt: daysFromNow(-2, now) })} organization={anOrganization()} now={now} />, fake, '/schedule?view=week')
    expect(screen.getByTestId('banner-linkedin-expired').textContent).toContain('You need to reconnect to LinkedIn.')

    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }))

    await waitFor(() => expect(fake.host.openOAuthPage).toHaveBeenCalledWith('https://www.linkedin.com/oauth/v2/authorization?state=s1'))
    expect(fake.host.beginOAuthRedirect).toHaveBeenCalledTimes(1)
    expect(fake.requestsTo('POST', '/linkedin/connect')[0]?.body).toEqual({ redirectUri: 'http://localhost/callback' })
    expect(sessionStorage.getItem(LINKEDIN_RETURN_KEY)).toBe('/schedule?view=week')
    expect(screen.queryByRole('link', { name: 'Reconnect' })).toBeNull()
  })

  it('offers Reconnect on the expiring banner, and in the desktop app waits for the browser with a Cancel', async () => {
    const fake = createFakeHost({ 'POST /linkedin/connect': ok({ authorizationUrl: 'http://127.0.0.1:4680/api/linkedin/sandbox/authorize?state=s1' }) }, { kind: 'desktop' })
    renderInApp(<Banners pathname="/dashboard" user={aUser({ linkedInExpireAt: daysFromNow(3, now) })} organization={anOrganization()} now={now} />, fake)
    expect(screen.getByTestId('banner-linkedin-expiring').textContent).toContain(
      'Your LinkedIn connection will expire in 3 days. Please reconnect to avoid interruption.'
    )

    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }))

    expect(await screen.findByText(/Finish connecting in your browser…/)).toBeTruthy()
    expect(fake.host.openOAuthPage).toHaveBeenCalledWith('http://127.0.0.1:4680/api/linkedin/sandbox/authorize?state=s1')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy()
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
