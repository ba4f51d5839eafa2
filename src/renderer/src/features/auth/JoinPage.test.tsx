// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aSession, aUser, anOrganization } from '@renderer/testing/fixtures'
import { renderApp } from '@renderer/testing/render'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const info = (hasAccount: boolean) => ({
  organizationName: 'Acme',
  email: 'ana@host.com',
  invitedBy: 'Ada Lovelace',
  hasAccount,
  expiresAt: '2030-01-01T00:00:00.000Z'
})

function hostFor(replies: Parameters<typeof createFakeHost>[0]) {
  return createFakeHost({
    'GET /auth': ok(null),
    'GET /user': ok(aUser()),
    'GET /organization': ok(anOrganization()),
    'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '1' }),
    ...replies
  })
}

describe('/join', () => {
  it('creates the account of a new invitee and goes to the dashboard', async () => {
    const fake = hostFor({ 'GET /join/info': ok(info(false)), 'POST /join/accept': ok(aSession({ email: 'ana@host.com' })) })
    const { router } = renderApp(fake, '/join?token=tok-1')
    expect((await screen.findByTestId('join-organization')).textContent).toBe('Acme')
    expect((screen.getByTestId('join-email') as HTMLInputElement).value).toBe('ana@host.com')
    const events = userEvent.setup()
    await events.click(screen.getByTestId('join-submit'))
    expect(await screen.findByText('Enter your full name.')).toBeTruthy()
    await events.type(screen.getByTestId('join-full-name'), 'Ana Lima')
    await events.type(screen.getByTestId('join-password'), 'short')
    await events.click(screen.getByTestId('join-submit'))
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy()
    await events.type(screen.getByTestId('join-password'), ' enough')
    await events.click(screen.getByTestId('join-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    // The spent token is not asked about again.
    expect(fake.requestsTo('GET', '/join/info').map((r) => r.query)).toEqual([{ token: 'tok-1' }])
    expect(fake.requestsTo('POST', '/join/accept')[0]?.body).toEqual({ token: 'tok-1', fullName: 'Ana Lima', password: 'short enough' })
  })

  it('asks an existing account only for its password, and shows a wrong one inline', async () => {
    const fake = hostFor({ 'GET /join/info': ok(info(true)), 'POST /join/accept': fail(401, 'Incorrect email or password.', 'invalid_credentials') })
    renderApp(fake, '/join?token=tok-2')
    await screen.findByTestId('join-password')
    expect(screen.queryByTestId('join-full-name')).toBeNull()
    const events = userEvent.setup()
    await events.type(screen.getByTestId('join-password'), 'wrong-password')
    await events.click(screen.getByTestId('join-submit'))
    expect((await screen.findByTestId('join-error')).textContent).toBe('Incorrect email or password.')
    expect(fake.requestsTo('POST', '/join/accept')[0]?.body).toEqual({ token: 'tok-2', password: 'wrong-password' })
  })

  it("shows the server's message for an invalid or expired link, and asks for a new invitation", async () => {
    renderApp(hostFor({ 'GET /join/info': fail(404, 'This invitation link is invalid or has expired.', 'not_found') }), '/join?token=old')
    expect((await screen.findByTestId('join-link-error')).textContent).toBe('This invitation link is invalid or has expired.')
    expect(screen.getByTestId('join-invalid-hint').textContent).toBe('Ask your admin for a new invitation. Joined already? Sign in.')
    expect(screen.queryByTestId('join-link-used')).toBeNull()
  })

  it('says a used link was used (not invalid), with a Sign in button to /login that names no sign-in method', async () => {
    const used = 'This invitation has already been used. Sign in instead.'
    const { router } = renderApp(hostFor({ 'GET /join/info': fail(410, used, 'join_link_used') }), '/join?token=used')
    expect((await screen.findByTestId('join-link-used')).textContent).toBe(used)
    expect(screen.queryByTestId('join-link-error')).toBeNull()
    expect(screen.queryByText(/invalid or has expired/)).toBeNull()
    // Someone whose organization requires single sign-on signs in there too: no "email and password".
    expect(document.body.textContent).not.toMatch(/password/i)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('turns to the used-link card when the link is accepted elsewhere while the form is open', async () => {
    const used = 'This invitation has already been used. Sign in instead.'
    const fake = hostFor({ 'GET /join/info': ok(info(true)), 'POST /join/accept': fail(410, used, 'join_link_used') })
    renderApp(fake, '/join?token=tok-3')
    const events = userEvent.setup()
    await events.type(await screen.findByTestId('join-password'), 'correct horse battery staple')
    await events.click(screen.getByTestId('join-submit'))
    expect((await screen.findByTestId('join-link-used')).textContent).toBe(used)
    expect(screen.queryByTestId('join-password')).toBeNull()
    expect(screen.getByTestId('join-sign-in').textContent).toBe('Sign in')
  })

  it('says the link is invalid without a token', async () => {
    renderApp(hostFor({}), '/join')
    expect((await screen.findByTestId('join-link-error')).textContent).toBe('This invitation link is invalid or has expired.')
  })
})
