import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { encodePng } from '../../src/server/testing/images'
import { openAvatarMenu, PASSWORD, recordAlerts, signUpAndOnboard as onboard, traceOnFailure } from './support/flows'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

async function organizationsOf(context: BrowserContext) {
  const res = await context.request.get(`${server.url}/api/user`)
  expect(res.status()).toBe(200)
  return (await res.json()).organizations as { name: string; organizationWorkOSId: string; unreadNotificationCount: number }[]
}

const signUpAndOnboard = (page: Page, email: string, organizationName: string) => onboard(page, server.url, email, organizationName)

describe('web host, end to end in Chromium', () => {
  it('signs up, onboards, themes, runs two organizations, reads a notification, signs out and in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    await signUpAndOnboard(page, 'ana@acme.example', 'Acme')

    // Dashboard: the organization on a 14-day trial.
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent()).toContain('Acme')
    await expect.poll(() => page.getByTestId('dashboard-plan-status').textContent()).toMatch(/trial/i)
    await expect.poll(() => page.getByTestId('dashboard-trial-days').textContent()).toContain('14')
    await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe('Dashboard')

    // The browser's time zone was stored because the new user had none.
    await expect
      .poll(async () => (await (await context.request.get(`${server.url}/api/user`)).json()).timezone)
      .toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))

    // Theme: Dark survives a reload, stored under 'theme'.
    await openAvatarMenu(page)
    await page.getByTestId('menu-theme').click()
    await page.getByTestId('theme-dark').click()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    const darkBackground = await page.evaluate(() => getComputedStyle(document.querySelector('.fui-FluentProvider')!).backgroundColor)
    await page.reload()
    await page.getByTestId('dashboard-organization').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.fui-FluentProvider')!).backgroundColor)).toBe(darkBackground)
    expect(darkBackground).not.toBe('rgb(255, 255, 255)')

    // A second organization, created from the avatar menu.
    await openAvatarMenu(page)
    await page.getByTestId('create-organization').click()
    await page.getByTestId('create-organization-name').fill('Beta')
    await page.getByTestId('create-organization-submit').click()
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent(), { timeout: 15_000 }).toContain('Beta')

    const organizations = await organizationsOf(context)
    expect(organizations.map((o) => o.name).sort()).toEqual(['Acme', 'Beta'])
    const acme = organizations.find((o) => o.name === 'Acme')!
    const beta = organizations.find((o) => o.name === 'Beta')!

    // Switch back to Acme through the avatar menu: the page reloads into it.
    await openAvatarMenu(page)
    await page.getByTestId('switch-organization').click()
    await page.getByTestId(`switch-organization-${acme.organizationWorkOSId}`).click()
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent(), { timeout: 15_000 }).toContain('Acme')

    // ?orgid= switches to Beta and is then removed from the address.
    await page.goto(`${server.url}/dashboard?orgid=${beta.organizationWorkOSId}`)
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent(), { timeout: 15_000 }).toContain('Beta')
    await expect.poll(() => new URL(page.url()).search).toBe('')

    // Beta's welcome notification: the bell shows it; clicking marks it read and follows its link.
    await expect.poll(() => page.getByTestId('notification-unread-count').first().textContent()).toBe('1')
    // The count stays in sight while the bell has keyboard focus (Fluent lifts a focused button, ring and all):
    // it has a size, is shown, no ancestor clips it, and it is what is drawn at its centre.
    await page.getByTestId('notification-bell').first().focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const badge = await page.getByTestId('notification-unread-count').first().evaluate((count) => {
      const box = count.getBoundingClientRect()
      const { visibility, opacity } = getComputedStyle(count)
      const clippedBy: string[] = []
      for (let el = count.parentElement; el; el = el.parentElement) {
        const r = el.getBoundingClientRect()
        if (getComputedStyle(el).overflow !== 'visible' && (box.left < r.left || box.top < r.top || box.right > r.right || box.bottom > r.bottom)) clippedBy.push(el.tagName)
      }
      // The count lets clicks through to the bell (pointer-events: none): hit-testable for this one look.
      count.style.pointerEvents = 'auto'
      const onTop = count.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2))
      count.style.pointerEvents = ''
      const bellFocused = document.activeElement?.matches('[data-testid="notification-bell"][data-fui-focus-visible]') ?? false
      return { bellFocused, size: box.width > 0 && box.height > 0, shown: visibility === 'visible' && Number(opacity) > 0, clippedBy, onTop }
    })
    expect(badge).toEqual({ bellFocused: true, size: true, shown: true, clippedBy: [], onTop: true })
    await page.getByTestId('notification-bell').first().click()
    const item = page.getByTestId('notification-item').first()
    await expect.poll(() => item.textContent()).toContain('Welcome')
    await item.click()
    await page.waitForURL('**/dashboard')
    await expect.poll(async () => (await organizationsOf(context)).find((o) => o.name === 'Beta')!.unreadNotificationCount).toBe(0)
    await expect.poll(() => page.getByTestId('notification-unread-count').count()).toBe(0)

    // Sign out, a wrong password gets a clear message, then sign in again.
    await openAvatarMenu(page)
    await page.getByTestId('logout').click()
    await page.waitForURL('**/login')
    await page.getByTestId('login-email').fill('ana@acme.example')
    await page.getByTestId('login-password').fill('not the password')
    await page.getByTestId('login-submit').click()
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('Incorrect email or password.')
    await page.getByTestId('login-password').fill(PASSWORD)
    await page.getByTestId('login-submit').click()
    await page.waitForURL('**/dashboard')

    // /login with a valid session goes to /dashboard.
    await page.goto(`${server.url}/login`)
    await page.waitForURL('**/dashboard')

    expect(errors).toEqual([])
    await context.close()
  })

  it('uploads a cropped profile photo in Settings → Profile, shows it in the top bar, and removes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    traceOnFailure(page, 'the profile photo')
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const alerts = recordAlerts(page)
    await signUpAndOnboard(page, 'photo@acme.example', 'Photographers')
    await page.goto(`${server.url}/settings`)

    // A 300 × 200 PNG: opaque, so it goes up as JPEG.
    const png = encodePng(300, 200, (x, y) => [x % 256, y, 128, 255])
    await page.getByTestId('profile-photo-input').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png })
    const dialog = page.getByTestId('photo-crop-dialog')
    await dialog.waitFor()
    const image = page.getByTestId('photo-crop-image')
    const widthOf = () => image.evaluate((img: HTMLImageElement) => img.style.width)
    expect(await widthOf()).toBe('150%')

    // Zoom with the labelled slider from the keyboard, then move the photo with the mouse and an arrow key.
    await dialog.getByRole('slider', { name: 'Zoom' }).focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageUp')
    await expect.poll(widthOf).not.toBe('150%')
    const leftOf = () => image.evaluate((img: HTMLImageElement) => img.style.left)
    const before = await leftOf()
    const frame = (await page.getByTestId('photo-crop-frame').boundingBox())!
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2)
    await page.mouse.down()
    await page.mouse.move(frame.x + frame.width / 2 + 30, frame.y + frame.height / 2, { steps: 3 })
    await page.mouse.up()
    await expect.poll(leftOf).not.toBe(before)
    const dragged = await leftOf()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(leftOf).not.toBe(dragged)

    await page.getByTestId('photo-crop-save').click()
    await dialog.waitFor({ state: 'hidden' })

    // The top bar's avatar shows the uploaded 512 × 512 photo, served by the API.
    const topBarPhoto = page.getByTestId('avatar-menu-button').first().locator('img')
    await expect.poll(() => topBarPhoto.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 15_000 }).toBe(512)
    const user = await (await context.request.get(`${server.url}/api/user`)).json()
    expect(user.image).toMatch(/^\/api\/user\/photo\/[0-9a-f-]{36}\?v=[0-9a-f]{8}$/)
    expect(await topBarPhoto.getAttribute('src')).toBe(user.image)
    const served = await context.request.get(`${server.url}${user.image}`)
    expect(served.headers()['content-type']).toBe('image/jpeg')

    await page.getByTestId('profile-photo-remove').click()
    await page.getByTestId('profile-photo-remove-confirm-confirm').click()
    await expect.poll(() => topBarPhoto.count()).toBe(0)
    expect((await (await context.request.get(`${server.url}/api/user`)).json()).image).toBeNull()
    expect((await context.request.get(`${server.url}${user.image}`)).status()).toBe(404)

    expect(alerts).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens /login, /signup and a protected page signed out without an error in the console', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (e) => errors.push(e.message))
    const sessionChecked = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth')

    for (const [path, field] of [
      ['/login', 'login-email'],
      ['/signup', 'signup-email']
    ] as const) {
      const checked = sessionChecked()
      await page.goto(`${server.url}${path}`)
      await checked
      await page.getByTestId(field).waitFor()
      expect(new URL(page.url()).pathname).toBe(path)
    }
    // A protected page still sends a signed-out visitor to sign-in, quietly too.
    const checked = sessionChecked()
    await page.goto(`${server.url}/dashboard`)
    await checked
    await page.waitForURL('**/login')
    await page.getByTestId('login-email').waitFor()

    expect(errors).toEqual([])
    await context.close()
  })

  it('sends a visitor without a session to sign-in, and renders /validate-certification bare', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL('**/login')

    await page.goto(`${server.url}/validate-certification`)
    await page.getByTestId('certificate-id').fill('CERT-0000')
    await page.getByTestId('certificate-validate').click()
    await expect.poll(() => page.getByTestId('certificate-error').textContent()).toContain('No certificate found with this ID.')
    expect(await page.getByTestId('left-nav').count()).toBe(0)
    expect(page.url()).toContain('/validate-certification')
    await context.close()
  })

  it('collapses the navigation to 60 px, expands it to 250 px, and hides it on small screens', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signUpAndOnboard(page, 'nav@acme.example', 'Navigators')
    const nav = page.getByTestId('left-nav')
    const widthOf = async () => Math.round((await nav.boundingBox())!.width)
    const first = await widthOf()
    expect([60, 250]).toContain(first)
    await page.getByTestId('nav-toggle').click()
    await expect.poll(widthOf).toBe(first === 60 ? 250 : 60)
    await expect.poll(() => page.getByTestId('nav-dashboard').getAttribute('aria-current')).toBe('page')
    // It slides, unless the system asks for reduced motion: then it changes width at once.
    const duration = () => nav.evaluate((element) => getComputedStyle(element).transitionDuration)
    expect(await duration()).not.toBe('0s')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    // At once: the app's reduced-motion rule (app/motionAndContrast.ts) ends every transition in 0.01 ms at most.
    const seconds = (d: string) => Math.max(...d.split(',').map((one) => parseFloat(one) / (one.trim().endsWith('ms') ? 1000 : 1)))
    expect(seconds(await duration())).toBeLessThanOrEqual(0.00001)
    await page.emulateMedia({ reducedMotion: 'no-preference' })

    await page.setViewportSize({ width: 480, height: 800 })
    await expect.poll(() => nav.isVisible()).toBe(false)
    await expect.poll(() => page.getByTestId('mobile-nav-button').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('bottom-bar').isVisible()).toBe(true)
    await context.close()
  })
})
