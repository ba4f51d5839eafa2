// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { LinkedInConnection } from '@shared/domain'
import { LINKEDIN_RETURN_KEY } from '@renderer/api/linkedin'
import { userKeys } from '@renderer/api/queryKeys'
import { createFakeHost, fail, ok, type FakeHost } from '@renderer/testing/fakeHost'
import { aUser, daysFromNow } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { EXPIRED_TEXT, LinkedInConnectionCard, linkedInStatus } from './LinkedInConnection'

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  sessionStorage.clear()
  vi.restoreAllMocks()
})

const now = new Date()

function aConnection(overrides: Partial<LinkedInConnection> = {}): LinkedInConnection {
  return {
    connected: true,
    memberName: 'Ada Lovelace',
    connectedAt: daysFromNow(-10, now),
    expiresAt: daysFromNow(50, now),
    provider: 'linkedin',
    ...overrides
  }
}

const notConnected = aConnection({ connected: false, memberName: null, connectedAt: null, expiresAt: null })

function renderView(fake: FakeHost, path = '/settings') {
  const view = renderInApp(<LinkedInConnectionCard timezone="UTC" />, fake, path)
  return { ...view, card: () => screen.findByRole('region', { name: 'LinkedIn connection' }) }
}

const renderCard = (fake: FakeHost, path = '/settings') => renderView(fake, path).card()

describe('linkedInStatus', () => {
  it('is expiring within 7 days and expired once expiresAt has passed', () => {
    expect(linkedInStatus(notConnected, now)).toEqual({ kind: 'none' })
    expect(linkedInStatus(aConnection(), now)).toEqual({ kind: 'connected', days: 50 })
    expect(linkedInStatus(aConnection({ expiresAt: daysFromNow(7, now) }), now)).toEqual({ kind: 'expiring', days: 7 })
    expect(linkedInStatus(aConnection({ expiresAt: daysFromNow(-0.01, now) }), now)).toEqual({ kind: 'expired' })
  })
})

describe('LinkedIn connection card', () => {
  it('offers Connect LinkedIn when no account is connected', async () => {
    const card = await renderCard(createFakeHost({ 'GET /linkedin/connection': ok(notConnected) }))
    expect((await within(card).findByTestId('linkedin-status')).textContent).toBe('No LinkedIn account linked')
    expect(within(card).getByRole('button', { name: 'Connect LinkedIn' })).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Disconnect' })).toBeNull()
  })

  it('shows the member, since when, and when access expires, with Reconnect and Disconnect', async () => {
    const connection = aConnection({ connectedAt: '2026-03-01T10:00:00.000Z', expiresAt: daysFromNow(50, now) })
    const card = await renderCard(createFakeHost({ 'GET /linkedin/connection': ok(connection) }))
    expect((await within(card).findByTestId('linkedin-status')).textContent).toBe('Connected as Ada Lovelace')
    expect(within(card).getByText('Connected since 1 March 2026')).toBeTruthy()
    const expiry = within(card).getByTestId('linkedin-expiry')
    expect(expiry.textContent).toMatch(/^Access expires on .+ \(50 days\)$/)
    expect(expiry.getAttribute('data-tone')).toBe('normal')
    expect(within(card).getByRole('button', { name: 'Reconnect' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Disconnect' })).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Connect LinkedIn' })).toBeNull()
  })

  it('warns when access expires in 3 days', async () => {
    const card = await renderCard(createFakeHost({ 'GET /linkedin/connection': ok(aConnection({ expiresAt: daysFromNow(3, now) })) }))
    const expiry = await within(card).findByTestId('linkedin-expiry')
    expect(expiry.textContent).toMatch(/\(3 days\)$/)
    expect(expiry.getAttribute('data-tone')).toBe('warning')
  })

  it('says an expired connection must be reconnected', async () => {
    const card = await renderCard(createFakeHost({ 'GET /linkedin/connection': ok(aConnection({ expiresAt: daysFromNow(-2, now) })) }))
    expect((await within(card).findByTestId('linkedin-status')).textContent).toBe(EXPIRED_TEXT)
    expect(EXPIRED_TEXT).toBe('Expired — reconnect to keep publishing')
    expect(within(card).getByText('LinkedIn account: Ada Lovelace')).toBeTruthy()
    expect(within(card).getByTestId('linkedin-expiry').textContent).toMatch(/^Access expired on /)
    expect(within(card).getByTestId('linkedin-expiry').getAttribute('data-tone')).toBe('error')
    expect(within(card).getByTestId('linkedin-status').getAttribute('data-tone')).toBe('error')
    expect(within(card).getByRole('button', { name: 'Reconnect' })).toBeTruthy()
  })

  it('connects: the host gets the redirect ready, the server starts, the host opens the sign-in page, in that order', async () => {
    const order: string[] = []
    const fake = createFakeHost({
      'GET /linkedin/connection': ok(notConnected),
      'POST /linkedin/connect': (req) => {
        order.push(`server ${JSON.stringify(req.body)}`)
        return ok({ authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization?state=s1' })
      }
    })
    fake.host.beginOAuthRedirect.mockImplementation(async () => {
      order.push('beginOAuthRedirect')
      return { redirectUri: 'https://app.pagecrew.test/callback' }
    })
    fake.host.openOAuthPage.mockImplementation(async (url: string) => {
      order.push(`openOAuthPage ${url}`)
    })
    const card = await renderCard(fake, '/settings?tab=profile')

    fireEvent.click(await within(card).findByRole('button', { name: 'Connect LinkedIn' }))

    await waitFor(() => expect(order).toHaveLength(3))
    expect(order).toEqual([
      'beginOAuthRedirect',
      'server {"redirectUri":"https://app.pagecrew.test/callback"}',
      'openOAuthPage https://www.linkedin.com/oauth/v2/authorization?state=s1'
    ])
    expect(sessionStorage.getItem(LINKEDIN_RETURN_KEY)).toBe('/settings?tab=profile')
  })

  it('in the desktop app, waits for the browser and can cancel waiting', async () => {
    const fake = createFakeHost(
      {
        'GET /linkedin/connection': ok(aConnection({ expiresAt: daysFromNow(2, now) })),
        'POST /linkedin/connect': ok({ authorizationUrl: 'http://127.0.0.1:4680/api/linkedin/sandbox/authorize?state=s1' })
      },
      { kind: 'desktop' }
    )
    const card = await renderCard(fake)

    fireEvent.click(await within(card).findByRole('button', { name: 'Reconnect' }))

    expect((await within(card).findByTestId('linkedin-waiting')).textContent).toContain('Finish connecting in your browser…')
    expect((within(card).getByRole('button', { name: 'Reconnect' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(within(card).queryByTestId('linkedin-waiting')).toBeNull()
    expect((within(card).getByRole('button', { name: 'Reconnect' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('tells why connecting could not start', async () => {
    const fake = createFakeHost({
      'GET /linkedin/connection': ok(notConnected),
      'POST /linkedin/connect': fail(400, 'This redirect address is not allowed.', 'invalid_input')
    })
    const card = await renderCard(fake)
    fireEvent.click(await within(card).findByRole('button', { name: 'Connect LinkedIn' }))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('LinkedIn not connected ⚠️')
    expect(toast.textContent).toContain('This redirect address is not allowed.')
    expect(fake.host.openOAuthPage).not.toHaveBeenCalled()
  })

  it('disconnects after confirming, and refreshes the user (banners) and the connection', async () => {
    let connection = aConnection()
    const fake = createFakeHost({
      'GET /linkedin/connection': () => ok(connection),
      'DELETE /linkedin/connection': () => {
        connection = notConnected
        return ok(notConnected)
      },
      'GET /user': ok(aUser())
    })
    const view = renderView(fake)
    const card = await view.card()
    view.queryClient.setQueryData(userKeys.current(), aUser())

    fireEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }))
    const dialog = await screen.findByTestId('linkedin-disconnect-confirm')
    expect(dialog.textContent).toContain('Disconnect LinkedIn?')
    expect(dialog.textContent).toContain('Scheduled posts will fail until you reconnect.')
    fireEvent.click(screen.getByTestId('linkedin-disconnect-confirm-confirm'))

    await waitFor(() => expect(within(card).getByTestId('linkedin-status').textContent).toBe('No LinkedIn account linked'))
    expect(fake.requestsTo('DELETE', '/linkedin/connection')).toHaveLength(1)
    expect(view.queryClient.getQueryState(userKeys.current())?.isInvalidated).toBe(true)
    expect((await screen.findByTestId('toast')).textContent).toContain('LinkedIn disconnected ✅')
  })

  it('keeps the connection when disconnecting is cancelled', async () => {
    const fake = createFakeHost({ 'GET /linkedin/connection': ok(aConnection()) })
    const card = await renderCard(fake)
    fireEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }))
    fireEvent.click(await screen.findByTestId('linkedin-disconnect-confirm-cancel'))
    expect(fake.requestsTo('DELETE', '/linkedin/connection')).toHaveLength(0)
    expect(within(card).getByTestId('linkedin-status').textContent).toBe('Connected as Ada Lovelace')
  })
})
