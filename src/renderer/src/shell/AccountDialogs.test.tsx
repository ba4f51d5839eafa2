// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { signedInAppHost } from '@renderer/testing/appHost'
import { renderApp } from '@renderer/testing/render'
import { setViewport } from '@renderer/testing/viewport'

let restoreViewport: () => void
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
  restoreViewport = setViewport(1440)
})
afterEach(() => {
  cleanup()
  restoreViewport()
  vi.restoreAllMocks()
})

describe('AccountDialogs: the avatar menu’s dialogs outlive the menu', () => {
  it('keeps the Invite dialog open with what was typed when the window narrows to a phone’s width and widens again', async () => {
    renderApp(signedInAppHost(), '/dashboard')
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('avatar-menu-button'))
    await events.click(await screen.findByTestId('menu-invite-users'))
    const email = (await screen.findByTestId('member-email')) as HTMLInputElement
    await events.type(email, 'nadia@example.com')

    // Below 768 px the account controls, the avatar menu with them, move to the bottom bar.
    act(() => void setViewport(390))
    await screen.findByTestId('bottom-bar')
    expect(screen.getByTestId('member-dialog')).toBeTruthy()
    expect((screen.getByTestId('member-email') as HTMLInputElement).value).toBe('nadia@example.com')

    act(() => void setViewport(1440))
    await waitFor(() => expect(screen.queryByTestId('bottom-bar')).toBeNull())
    expect((screen.getByTestId('member-email') as HTMLInputElement).value).toBe('nadia@example.com')
  })
})
