// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import { ok } from '@renderer/testing/fakeHost'
import { heldReply } from '@renderer/testing/fastClicks'
import { aSession, aUser } from '@renderer/testing/fixtures'
import { signedInAppHost as signedIn } from '@renderer/testing/appHost'
import { renderApp } from '@renderer/testing/render'
import { setViewport } from '@renderer/testing/viewport'


/** Nothing on screen says 'Loading…' in words: the skeletons carry it as their accessible name. */
const loadingText = () => screen.queryByText(/loading|checking/i)

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('loading in the shape of the app (issue 12)', () => {
  it('shows the shell skeleton (navigation, top bar with the title, content) while the session is checked', async () => {
    const session = heldReply(ok(aSession()))
    renderApp(signedIn({ 'GET /auth': session.reply }), '/dashboard')
    const content = await screen.findByRole('progressbar', { name: 'Checking your session…' })
    const frame = screen.getByTestId('shell-skeleton')
    expect(frame.contains(content)).toBe(true)
    expect(within(frame).getByTestId('shell-skeleton-nav')).toBeTruthy()
    expect(within(frame).getByRole('heading', { level: 1 }).textContent).toBe('Dashboard')
    expect(loadingText()).toBeNull()
    await session.release()
    expect(await screen.findByTestId('dashboard-organization')).toBeTruthy()
    expect(screen.queryByTestId('shell-skeleton')).toBeNull()
  })

  it('keeps the real shell while the user loads: navigation and title at once, skeletons for the account and the content', async () => {
    const user = heldReply(ok(aUser()))
    renderApp(signedIn({ 'GET /user': user.reply }), '/dashboard')
    expect(await screen.findByTestId('left-nav')).toBeTruthy()
    expect(screen.getByTestId('page-title').textContent).toBe('Dashboard')
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Loading your dashboard…' })).toBeTruthy()
    expect(loadingText()).toBeNull()
    await user.release()
    expect(await screen.findByTestId('dashboard-organization')).toBeTruthy()
  })

  it('on a phone, the skeleton has the phone shell: no navigation, a bottom bar', async () => {
    const restore = setViewport(390)
    try {
      const session = heldReply(ok(aSession()))
      renderApp(signedIn({ 'GET /auth': session.reply }), '/schedule')
      await screen.findByRole('progressbar', { name: 'Checking your session…' })
      expect(screen.queryByTestId('shell-skeleton-nav')).toBeNull()
      expect(screen.getByTestId('shell-skeleton-bottom-bar')).toBeTruthy()
      expect(within(screen.getByTestId('shell-skeleton')).getByRole('heading', { level: 1 }).textContent).toBe('Schedule')
      await session.release()
    } finally {
      restore()
    }
  })

  it('shows the sign-in card skeleton, not the shell, while /login checks for a session', async () => {
    const session = heldReply(ok(aSession()))
    renderApp(signedIn({ 'GET /auth': session.reply }), '/login')
    expect(await screen.findByRole('progressbar', { name: 'Checking your session…' })).toBeTruthy()
    expect(screen.getByTestId('card-skeleton')).toBeTruthy()
    expect(screen.queryByTestId('shell-skeleton')).toBeNull()
    expect(loadingText()).toBeNull()
    await session.release()
  })
})
