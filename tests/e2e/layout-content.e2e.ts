import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Post } from '../../src/shared/domain'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { encodePng } from '../../src/server/testing/images'
import { measureLayout, type Layout } from './support/layout'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const headers = { 'x-pagecrew-client': 'e2e' }
// Sign-up asks for a strong password.
const PASSWORD = 'correct horse battery staple 42'
// A long page name, as real company pages have: the 'Post as' field and the preview header must cope.
const PAGE_NAME = 'Northwind Industrial Automation & Robotics Consulting Group'

async function api<T>(context: BrowserContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${server.url}/api${path}`, { method, headers, data })
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

/** An account with an organization and a company page it may post as, made through the API (the context keeps the cookie). */
async function signUp(context: BrowserContext, email: string) {
  await api(context, 'POST', '/auth/signup', { email, password: PASSWORD, fullName: 'Maximiliana Featherstonehaugh' })
  await api(context, 'POST', '/auth/create-organization', {
    organizationName: 'Northwind',
    linkedInCompanyName: PAGE_NAME,
    linkedInPageLink: 'https://www.linkedin.com/company/northwind',
    linkedInWebsite: 'https://northwind.example',
    industry: 'Manufacturing',
    linkedInCompanyDescription: 'Automation for mid-sized factories.'
  })
  const organization = await api<{ organizationBusinessPages: { id: string }[] }>(context, 'GET', '/organization')
  const me = await api<{ id: string }>(context, 'GET', '/user')
  await api(context, 'PUT', '/members/update', { userId: me.id, selectedBusinessPages: [organization.organizationBusinessPages[0]!.id] })
}

/** 'Send' in the mobile preview: its box inside the preview card's and the viewport's. */
async function sendVisibility(page: Page) {
  const preview = page.getByRole('region', { name: 'Post preview (mobile)' })
  return preview.evaluate((card) => {
    const send = [...card.querySelectorAll('[data-testid="preview-actions"] > *')].find((el) => el.textContent?.trim() === 'Send')
    if (!send) return null
    // The card into view, not Send itself: scrolling to Send would also scroll a card that clips it.
    card.scrollIntoView({ block: 'center' })
    const s = send.getBoundingClientRect()
    const c = card.getBoundingClientRect()
    return {
      send: { left: s.left, right: s.right },
      card: { left: c.left, right: c.right, scrollWidth: card.scrollWidth, clientWidth: card.clientWidth },
      viewport: window.innerWidth,
      // Scrolled out of a sideways-scrolling wrapper also hides it: the point at its centre must be Send's own.
      onTop: (() => {
        const hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2)
        return hit !== null && send.contains(hit)
      })()
    }
  })
}

describe('Create content layout in Chromium', () => {
  it('fits an image post and both previews at 1440 × 900 and 390 × 844: nothing wider than the window, Send fully visible', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1440, height: 900 } })
    await signUp(context, 'max@northwind.example')
    const page = await context.newPage()

    // An image post, posted as the company page.
    await page.goto(`${server.url}/content/write-post`)
    await page.getByTestId('post-as').selectOption({ label: PAGE_NAME })
    await page.getByRole('radio', { name: 'Add image' }).click()
    await page.getByRole('textbox', { name: 'Post text' }).fill('Our new line is running. #automation https://northwind.example/line-4')
    await page
      .getByTestId('media-uploader')
      .locator('input[type=file]')
      .setInputFiles({ name: 'factory-floor-line-4-opening-day.png', mimeType: 'image/png', buffer: encodePng(1200, 800) })
    await page.getByTestId('media-uploader').getByRole('img', { name: /factory-floor/ }).waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByTestId('autosave-state').textContent(), { timeout: 15_000 }).toMatch(/^Saved/)
    const postId = new URL(page.url()).searchParams.get('postId')
    expect((await api<Post>(context, 'GET', `/posts/get?postId=${postId}`)).media).toHaveLength(1)

    const layouts: Record<string, Layout> = {}
    const sends: Record<string, Awaited<ReturnType<typeof sendVisibility>>> = {}
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 }
    ]) {
      const name = `${size.width} × ${size.height}`
      await page.setViewportSize(size)
      await page.goto(`${server.url}/content/write-post?postId=${postId}`)
      await page.getByTestId('media-uploader').getByRole('img', { name: /factory-floor/ }).waitFor()
      await page.getByRole('region', { name: 'Post preview (desktop)' }).getByRole('img').first().waitFor()
      await page.evaluate(() => document.fonts.ready)
      layouts[`${name}, desktop preview`] = await measureLayout(page)

      await page.getByRole('radio', { name: /mobile/i }).click()
      await page.getByRole('region', { name: 'Post preview (mobile)' }).getByRole('img').first().waitFor()
      layouts[`${name}, mobile preview`] = await measureLayout(page)
      sends[name] = await sendVisibility(page)
    }
    // Everything measured before any check, so a failure shows all that overflows.
    console.log(JSON.stringify({ layouts, sends }, null, 1))
    for (const [name, { overflows, sidewaysScrollers, scrollWidth, viewport }] of Object.entries(layouts)) {
      expect(overflows, name).toEqual([])
      expect(sidewaysScrollers, name).toEqual([])
      expect(scrollWidth, name).toBeLessThanOrEqual(viewport)
    }
    for (const [name, send] of Object.entries(sends)) {
      expect(send, `Send in the mobile preview at ${name}`).not.toBeNull()
      expect(send!.send.left, name).toBeGreaterThanOrEqual(send!.card.left)
      expect(send!.send.right, name).toBeLessThanOrEqual(send!.card.right)
      expect(send!.send.right, name).toBeLessThanOrEqual(send!.viewport)
      // Nothing in the card is cut off at its sides.
      expect(send!.card.scrollWidth, name).toBeLessThanOrEqual(send!.card.clientWidth)
      expect(send!.onTop, name).toBe(true)
    }
    await context.close()
  })
})
