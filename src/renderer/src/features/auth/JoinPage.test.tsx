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
    'GET /auth': fail(401, 'Sign in first.', 'unauthenticated'),
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

  it("shows the server's message for an invalid or expired link", async () => {
    renderApp(hostFor({ 'GET /join/info': fail(404, 'This invitation link is invalid or has expired.', 'not_found') }), '/join?token=old')
    expect((await screen.findByTestId('join-link-error')).textContent).toBe('This invitation link is invalid or has expired.')
  })

  it('tells someone whose link was already used to sign in, beside the server’s message, and the link goes to sign-in', async () => {
    const { router } = renderApp(hostFor({ 'GET /join/info': fail(404, 'This invitation link is invalid or has expired.', 'not_found') }), '/join?token=used')
    expect((await screen.findByTestId('join-link-error')).textContent).toBe('This invitation link is invalid or has expired.')
    expect(screen.getByTestId('join-used-hint').textContent).toBe('Already accepted this invitation? Each link works once: Sign in with your email and password.')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('says the link is invalid without a token', async () => {
    renderApp(hostFor({}), '/join')
    expect((await screen.findByTestId('join-link-error')).textContent).toBe('This invitation link is invalid or has expired.')
  })
})
