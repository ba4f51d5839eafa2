// @vitest-environment happy-dom
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { HostResponse } from '@shared/host'
import type { LinkedInConnection } from '@shared/domain'
import { LINKEDIN_RETURN_KEY } from '@renderer/api/linkedin'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aSession, aUser, anOrganization } from '@renderer/testing/fixtures'
import { renderApp, renderInApp } from '@renderer/testing/render'
import CallbackPage, { MISSING_ANSWER_MESSAGE } from './CallbackPage'

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  sessionStorage.clear()
  vi.restoreAllMocks()
})

const connection: LinkedInConnection = {
  connected: true,
  memberName: 'Ada Lovelace',
  connectedAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-04-30T10:00:00.000Z',
  provider: 'sandbox'
}

const location = () => screen.getByTestId('location').textContent

function renderCallback(path: string, reply: HostResponse | (() => Promise<HostResponse>)) {
  const fake = createFakeHost({ 'POST /linkedin/callback': reply })
  renderInApp(
    <StrictMode>
      <CallbackPage />
    </StrictMode>,
    fake,
    path
  )
  return fake
}

describe('/callback', () => {
  it('sends the answer once (strict mode too), takes it out of the address, and returns where connecting started', async () => {
    sessionStorage.setItem(LINKEDIN_RETURN_KEY, '/schedule?view=week')
    let answer: (response: HostResponse) => void = () => undefined
    const fake = renderCallback('/callback?code=AQT-1&state=st-1', () => new Promise((resolve) => (answer = resolve)))

    expect(await screen.findByText('Connecting LinkedIn…')).toBeTruthy()
    await waitFor(() => expect(location()).toBe('/callback'))
    await act(async () => answer(ok(connection)))

    await waitFor(() => expect(location()).toBe('/schedule?view=week'))
    expect(fake.requestsTo('POST', '/linkedin/callback').map((r) => r.body)).toEqual([{ state: 'st-1', code: 'AQT-1' }])
    expect(sessionStorage.getItem(LINKEDIN_RETURN_KEY)).toBeNull()
  })

  // Not the file's first test: the lazily loaded toaster is only sure to be up from the second render on.
  it('says who was connected, and goes to settings when nothing was remembered', async () => {
    renderCallback('/callback?code=c1&state=s1', ok(connection))
    await waitFor(() => expect(location()).toBe('/settings'))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('LinkedIn connected ✅')
    expect(toast.textContent).toContain('Connected as Ada Lovelace.')
  })

  it('passes LinkedIn’s error on and shows the server’s message with Try again and Back to settings', async () => {
    const fake = renderCallback(
      '/callback?error=user_cancelled_authorize&error_description=The+user+cancelled+the+authorization&state=s1',
      fail(400, 'LinkedIn connection was cancelled.', 'linkedin_cancelled')
    )

    expect((await screen.findByTestId('linkedin-callback-error')).textContent).toBe('LinkedIn connection was cancelled.')
    expect(fake.requestsTo('POST', '/linkedin/callback').map((r) => r.body)).toEqual([
      { state: 's1', error: 'user_cancelled_authorize', errorDescription: 'The user cancelled the authorization' }
    ])
    // The refusal can show before the address is rewritten: both happen, in either order.
    await waitFor(() => expect(location()).toBe('/callback'))
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Back to settings' }))
    await waitFor(() => expect(location()).toBe('/settings'))
  })

  it('starts connecting again from Try again, still returning where it first started', async () => {
    sessionStorage.setItem(LINKEDIN_RETURN_KEY, '/content/write-post')
    const fake = renderCallback('/callback?code=used&state=s1', fail(400, 'This LinkedIn answer has expired. Connect again.', 'linkedin_state'))
    fake.reply('POST /linkedin/connect', ok({ authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization?state=s2' }))

    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))

    await waitFor(() => expect(fake.host.openOAuthPage).toHaveBeenCalledWith('https://www.linkedin.com/oauth/v2/authorization?state=s2'))
    expect(sessionStorage.getItem(LINKEDIN_RETURN_KEY)).toBe('/content/write-post')
  })

  it('says so when the address carries no answer, without calling the server', async () => {
    const fake = renderCallback('/callback?code=c1', ok(connection))
    expect((await screen.findByTestId('linkedin-callback-error')).textContent).toBe(MISSING_ANSWER_MESSAGE)
    expect(fake.requestsTo('POST', '/linkedin/callback')).toHaveLength(0)
    await waitFor(() => expect(location()).toBe('/callback'))
  })

  it('sends a signed-out visitor to sign-in without sending LinkedIn’s answer', async () => {
    const fake = createFakeHost({ 'GET /auth': ok(null), 'POST /linkedin/callback': ok(connection) })
    const { router } = renderApp(fake, '/callback?code=c1&state=s1')
    expect(await screen.findByTestId('login-email')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(fake.requestsTo('POST', '/linkedin/callback')).toHaveLength(0)
  })

  it('is a signed-in route without the shell or banners', async () => {
    const fake = createFakeHost({
      'GET /auth': ok(aSession()),
      'GET /user': ok(aUser({ isLinkedInConnected: false })),
      'GET /organization': ok(anOrganization()),
      'POST /linkedin/callback': () => new Promise<HostResponse>(() => undefined)
    })
    const { router } = renderApp(fake, '/callback?code=c1&state=s1')
    expect(await screen.findByText('Connecting LinkedIn…')).toBeTruthy()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByTestId('left-nav')).toBeNull()
    expect(screen.queryByTestId('banners')).toBeNull()
  })
})
