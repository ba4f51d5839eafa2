// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { focusManager, onlineManager } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aSession, aUser, anOrganization } from '@renderer/testing/fixtures'
import { renderApp } from '@renderer/testing/render'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const signedOut = (replies: Parameters<typeof createFakeHost>[0] = {}) =>
  createFakeHost({
    'GET /auth': ok(null),
    'GET /user': ok(aUser()),
    'GET /organization': ok(anOrganization()),
    'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '1' }),
    ...replies
  })

describe('sign-in screens', () => {
  it.each([
    ['/login', 'the server’s null'],
    ['/signup', 'the server’s null'],
    ['/login', 'a 401'],
    ['/signup', 'a 401']
  ])('asks for the session once on %s when signed out (%s), and logs nothing', async (path, answer) => {
    const fake = answer === 'a 401' ? signedOut({ 'GET /auth': fail(401, 'Sign in first.', 'unauthorized') }) : signedOut()
    renderApp(fake, path)
    await screen.findByTestId(path === '/login' ? 'login-email' : 'signup-email')
    // Coming back to the window or the network does not ask again while signed out.
    await act(async () => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
      onlineManager.setOnline(false)
      onlineManager.setOnline(true)
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    focusManager.setFocused(undefined)
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /auth'])
    expect(console.error).not.toHaveBeenCalled()
  })

  it('shows the server message inline for a wrong password', async () => {
    const fake = signedOut({ 'POST /auth/login': fail(401, 'Incorrect email or password.', 'invalid_credentials') })
    renderApp(fake, '/login')
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('login-email'), 'ada@example.com')
    await user.type(screen.getByTestId('login-password'), 'wrong-password')
    await user.click(screen.getByTestId('login-submit'))
    expect((await screen.findByTestId('login-error')).textContent).toBe('Incorrect email or password.')
  })

  it('goes to the dashboard after signing in', async () => {
    const fake = signedOut({ 'POST /auth/login': ok(aSession()) })
    const { router } = renderApp(fake, '/login')
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('login-email'), 'Ada@Example.com')
    await user.type(screen.getByTestId('login-password'), 'correct horse')
    await user.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(fake.requestsTo('POST', '/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' })
  })

  it('shows the server’s field errors on sign-up', async () => {
    const fake = signedOut({ 'POST /auth/signup': fail(409, 'Check the fields.', 'conflict', { email: 'An account with this email already exists.' }) })
    renderApp(fake, '/signup')
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('signup-full-name'), 'Ada Lovelace')
    await user.type(screen.getByTestId('signup-email'), 'ada@example.com')
    await user.type(screen.getByTestId('signup-password'), 'long enough')
    await user.click(screen.getByTestId('signup-submit'))
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy()
  })

  it('checks the fields before calling the server', async () => {
    const fake = signedOut()
    renderApp(fake, '/signup')
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('signup-email'), 'not-an-email')
    await user.type(screen.getByTestId('signup-password'), 'short')
    await user.click(screen.getByTestId('signup-submit'))
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy()
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy()
    expect(screen.getByText('Enter your full name.')).toBeTruthy()
    expect(fake.requestsTo('POST', '/auth/signup')).toHaveLength(0)
  })

  it('sends onboarding details and goes to the dashboard', async () => {
    let onboarded = false
    const fake = signedOut({
      'GET /auth': () => ok(onboarded ? aSession() : aSession({ needsOnboarding: true, organizationId: null, organizationWorkOSId: null })),
      'POST /auth/create-organization': () => {
        onboarded = true
        return ok({ id: 'org-a', organizationWorkOSId: 'org_a', name: 'Acme' })
      }
    })
    const { router } = renderApp(fake, '/signup/onboarding/company')
    const user = userEvent.setup()
    await user.type(await screen.findByTestId('onboarding-organization-name'), 'Acme')
    await user.type(screen.getByTestId('onboarding-website'), 'https://acme.example')
    await user.click(screen.getByTestId('onboarding-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(fake.requestsTo('POST', '/auth/create-organization')[0]?.body).toEqual({ organizationName: 'Acme', linkedInWebsite: 'https://acme.example' })
  })
})
