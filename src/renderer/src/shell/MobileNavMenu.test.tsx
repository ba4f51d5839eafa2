// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ok } from '@renderer/testing/fakeHost'
import { signedInAppHost } from '@renderer/testing/appHost'
import { renderApp } from '@renderer/testing/render'
import { setViewport } from '@renderer/testing/viewport'
import { CHAT_NOT_CONFIGURED } from './useSupportActions'

let restoreViewport: () => void
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
  // A phone: no left navigation, its entries in the top bar's menu.
  restoreViewport = setViewport(390)
})
afterEach(() => {
  cleanup()
  restoreViewport()
  vi.restoreAllMocks()
})

/** The app at phone width with the navigation menu open; returns its Chat entry. */
async function openPhoneMenu(supportChat: { appId: string; region: string } | null) {
  const fake = signedInAppHost({ 'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat, version: '0.1.0' }) })
  const { queryClient } = renderApp(fake, '/dashboard')
  const events = userEvent.setup()
  await events.click(await screen.findByTestId('mobile-nav-button'))
  expect(screen.queryByTestId('left-nav')).toBeNull()
  await screen.findByTestId('mobile-nav-menu')
  await waitFor(() => expect(queryClient.getQueryData(['config'])).toBeTruthy())
  return { chat: screen.getByRole('menuitem', { name: /^Chat/ }), events }
}

describe('MobileNavMenu: Chat on a phone', () => {
  it('shows Chat disabled with the reason when no support chat is configured, and loads no widget when pressed', async () => {
    const { chat, events } = await openPhoneMenu(null)
    await waitFor(() => expect(chat.getAttribute('aria-disabled')).toBe('true'))
    expect(chat.textContent).toContain(CHAT_NOT_CONFIGURED)
    await events.click(chat)
    expect(window.Intercom).toBeUndefined()
    expect(document.querySelector('script[src*="widget"]')).toBeNull()
  })

  it('offers Chat, enabled and without a reason, when a support chat is configured', async () => {
    const { chat } = await openPhoneMenu({ appId: 'abc123', region: 'eu' })
    expect(chat.getAttribute('aria-disabled')).not.toBe('true')
    expect(chat.textContent).toBe('Chat')
  })
})
