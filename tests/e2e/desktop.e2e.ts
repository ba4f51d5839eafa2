import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { COOKIE_JAR_FILE } from '../../src/main/services/desktop-core'
import { toTeamFormFields } from '../../src/shared/api/contract'
import { DEEP_LINK_PATHS, academyLessonPath, routeTitle, type DeepLinkPath } from '../../src/shared/routes'
import { launchChromium } from './support/browser'
import { TINY_PNG } from './support/flows'
import { openDesktopHarness, type DesktopHarness, HARNESS_ORIGIN } from './support/desktop-harness'
import { startE2eServer } from './support/server'

const PASSWORD = 'a long desktop password'

let server: RunningTestServer
let browser: Browser
let desktop: DesktopHarness

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startE2eServer(), launchChromium()])
  desktop = await openDesktopHarness(browser, server.url)
})

afterAll(async () => {
  await desktop?.close()
  await browser?.close()
  await server?.close()
})

const context = () => desktop.context

/**
 * Something only each deep-linkable screen shows, so a link is seen to land on its screen and not
 * on a neighbour with the same title. Keyed by the registry: a new deep-linkable screen without
 * one here does not compile.
 */
const SCREEN_MARKS: Record<DeepLinkPath, (page: Page) => Locator> = {
  '/dashboard': (page) => page.getByTestId('dashboard-organization'),
  '/content/write-post': (page) => page.getByRole('textbox', { name: 'Post text' }),
  '/recommended': (page) => page.getByTestId('recommended-page'),
  '/collaborate': (page) => page.getByTestId('collaborate-page'),
  '/schedule': (page) => page.getByTestId('schedule-page'),
  '/team': (page) => page.getByTestId('team-effort-page'),
  '/analytics': (page) => page.getByTestId('analytics-page'),
  // The desktop's organizations are trials: the Academy offers its courses, a lesson its course's outline.
  '/academy/insights': (page) => page.getByTestId('academy-courses'),
  '/academy/course/:course/:lesson': (page) => page.getByTestId('lesson-offer').or(page.getByTestId('lesson-page')),
  // No guideline written in the desktop's organizations: the page says so.
  '/posting-guideline': (page) => page.getByTestId('guideline-empty').or(page.getByTestId('guideline-page')),
  '/settings': (page) => page.getByTestId('profile-full-name'),
  '/settings/organization': (page) => page.getByTestId('organization-tabs'),
  '/settings/billing': (page) => page.getByTestId('billing-settings'),
  '/settings/privacy': (page) => page.getByTestId('privacy-export'),
  '/billing': (page) => page.getByTestId('billing-page')
}

/** A deep-linkable pattern as an address: `:course/:lesson` filled with the first shipped course's first lesson. */
function addressOf(path: DeepLinkPath): string {
  return path.includes('/:') ? academyLessonPath('writing-posts-people-read', 'the-first-two-lines') : path
}

/** Calls the API the way main does, through the harness's own (main-process) client. */
async function mainApi(path: string) {
  return desktop.core.api.request({ method: 'GET', path })
}

describe('desktop harness: built renderer + built preload + real main services', () => {
  it('signs in through main, follows deep links, and keeps the tray in step with unread notifications', async () => {
    const { page, recorded, context } = desktop

    // An account with one organization exists already (made through the API, not the app).
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pagecrew-client': 'e2e' },
      body: JSON.stringify({ email: 'dana@desk.example', password: PASSWORD, fullName: 'Dana Desk' })
    })
    expect(signup.status).toBe(200)
    const cookie = signup.headers.getSetCookie()[0]!.split(';')[0]!
    const created = await fetch(`${server.url}/api/auth/create-organization`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pagecrew-client': 'e2e', cookie },
      body: JSON.stringify({ organizationName: 'Deskworks' })
    })
    expect(created.status).toBe(200)
    const deskworks = (await created.json()) as { organizationWorkOSId: string }
    await fetch(`${server.url}/api/notification/mark-as-read`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-pagecrew-client': 'e2e', cookie },
      body: '{}'
    })

    // Sign in inside the app: the session lands in main's jar, never in the page.
    await page.goto(`${HARNESS_ORIGIN}/login`)
    expect(await page.evaluate(() => typeof (window as unknown as { pagecrew?: unknown }).pagecrew)).toBe('object')
    await page.getByTestId('login-email').fill('dana@desk.example')
    await page.getByTestId('login-password').fill(PASSWORD)
    await page.getByTestId('login-submit').click()
    await page.waitForURL('**/dashboard')
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent()).toContain('Deskworks')
    expect(await context.cookies()).toEqual([])
    expect(await page.evaluate(() => document.cookie)).toBe('')
    const jarFile = readFileSync(join(desktop.dataDir, COOKIE_JAR_FILE))
    expect(jarFile.includes(Buffer.from('pagecrew_session'))).toBe(false)
    expect((await mainApi('/auth')).status).toBe(200)

    // A second organization, created in the app: its welcome notification raises the tray count
    // and shows one OS notification.
    const notificationsBefore = recorded.notifications.length
    const readyBefore = recorded.readyCount
    const getByTestId = (id: string) => page.getByTestId(id)
    await getByTestId('avatar-menu-button').first().click()
    await getByTestId('create-organization').click()
    await getByTestId('create-organization-name').fill('Harbor')
    await getByTestId('create-organization-submit').click()
    await expect.poll(() => getByTestId('dashboard-organization').textContent(), { timeout: 15_000 }).toContain('Harbor')
    await expect.poll(() => recorded.trayCounts.at(-1), { timeout: 10_000 }).toBe(1)
    expect(recorded.badgeCounts.at(-1)).toBe(1)
    await expect.poll(() => recorded.notifications.length).toBe(notificationsBefore + 1)
    expect(recorded.notifications.at(-1)!.title).toContain('Welcome')
    // Creating an organization reloads the app into it; wait until the new document is ready.
    await expect.poll(() => recorded.readyCount, { timeout: 15_000 }).toBeGreaterThan(readyBefore)
    await page.waitForLoadState('load')

    // A deep link switches organization and navigates. The switch sets the address, then reloads the
    // app into the organization: wait until that new document is ready, not just for the address.
    const readyBeforeSwitch = recorded.readyCount
    desktop.core.deepLinks.handleUrl(`pagecrew://open?orgid=${deskworks.organizationWorkOSId}&path=/settings`)
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '', { timeout: 15_000 })
    await expect
      .poll(async () => ((await mainApi('/auth')).body as { organizationWorkOSId: string }).organizationWorkOSId, { timeout: 15_000 })
      .toBe(deskworks.organizationWorkOSId)
    await expect.poll(() => recorded.readyCount, { timeout: 15_000 }).toBeGreaterThan(readyBeforeSwitch)
    await page.waitForLoadState('load')
    expect(page.url()).toBe(`${HARNESS_ORIGIN}/settings`)
    expect(recorded.focusCount).toBeGreaterThan(0)

    // Malformed deep links are refused as they arrive: the renderer is sent nothing (the only way a
    // link navigates) and the window is not raised, so nothing navigates and the organization stays.
    const before = page.url()
    const focused = recorded.focusCount
    for (const bad of [
      'pagecrew://open?orgid=org_x&path=/etc/passwd',
      'pagecrew://open?orgid=../../x&path=/settings',
      'pagecrew://evil?path=/settings',
      'javascript:alert(1)',
      `pagecrew://open?orgid=${deskworks.organizationWorkOSId}&path=/settings&next=https://example.com`
    ]) {
      expect(desktop.core.deepLinks.handleUrl(bad), bad).toBe(false)
    }
    expect(recorded.focusCount).toBe(focused)
    expect(page.url()).toBe(before)

    // Back in Harbor (where the unread welcome is), marking it read lowers the tray count.
    await page.goto(`${HARNESS_ORIGIN}/dashboard`)
    desktop.core.deepLinks.handleUrl(`pagecrew://open?orgid=${(await harborId())}&path=/dashboard`)
    await expect.poll(() => getByTestId('dashboard-organization').textContent(), { timeout: 15_000 }).toContain('Harbor')
    await getByTestId('notification-bell').first().click()
    await getByTestId('notification-item').first().click()
    await expect.poll(() => recorded.trayCounts.at(-1), { timeout: 10_000 }).toBe(0)
    expect(recorded.badgeCounts.at(-1)).toBe(0)
  })

  it('uploads a team image through the bridge and shows it through main on the app origin', async () => {
    const { page } = desktop
    const me = (await mainApi('/user')).body as { id: string; fullName: string }
    // The page sends the multipart request through window.pagecrew, as the team dialog does.
    const created = await page.evaluate(
      async ({ fields, png }) => {
        const bridge = (window as unknown as { pagecrew: { request(r: unknown): Promise<{ status: number; body: unknown }> } }).pagecrew
        return bridge.request({
          method: 'POST',
          path: '/team/create',
          multipart: { fields, files: [{ field: 'image', fileName: 'crew.png', contentType: 'image/png', data: new Uint8Array(png) }] }
        })
      },
      {
        fields: toTeamFormFields({ name: 'Deck crew', members: [me.id], teamLeaders: [me.id], requireTag: false, aISettingTemplateId: null }),
        png: [...TINY_PNG]
      }
    )
    expect(created.status).toBe(200)
    const team = created.body as { previewURL: string }
    expect(team.previewURL).toMatch(/^\/api\/team\/image\//)

    await page.goto(`${HARNESS_ORIGIN}/settings/organization?section=teams`)
    const image = page.getByTestId('team-card-Deck crew').getByTestId('team-card-image')
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBe(2)
    expect(await context().cookies()).toEqual([])
  })

  it('refuses IPC from an untrusted sender and invalid payloads', async () => {
    await expect(desktop.core.ipc['api:request']('https://evil.example/', { method: 'GET', path: '/user' })).rejects.toThrow()
    await expect(desktop.core.ipc['api:request'](`${HARNESS_ORIGIN}/`, { method: 'GET', path: '//evil.example/x' })).rejects.toThrow()
    await expect(desktop.core.ipc['shell:open-external'](`${HARNESS_ORIGIN}/`, 'file:///etc/passwd')).rejects.toThrow()
    expect(desktop.recorded.externalUrls).toEqual([])
  })

  it('connects LinkedIn through the system browser and a loopback redirect to main', async () => {
    const { page, recorded } = desktop
    await page.goto(`${HARNESS_ORIGIN}/settings`)
    await page.getByRole('button', { name: 'Connect LinkedIn' }).click()
    await page.getByTestId('linkedin-waiting').waitFor()
    await expect.poll(() => recorded.externalUrls.length).toBe(1)
    const authorize = new URL(recorded.externalUrls[0]!)
    expect(authorize.pathname).toBe('/api/linkedin/sandbox/authorize')
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')

    // The system browser: a profile of its own, without Pagecrew's session.
    const systemBrowser = await browser.newContext()
    const tab = await systemBrowser.newPage()
    await tab.goto(authorize.toString())
    await tab.getByRole('button', { name: 'Allow' }).click()
    await tab.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/)
    expect(await tab.locator('body').innerText()).toContain('You can close this tab.')
    await systemBrowser.close()

    // Main hands code and state to the app, which completes the connection with main's session.
    await expect.poll(() => page.getByTestId('linkedin-status').textContent(), { timeout: 15_000 }).toMatch(/connected/i)
    const user = (await mainApi('/user')).body as { isLinkedInConnected: boolean; linkedInExpireAt: string }
    expect(user.isLinkedInConnected).toBe(true)
    expect(Date.parse(user.linkedInExpireAt)).toBeGreaterThan(Date.now() + 59 * 86_400_000)
    expect(recorded.focusCount).toBeGreaterThan(0)
    expect(await context().cookies()).toEqual([])
  })

  it('opens the API reference at the server’s own address in the system browser (the window is not served by the server)', async () => {
    const { page, recorded } = desktop
    const before = recorded.externalUrls.length
    await page.goto(`${HARNESS_ORIGIN}/settings/organization?section=api`)
    await page.getByTestId('api-reference-link').first().click()
    await expect.poll(() => recorded.externalUrls.length).toBe(before + 1)
    const opened = recorded.externalUrls.at(-1)!
    expect(opened).toBe(`${server.url}/api/v1/reference`)
    // What the system browser finds there: the reference page, no session needed.
    const reference = await fetch(opened)
    expect(reference.status).toBe(200)
    expect(await reference.text()).toContain('<title>Pagecrew API reference</title>')
    // The app's own window stayed where it was.
    expect(new URL(page.url()).origin).toBe(HARNESS_ORIGIN)
  })

  it('opens every deep-linkable screen of the route registry from a pagecrew://open link', async () => {
    const { page } = desktop
    const currentOrganization = async () => ((await mainApi('/auth')).body as { organizationWorkOSId: string }).organizationWorkOSId
    const user = (await mainApi('/user')).body as { organizations: { organizationWorkOSId: string }[] }
    const before = await currentOrganization()
    const other = user.organizations.find((o) => o.organizationWorkOSId !== before)!.organizationWorkOSId
    const landsOn = async (path: DeepLinkPath) => {
      await page.waitForURL((url) => url.pathname === addressOf(path) && url.search === '', { timeout: 15_000 })
      await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 15_000 }).toBe(routeTitle(addressOf(path)))
      await SCREEN_MARKS[path](page).waitFor({ timeout: 15_000 })
    }

    // DESIGN.md §1's example: the link switches organization and opens the plan.
    await page.goto(`${HARNESS_ORIGIN}/dashboard`)
    await page.getByTestId('dashboard-organization').waitFor()
    expect(desktop.core.deepLinks.handleUrl(`pagecrew://open?orgid=${other}&path=/schedule`)).toBe(true)
    await landsOn('/schedule')
    await expect.poll(currentOrganization, { timeout: 15_000 }).toBe(other)

    expect(DEEP_LINK_PATHS).toContain('/schedule')
    // Each link leaves the screen the previous one opened; the last one ended on /schedule.
    for (const path of [...DEEP_LINK_PATHS.filter((p) => p !== '/schedule'), '/schedule' as const]) {
      expect(desktop.core.deepLinks.handleUrl(`pagecrew://open?orgid=${other}&path=${addressOf(path)}`), path).toBe(true)
      await landsOn(path)
    }
  })
})

describe('desktop harness: Collaborate (issue 13)', () => {
  it('raises the tray count when a colleague asks the desktop user for feedback; the OS notification opens the review', async () => {
    const { page, recorded } = desktop
    const me = (await mainApi('/user')).body as { id: string; organizations: { unreadNotificationCount: number }[] }
    const unreadTotal = async () => ((await mainApi('/user')).body as typeof me).organizations.reduce((sum, o) => sum + o.unreadNotificationCount, 0)

    // A colleague joins the desktop user's organization (a new organization is on a trial, which
    // holds REVIEW_FLOW): invited through main, accepted through the API with an account of their own.
    const invited = await desktop.core.api.request({ method: 'POST', path: '/members/invite', body: { email: 'cole@desk.example', role: 'MEMBER' } })
    expect(invited.status).toBe(200)
    const token = new URL((invited.body as { joinUrl: string }).joinUrl).searchParams.get('token')
    const accepted = await fetch(`${server.url}/api/join/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pagecrew-client': 'e2e' },
      body: JSON.stringify({ token, fullName: 'Cole Colleague', password: PASSWORD })
    })
    expect(accepted.status).toBe(200)
    const headers = { 'content-type': 'application/json', 'x-pagecrew-client': 'e2e', cookie: accepted.headers.getSetCookie()[0]!.split(';')[0]! }

    // Whatever joining told the desktop user is counted first: the next rise is the request's.
    const before = await unreadTotal()
    await expect.poll(() => recorded.trayCounts.at(-1), { timeout: 10_000 }).toBe(before)
    const notificationsBefore = recorded.notifications.length

    const post = await fetch(`${server.url}/api/posts/create`, { method: 'POST', headers, body: JSON.stringify({ text: 'Our harbour tour opens on Monday.', type: 'textOnly' }) })
    expect(post.status).toBe(200)
    const postId = ((await post.json()) as { id: string }).id
    const asked = await fetch(`${server.url}/api/review/request`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ postId, reviewerIds: [me.id], priority: 'URGENT', message: 'Is the date right?' })
    })
    expect(asked.status).toBe(200)

    // The unread watcher's next poll: the tray and badge count one more, one OS notification says so.
    await expect.poll(() => recorded.trayCounts.at(-1), { timeout: 10_000 }).toBe(before + 1)
    expect(recorded.badgeCounts.at(-1)).toBe(before + 1)
    await expect.poll(() => recorded.notifications.length, { timeout: 10_000 }).toBe(notificationsBefore + 1)
    const shown = recorded.notifications.at(-1)!
    expect(shown.title).toBe('Feedback requested 💬')
    expect(shown.body).toContain('Cole Colleague asks for your feedback')

    // Clicking it raises the window and opens the post's review on /collaborate.
    const focused = recorded.focusCount
    shown.click()
    await page.waitForURL((url) => url.pathname === '/collaborate' && url.searchParams.get('postId') === postId, { timeout: 15_000 })
    expect(recorded.focusCount).toBe(focused + 1)
    await SCREEN_MARKS['/collaborate'](page).waitFor({ timeout: 15_000 })
    expect(await context().cookies()).toEqual([])
  })
})

async function harborId(): Promise<string> {
  const user = (await mainApi('/user')).body as { organizations: { name: string; organizationWorkOSId: string }[] }
  return user.organizations.find((o) => o.name === 'Harbor')!.organizationWorkOSId
}
