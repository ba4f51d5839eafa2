// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { fail, ok } from '@renderer/testing/fakeHost'
import { aSession, aUser, anOrganization, daysFromNow, entitlements } from '@renderer/testing/fixtures'
import { signedInAppHost as signedIn } from '@renderer/testing/appHost'
import { renderApp } from '@renderer/testing/render'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { sessionKeys } from '@renderer/api/queryKeys'


const pathOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('auth gate', () => {
  it('keeps a valid session on the protected route', async () => {
    const { router } = renderApp(signedIn(), '/dashboard')
    expect(await screen.findByTestId('dashboard-organization')).toBeTruthy()
    expect(pathOf(router)).toBe('/dashboard')
  })

  it('sends a signed-out visitor (GET /auth answers null) to sign-in', async () => {
    const { router } = renderApp(signedIn({ 'GET /auth': ok(null) }), '/settings')
    expect(await screen.findByTestId('login-email')).toBeTruthy()
    expect(pathOf(router)).toBe('/login')
  })

  it('sends a 401 to sign-in too (a server that still refuses signed-out callers)', async () => {
    const { router } = renderApp(signedIn({ 'GET /auth': fail(401, 'Sign in first.', 'unauthorized') }), '/settings')
    expect(await screen.findByTestId('login-email')).toBeTruthy()
    expect(pathOf(router)).toBe('/login')
  })

  it('goes to sign-in when a re-check finds the session ended (as after a 401 from another call)', async () => {
    const fake = signedIn()
    const { router, queryClient } = renderApp(fake, '/dashboard')
    await screen.findByTestId('dashboard-organization')
    fake.reply('GET /auth', ok(null))
    await act(() => queryClient.invalidateQueries({ queryKey: sessionKeys.all }))
    expect(await screen.findByTestId('login-email')).toBeTruthy()
    expect(router.state.location.state).toEqual({ from: '/dashboard' })
  })

  it('lets the page load when the session check fails otherwise', async () => {
    const { router } = renderApp(signedIn({ 'GET /auth': fail(500, 'Boom') }), '/dashboard')
    expect(await screen.findByTestId('dashboard-organization')).toBeTruthy()
    expect(pathOf(router)).toBe('/dashboard')
  })

  it('sends a session without an organization to onboarding', async () => {
    const fake = signedIn({ 'GET /auth': ok(aSession({ needsOnboarding: true, organizationId: null, organizationWorkOSId: null })) })
    const { router } = renderApp(fake, '/dashboard')
    expect(await screen.findByTestId('onboarding-organization-name')).toBeTruthy()
    expect(pathOf(router)).toBe('/signup/onboarding/company')
  })

  it('sends /login with a valid session to the dashboard', async () => {
    const { router } = renderApp(signedIn(), '/login')
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'))
  })

  it('returns to the requested page after signing in', async () => {
    const fake = signedIn({ 'GET /auth': ok(null) })
    const { router } = renderApp(fake, '/settings')
    await screen.findByTestId('login-email')
    expect(router.state.location.state).toEqual({ from: '/settings' })
  })

  it('renders /validate-certification bare, without checking the session', async () => {
    const fake = signedIn()
    renderApp(fake, '/validate-certification')
    expect(await screen.findByTestId('certificate-id')).toBeTruthy()
    expect(fake.requestsTo('GET', '/auth')).toHaveLength(0)
    expect(screen.queryByTestId('left-nav')).toBeNull()
  })
})

describe('route registry', () => {
  it('titles the page and lists the left navigation from the registry', async () => {
    renderApp(signedIn(), '/dashboard/')
    await screen.findByTestId('dashboard-organization')
    expect(screen.getByTestId('page-title').textContent).toBe('Dashboard')
    const links = within(screen.getByTestId('left-nav')).getAllByRole('link')
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Create content', '/content/write-post'],
      ['Collaborate', '/collaborate'],
      ['Plan', '/schedule'],
      ['Team effort', '/team'],
      ['Analytics', '/analytics'],
      ['Academy', '/academy/insights'],
      ['Settings', '/settings']
    ])
  })
})

describe('focus on a new screen', () => {
  it('moves the focus from the navigation link to the new screen, named by its title, and leaves the first screen alone', async () => {
    const { router } = renderApp(signedIn(), '/dashboard')
    await screen.findByTestId('dashboard-organization')
    const main = screen.getByRole('main')
    expect(document.activeElement).not.toBe(main)
    const link = within(screen.getByTestId('left-nav')).getByRole('link', { name: 'Settings' })
    link.focus()
    await act(async () => {
      await router.navigate('/settings')
    })
    await waitFor(() => expect(document.activeElement).toBe(main))
    expect(main.getAttribute('aria-label')).toBe('Settings')
  })

  it('keeps the focus a screen gave itself', async () => {
    const { router } = renderApp(signedIn(), '/dashboard')
    await screen.findByTestId('dashboard-organization')
    const main = screen.getByRole('main')
    const inside = document.createElement('button')
    main.append(inside)
    await act(async () => {
      const navigated = router.navigate('/settings')
      inside.focus()
      await navigated
    })
    expect(main.contains(document.activeElement)).toBe(true)
    expect(document.activeElement).not.toBe(main)
    inside.remove()
  })

  it('keeps the focus in a dialog the new screen opened', async () => {
    const { router } = renderApp(signedIn(), '/dashboard')
    await screen.findByTestId('dashboard-organization')
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    const field = document.createElement('input')
    dialog.append(field)
    document.body.append(dialog)
    await act(async () => {
      const navigated = router.navigate('/settings')
      field.focus()
      await navigated
    })
    expect(document.activeElement).toBe(field)
    dialog.remove()
  })
})

describe('not-found page', () => {
  it('says an unknown address was not found, with a link to the Dashboard, instead of going there', async () => {
    const fake = signedIn()
    const { router } = renderApp(fake, '/schedual?view=week')
    expect((await screen.findByRole('heading', { name: 'Page not found' })).textContent).toBe('Page not found')
    expect(screen.getByTestId('not-found-message').textContent).toContain('/schedual')
    expect(pathOf(router)).toBe('/schedual?view=week')
    expect(document.title).toBe('Page not found · Pagecrew')
    const link = screen.getByTestId('not-found-dashboard')
    expect(link.getAttribute('href')).toBe('/dashboard')
    act(() => link.click())
    expect(await screen.findByTestId('dashboard-organization')).toBeTruthy()
    expect(pathOf(router)).toBe('/dashboard')
  })

  it('answers an unknown address under a screen, and one signed out, the same way', async () => {
    renderApp(signedIn(), '/settings/nowhere')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    cleanup()
    renderApp(signedIn({ 'GET /auth': ok(null) }), '/nowhere')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
  })
})

describe('a screen the plan does not include', () => {
  it('says so under the screen’s own title, with where to change it, and asks the screen’s server for nothing', async () => {
    const fake = signedIn({ 'GET /billing/verify/entitled': ok(entitlements(['TEAMS'])), 'GET /recommended': ok({ forMe: [], created: [], canRecommend: true }) })
    const { router } = renderApp(fake, '/recommended')
    const notice = await screen.findByTestId('not-in-plan')
    expect(within(notice).getByRole('heading').textContent).toContain('Your plan does not include Recommended posts')
    expect(within(notice).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/settings/billing')
    expect(screen.getByTestId('page-title').textContent).toBe('Recommended posts')
    expect(pathOf(router)).toBe('/recommended')
    expect(fake.requestsTo('GET', '/recommended')).toEqual([])
  })

  it('shows the screen once the plan includes it', async () => {
    renderApp(signedIn({ 'GET /billing/verify/entitled': ok(entitlements(['RECOMMEND_POST'])), 'GET /recommended': ok({ forMe: [], created: [], canRecommend: true }) }), '/recommended')
    expect(await screen.findByTestId('recommended-page')).toBeTruthy()
    expect(screen.queryByTestId('not-in-plan')).toBeNull()
  })
})

describe('subscription expiry', () => {
  it('sends an expired trial to /subscription-expired, without banners there', async () => {
    const expired = anOrganization({ currentPlan: { ...anOrganization().currentPlan, trialEndsAt: daysFromNow(-1) } })
    const { router } = renderApp(signedIn({ 'GET /organization': ok(expired) }), '/dashboard')
    expect(await screen.findByTestId('subscription-expired')).toBeTruthy()
    expect(pathOf(router)).toBe('/subscription-expired')
    expect(screen.queryByTestId('banners')).toBeNull()
  })

  it('follows the openPlanModal event there too', async () => {
    const { router } = renderApp(signedIn(), '/dashboard')
    await screen.findByTestId('dashboard-organization')
    act(() => void window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT)))
    await waitFor(() => expect(pathOf(router)).toBe('/subscription-expired'))
  })
})

describe('?orgid=', () => {
  const twoOrganizations = aUser({
    organizations: [
      { id: 'org-a', name: 'Acme', organizationWorkOSId: 'org_a', unreadNotificationCount: 0 },
      { id: 'org-b', name: 'Beta', organizationWorkOSId: 'org_b', unreadNotificationCount: 1 }
    ]
  })

  it('just drops the parameter when it names the current organization', async () => {
    const fake = signedIn()
    const { router, reload } = renderApp(fake, '/dashboard?orgid=org_a&tab=x')
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard?tab=x'))
    expect(fake.requestsTo('POST', '/auth/switch-organization')).toHaveLength(0)
    expect(reload).not.toHaveBeenCalled()
  })

  it('switches to another organization of the user, then reloads without the parameter', async () => {
    const fake = signedIn({ 'GET /user': ok(twoOrganizations), 'POST /auth/switch-organization': ok(aSession({ organizationId: 'org-b', organizationWorkOSId: 'org_b' })) })
    const { reload } = renderApp(fake, '/settings?orgid=org_b')
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/settings'))
    expect(fake.requestsTo('POST', '/auth/switch-organization').map((r) => r.body)).toEqual([{ organizationWorkOSId: 'org_b' }])
  })

  it('ignores an organization the user does not belong to', async () => {
    const fake = signedIn()
    const { router, reload } = renderApp(fake, '/dashboard?orgid=org_zzz')
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'))
    expect(fake.requestsTo('POST', '/auth/switch-organization')).toHaveLength(0)
    expect(reload).not.toHaveBeenCalled()
  })

  it('drops the parameter and stays when the switch fails', async () => {
    const fake = signedIn({ 'GET /user': ok(twoOrganizations), 'POST /auth/switch-organization': fail(500, 'Boom') })
    const { router, reload } = renderApp(fake, '/dashboard?orgid=org_b')
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'))
    expect(reload).not.toHaveBeenCalled()
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('POST /api/auth/switch-organization'))
  })
})

describe('host integration', () => {
  it('tells the host it is ready and follows navigate events through the orgid handling', async () => {
    const fake = signedIn()
    const { router } = renderApp(fake, '/dashboard')
    await screen.findByTestId('dashboard-organization')
    expect(fake.host.ready).toHaveBeenCalled()
    act(() => fake.emit({ type: 'navigate', path: '/settings?orgid=org_a' }))
    await waitFor(() => expect(pathOf(router)).toBe('/settings'))
  })

  it('sets a missing timezone from the browser', async () => {
    const fake = signedIn({ 'GET /user': ok(aUser({ timezone: null })), 'PUT /user/update-user-details': ok(aUser()) })
    renderApp(fake, '/dashboard')
    await waitFor(() => expect(fake.requestsTo('PUT', '/user/update-user-details')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/user/update-user-details')[0]?.body).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone })
  })
})
