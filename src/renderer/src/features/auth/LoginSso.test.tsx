// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aSession } from '@renderer/testing/fixtures'
import { renderApp } from '@renderer/testing/render'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  window.sessionStorage.clear()
  vi.restoreAllMocks()
})

const signedOut = (replies: Parameters<typeof createFakeHost>[0] = {}) =>
  createFakeHost({
    'GET /auth': ok(null),
    'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '1' }),
    ...replies
  })

describe('single sign-on on the login page', () => {
  it('offers Continue with SSO beside the password, starts at the provider with the host’s return address', async () => {
    const fake = signedOut({
      'POST /auth/sso/discover': ok({ sso: 'offered', organizationName: 'Acme' }),
      'POST /auth/sso/start': ok({ url: 'https://idp.example.com/authorize?state=s' })
    })
    renderApp(fake, '/login')
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('login-email'), 'Grace@Acme.example')
    await user.click(await screen.findByTestId('login-sso'))
    expect(screen.getByTestId('login-password')).toBeTruthy()
    await waitFor(() => expect(fake.host.openOAuthPage).toHaveBeenCalledWith('https://idp.example.com/authorize?state=s'))
    expect(fake.requestsTo('POST', '/auth/sso/start')[0]?.body).toEqual({ email: 'grace@acme.example', redirectUri: 'http://localhost/callback' })
  })

  it('when required, Continue with SSO replaces the password', async () => {
    const fake = signedOut({ 'POST /auth/sso/discover': ok({ sso: 'required', organizationName: 'Acme' }) })
    renderApp(fake, '/login')
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('login-email'), 'grace@acme.example')
    expect((await screen.findByTestId('login-sso-required')).textContent).toContain('Acme signs in with single sign-on.')
    expect(screen.queryByTestId('login-password')).toBeNull()
    expect(screen.queryByTestId('login-submit')).toBeNull()
  })

  it('/callback after Continue with SSO signs in and goes to the dashboard', async () => {
    window.sessionStorage.setItem('pagecrew.sso.pending', '1')
    const fake = signedOut({ 'GET /auth/sso/callback': ok(aSession()) })
    const { router } = renderApp(fake, '/callback?code=c&state=s&iss=https%3A%2F%2Fidp.example.com')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(fake.requestsTo('GET', '/auth/sso/callback')[0]?.query).toEqual({ code: 'c', state: 's', iss: 'https://idp.example.com' })
  })
})
