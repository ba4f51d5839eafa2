// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { User } from '@shared/domain'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aSession, aUser, withRole } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { AccountDialogs } from './AccountDialogs'
import { AvatarMenu } from './AvatarMenu'
import { LeftNav } from './LeftNav'
import { CHAT_NOT_CONFIGURED } from './useSupportActions'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const twoOrganizations = aUser({
  organizations: [
    { id: 'org-a', name: 'Acme', organizationWorkOSId: 'org_a', unreadNotificationCount: 0 },
    { id: 'org-b', name: 'Beta', organizationWorkOSId: 'org_b', unreadNotificationCount: 4 }
  ]
})

async function openMenu(user: User, fake = createFakeHost()) {
  const view = renderInApp(
    <AccountDialogs user={user}>
      <AvatarMenu user={user} />
    </AccountDialogs>,
    fake
  )
  const events = userEvent.setup()
  await events.click(screen.getByTestId('avatar-menu-button'))
  await screen.findByRole('menu')
  return { ...view, events, fake }
}

const itemNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent)

describe('AvatarMenu', () => {
  it('shows the organization name and id', async () => {
    await openMenu(aUser())
    const organization = screen.getByTestId('avatar-menu-organization')
    expect(organization.textContent).toContain('Acme')
    expect(organization.textContent).toContain('org_a')
  })

  it('offers Organization to ADMIN and GHOST but not to MEMBER', async () => {
    await openMenu(withRole(aUser(), 'MEMBER'))
    expect(itemNames()).not.toContain('Organization')
    expect(itemNames()).toEqual(
      expect.arrayContaining(['Profile', 'Settings', 'Theme', 'Create new organization', 'Chat with support', 'Help center', 'Log out'])
    )
    cleanup()

    for (const role of ['ADMIN', 'GHOST'] as const) {
      await openMenu(withRole(aUser(), role))
      expect(itemNames()).toContain('Organization')
      cleanup()
    }
  })

  it('offers Invite users and New Team to ADMIN and GHOST but not to MEMBER', async () => {
    await openMenu(withRole(aUser(), 'MEMBER'))
    expect(itemNames()).not.toContain('Invite users')
    expect(itemNames()).not.toContain('New Team')
    cleanup()
    for (const role of ['ADMIN', 'GHOST'] as const) {
      await openMenu(withRole(aUser(), role))
      expect(itemNames()).toEqual(expect.arrayContaining(['Organization', 'Invite users', 'New Team']))
      cleanup()
    }
  })

  it('offers Billing to ADMIN and GHOST, which leads to /settings/billing; not to MEMBER', async () => {
    await openMenu(withRole(aUser(), 'MEMBER'))
    expect(itemNames()).not.toContain('Billing')
    cleanup()
    await openMenu(withRole(aUser(), 'GHOST'))
    expect(itemNames()).toContain('Billing')
    cleanup()
    const { events } = await openMenu(aUser())
    await events.click(screen.getByRole('menuitem', { name: 'Billing' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/billing'))
  })

  it('opens the invite dialog from Invite users', async () => {
    const { events } = await openMenu(aUser(), createFakeHost({ 'GET /billing/verify/entitled': ok([]), 'GET /user': ok(aUser()) }))
    await events.click(screen.getByTestId('menu-invite-users'))
    expect(await screen.findByTestId('member-dialog')).toBeTruthy()
  })

  it('opens the team dialog from New Team with the TEAMS entitlement', async () => {
    const fake = createFakeHost({ 'GET /billing/verify/entitled': ok([{ lookupKey: 'TEAMS', limit: 3, currentUsage: 2 }]) })
    const { events, queryClient } = await openMenu(aUser(), fake)
    await waitFor(() => expect(queryClient.getQueryData(['entitlements', 'list'])).toBeTruthy())
    await events.click(screen.getByTestId('menu-new-team'))
    expect(await screen.findByTestId('team-dialog')).toBeTruthy()
  })

  it('shows the Upgrade Plan toast from New Team without the TEAMS entitlement', async () => {
    const fake = createFakeHost({ 'GET /billing/verify/entitled': ok([{ lookupKey: 'TEAMS', limit: 1, currentUsage: 1 }]) })
    const { events, queryClient } = await openMenu(aUser(), fake)
    await waitFor(() => expect(queryClient.getQueryData(['entitlements', 'list'])).toBeTruthy())
    await events.click(screen.getByTestId('menu-new-team'))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Upgrade Plan 🚀')
    expect(toast.textContent).toContain("You've reached the team creation limit for your current plan. To add more teams, please upgrade your plan.")
    expect(screen.queryByTestId('team-dialog')).toBeNull()
  })

  it('offers Switch organization only with two or more organizations', async () => {
    await openMenu(aUser())
    expect(itemNames()).not.toContain('Switch organization')
  })

  it('lists each organization with its unread count and switches, then reloads', async () => {
    const fake = createFakeHost({ 'POST /auth/switch-organization': ok(aSession({ organizationId: 'org-b', organizationWorkOSId: 'org_b' })) })
    const { events, reload } = await openMenu(twoOrganizations, fake)

    await events.click(screen.getByTestId('switch-organization'))
    const beta = await screen.findByTestId('switch-organization-org_b')
    expect(beta.textContent).toContain('Beta')
    expect(beta.textContent).toContain('4')
    expect(screen.getByTestId('switch-organization-org_a').getAttribute('aria-checked')).toBe('true')

    await events.click(beta)
    await waitFor(() => expect(reload).toHaveBeenCalled())
    expect(fake.requestsTo('POST', '/auth/switch-organization').map((r) => r.body)).toEqual([{ organizationWorkOSId: 'org_b' }])
  })

  it('only logs a failed switch', async () => {
    const fake = createFakeHost({ 'POST /auth/switch-organization': fail(500, 'Boom') })
    const { events, reload } = await openMenu(twoOrganizations, fake)
    await events.click(screen.getByTestId('switch-organization'))
    await events.click(await screen.findByTestId('switch-organization-org_b'))
    await waitFor(() => expect(console.error).toHaveBeenCalledWith(expect.stringContaining('/api/auth/switch-organization')))
    expect(reload).not.toHaveBeenCalled()
    expect(screen.queryByTestId('toast')).toBeNull()
  })

  it('stores the theme choice and tells the host', async () => {
    const fake = createFakeHost()
    const { events } = await openMenu(aUser(), fake)
    await events.click(screen.getByRole('menuitem', { name: 'Theme' }))
    await events.click(await screen.findByRole('menuitemradio', { name: 'Dark' }))
    expect(localStorage.getItem('theme')).toBe('dark')
    await waitFor(() => expect(fake.host.setTheme).toHaveBeenLastCalledWith('dark'))
  })

  it('logs out and reloads on the sign-in page', async () => {
    const fake = createFakeHost({ 'GET /auth/logout': ok({ ok: true }) })
    const { events, reload } = await openMenu(aUser(), fake)
    await events.click(screen.getByTestId('logout'))
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'))
    expect(fake.requestsTo('GET', '/auth/logout')).toHaveLength(1)
  })

  it('creates a new organization, switches to it and reloads on its dashboard', async () => {
    const fake = createFakeHost({
      'POST /auth/create-organization': ok({ id: 'org-c', organizationWorkOSId: 'org_c', name: 'Gamma' }),
      'POST /auth/switch-organization': ok(aSession({ organizationId: 'org-c', organizationWorkOSId: 'org_c' }))
    })
    const { events, reload } = await openMenu(aUser(), fake)
    await events.click(screen.getByTestId('create-organization'))
    await events.type(await screen.findByTestId('create-organization-name'), 'Gamma')
    await events.click(screen.getByTestId('create-organization-submit'))
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/dashboard'))
    expect(fake.requestsTo('POST', '/auth/create-organization').map((r) => r.body)).toEqual([{ organizationName: 'Gamma' }])
    expect(fake.requestsTo('POST', '/auth/switch-organization').map((r) => r.body)).toEqual([{ organizationWorkOSId: 'org_c' }])
  })

  it('disables Chat with support and says why when no support chat is configured', async () => {
    const fake = createFakeHost({ 'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '1' }) })
    const { events } = await openMenu(aUser(), fake)
    const chat = screen.getByTestId('menu-chat')
    await waitFor(() => expect(chat.getAttribute('aria-disabled')).toBe('true'))
    expect(chat.textContent).toContain(CHAT_NOT_CONFIGURED)
    await events.click(chat)
    expect(window.Intercom).toBeUndefined()
    expect(document.querySelector('script[src*="widget"]')).toBeNull()
  })

  it('offers Chat with support when a support chat is configured', async () => {
    const fake = createFakeHost({ 'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: { appId: 'abc123', region: 'eu' }, version: '1' }) })
    const { queryClient } = await openMenu(aUser(), fake)
    await waitFor(() => expect(queryClient.getQueryData(['config'])).toBeTruthy())
    const chat = screen.getByTestId('menu-chat')
    expect(chat.getAttribute('aria-disabled')).not.toBe('true')
    expect(chat.textContent).toBe('Chat with support')
  })

  it('opens the help center outside the app', async () => {
    const fake = createFakeHost({ 'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '1' }) })
    const { events, queryClient } = await openMenu(aUser(), fake)
    await waitFor(() => expect(queryClient.getQueryData(['config'])).toBeTruthy())
    await events.click(screen.getByRole('menuitem', { name: 'Help center' }))
    expect(fake.host.openExternal).toHaveBeenCalledWith('https://help.example.com/')
  })
})

describe('LeftNav: Chat', () => {
  it('shows Chat disabled with the reason when no support chat is configured, and loads no widget when pressed', async () => {
    const fake = createFakeHost({ 'GET /user': ok(aUser()), 'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '1' }) })
    renderInApp(<LeftNav expanded onToggle={vi.fn()} />, fake)
    await waitFor(() => expect(screen.getByTestId('nav-chat').getAttribute('aria-disabled')).toBe('true'))
    const chat = screen.getByTestId('nav-chat')
    const reason = document.getElementById(chat.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe(CHAT_NOT_CONFIGURED)
    await userEvent.setup().click(chat)
    expect(window.Intercom).toBeUndefined()
    expect(console.error).not.toHaveBeenCalledWith('Support chat is not initialised.')
  })
})
