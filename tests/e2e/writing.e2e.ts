import { open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { AssignedSlot, Post } from '../../src/shared/domain'
import { expandCalendar, type CompactCalendar } from '../../src/shared/domain/compactCalendar'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { launchChromium } from './support/browser'
import { RENDERER_DIR } from './support/server'
import { startTestServer } from '../../src/server/testing/harness'
import { encodePng } from '../../src/server/testing/images'
import { recordAlerts, signUpAndOnboard } from './support/flows'

let server: RunningTestServer
let browser: Browser
const bigFile = join(tmpdir(), `pagecrew-e2e-${process.pid}-quarterly-video.mp4`)
const image = join(tmpdir(), `pagecrew-e2e-${process.pid}-team-photo.png`)

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    // The publisher runs in the server as it does in production, polling fast; the test moves the server clock.
    startTestServer({ config: { rendererDir: RENDERER_DIR, publisherIntervalMs: 200 } }),
    launchChromium()
  ])
  // 200 MB + 1 byte without writing 200 MB: a sparse file (Chromium gets its path, not its bytes).
  const handle = await open(bigFile, 'w')
  await handle.truncate(209_715_201)
  await handle.close()
  const png = await open(image, 'w')
  // A 1200×800 photo-sized image: the server makes a 480 px wide thumbnail of it.
  await png.write(encodePng(1200, 800, (x, y) => [x % 256, y % 256, 128, 255]))
  await png.close()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await rm(bigFile, { force: true })
  await rm(image, { force: true })
})

const HOUR = 3_600_000
const DAY = 24 * HOUR
const headers = { 'x-pagecrew-client': 'e2e' }

async function api<T>(context: BrowserContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${server.url}/api${path}`, { method, headers, data })
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

/** A slot for the signed-in user tomorrow at 09:00 UTC (the users of this test live in UTC). */
async function assignSlotToSelf(context: BrowserContext): Promise<AssignedSlot> {
  const me = await api<{ id: string }>(context, 'GET', '/user')
  const tomorrow = new Date(Date.now() + DAY)
  const time = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 9, 0))
  const { slots } = await api<{ slots: AssignedSlot[] }>(context, 'POST', '/schedule/assigned-slots/create', {
    assignedUserId: [me.id],
    time: time.toISOString(),
    comment: 'Share the team photo from the offsite',
    postType: 'images',
    targetAudience: 'Engineering leaders'
  })
  return slots[0]!
}

/** Settings → Connect LinkedIn → the sandbox's authorization page → Allow → back through /callback. */
async function connectLinkedIn(page: Page, start: () => Promise<void>) {
  await start()
  await page.waitForURL(/\/api\/linkedin\/sandbox\/authorize/)
  await page.getByRole('button', { name: 'Allow' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/callback') && !url.pathname.startsWith('/api/'))
  const connection = await api<{ connected: boolean; expiresAt: string }>(page.context(), 'GET', '/linkedin/connection')
  expect(connection.connected).toBe(true)
}

async function postText(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Post text' })
  await box.fill(text)
}

async function waitSaved(page: Page) {
  await expect.poll(() => page.getByTestId('autosave-state').textContent(), { timeout: 15_000 }).toMatch(/^Saved/)
}

async function currentPost(page: Page): Promise<Post> {
  const id = new URL(page.url()).searchParams.get('postId')
  if (!id) throw new Error('the editor has no ?postId= yet')
  return api<Post>(page.context(), 'GET', `/posts/get?postId=${id}`)
}

describe('writing and publishing, end to end in Chromium', () => {
  it('connects LinkedIn, writes an image post into a slot and a poll, previews, publishes on time, marks the slot done and notifies', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' })
    const page = await context.newPage()
    const alerts = recordAlerts(page)
    await signUpAndOnboard(page, server.url, 'ana@writers.example', 'Writers', 'Ana Writer')

    // Not connected yet: the banner says so and links to the profile settings.
    await expect.poll(() => page.getByTestId('banner-linkedin-missing').textContent()).toContain('You need to connect to LinkedIn.')
    await page.goto(`${server.url}/settings`)
    await connectLinkedIn(page, () => page.getByRole('button', { name: 'Connect LinkedIn' }).click())
    await expect.poll(() => page.getByTestId('linkedin-status').textContent()).toMatch(/connected/i)
    await page.getByTestId('banner-linkedin-missing').waitFor({ state: 'detached' })
    const user = await api<{ isLinkedInConnected: boolean; linkedInExpireAt: string }>(context, 'GET', '/user')
    expect(user.isLinkedInConnected).toBe(true)
    expect(Date.parse(user.linkedInExpireAt) - Date.now()).toBeGreaterThan(59 * DAY)

    // An image post written for an assigned slot.
    const slot = await assignSlotToSelf(context)
    await page.goto(`${server.url}/content/write-post?slotId=${slot.id}`)
    await expect.poll(() => page.getByTestId('write-post-slot').textContent()).toContain('Share the team photo from the offsite')
    await postText(page, 'Our team at the offsite. #teamwork')
    expect(await page.getByTestId('post-char-count').textContent()).toContain('34')
    await page.getByRole('radio', { name: 'Add image' }).click()

    // Over 200 MB: the alert names the file, nothing is uploaded.
    await page.getByTestId('media-uploader').locator('input[type=file]').setInputFiles(bigFile)
    await expect.poll(() => alerts).toContain(`${bigFile.split('/').pop()} is too big!`)
    await page.getByTestId('media-uploader').locator('input[type=file]').setInputFiles(image)
    const thumbnail = page.getByTestId('media-uploader').getByRole('img', { name: /team-photo\.png/ })
    await thumbnail.waitFor({ timeout: 15_000 })
    // The tile shows the server's thumbnail (480 px wide), not the 1200 px original.
    expect(await thumbnail.getAttribute('src')).toContain('/thumbnail')
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480)

    // The preview shows the post as LinkedIn would, at desktop and mobile widths.
    const desktopPreview = page.getByRole('region', { name: 'Post preview (desktop)' })
    await expect.poll(() => desktopPreview.textContent()).toContain('Our team at the offsite.')
    expect(await desktopPreview.getByRole('img').count()).toBeGreaterThan(0)
    await page.getByRole('radio', { name: /mobile/i }).click()
    const mobilePreview = page.getByRole('region', { name: 'Post preview (mobile)' })
    await expect.poll(async () => (await mobilePreview.boundingBox())?.width ?? 0).toBeLessThanOrEqual(360)

    // Scheduled into the slot.
    await waitSaved(page)
    await page.getByRole('button', { name: 'Schedule' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule post' })
    await dialog.getByRole('radio', { name: 'Into an assigned slot' }).click()
    await dialog.getByRole('button', { name: 'Schedule post' }).click()
    await expect.poll(() => page.getByTestId('post-status').textContent()).toMatch(/Scheduled for/)
    const scheduled = await currentPost(page)
    expect(scheduled).toMatchObject({ status: 'SCHEDULED', slotId: slot.id, scheduledAt: slot.time, type: 'images' })
    expect(scheduled.media).toHaveLength(1)

    // The Plan shows the post at the slot's time.
    await page.goto(`${server.url}/schedule?view=month&date=${slot.time.slice(0, 10)}`)
    await page.getByTestId(`post-${scheduled.id}`).waitFor()

    // A poll, published as the company page Ana is linked to; reloaded mid-way: autosave kept the text.
    const organization = await api<{ organizationBusinessPages: { id: string; linkedInCompanyName: string }[] }>(context, 'GET', '/organization')
    const companyPage = organization.organizationBusinessPages[0]!
    const me = await api<{ id: string }>(context, 'GET', '/user')
    const linked = await context.request.put(`${server.url}/api/members/update`, { headers, data: { userId: me.id, selectedBusinessPages: [companyPage.id] } })
    expect(linked.status()).toBe(200)
    await page.goto(`${server.url}/content/write-post`)
    await page.getByTestId('post-as').selectOption({ label: companyPage.linkedInCompanyName })
    await page.getByRole('radio', { name: 'Create a poll' }).click()
    await postText(page, 'Which meeting would you cancel first?')
    await page.reload()
    await expect.poll(() => page.getByRole('textbox', { name: 'Post text' }).inputValue()).toBe('Which meeting would you cancel first?')
    await page.getByRole('textbox', { name: 'Poll question' }).fill('Cancel first?')
    await page.getByRole('textbox', { name: 'Option 1' }).fill('Status update')
    await page.getByRole('textbox', { name: 'Option 2' }).fill('Weekly sync')
    await waitSaved(page)
    await expect.poll(() => page.getByRole('region', { name: 'Post preview (desktop)' }).textContent()).toContain('Weekly sync')
    await page.getByRole('button', { name: 'Post now' }).click()
    await page.getByTestId('post-now-dialog').getByRole('button', { name: 'Post now' }).click()
    await expect.poll(() => page.getByTestId('post-status').textContent(), { timeout: 20_000 }).toMatch(/Published/)
    const poll = await currentPost(page)
    expect(poll).toMatchObject({
      status: 'PUBLISHED',
      type: 'poll',
      poll: { question: 'Cancel first?', options: ['Status update', 'Weekly sync'] },
      businessPage: { id: companyPage.id, linkedInCompanyName: companyPage.linkedInCompanyName }
    })
    expect(await page.getByRole('region', { name: 'Post preview (desktop)' }).textContent()).toContain(companyPage.linkedInCompanyName)
    expect(poll.linkedInPostUrn).toMatch(/^urn:li:/)

    // The slot's time comes (server clock): the publisher publishes the image post once.
    server.clock.set(new Date(Date.parse(slot.time) + 60_000))
    await expect
      .poll(async () => (await api<Post>(context, 'GET', `/posts/get?postId=${scheduled.id}`)).status, { timeout: 20_000 })
      .toBe('PUBLISHED')
    const published = await api<Post>(context, 'GET', `/posts/get?postId=${scheduled.id}`)
    expect(published.linkedInPostUrn).toMatch(/^urn:li:/)

    // The slot shows done, and the author was told.
    const calendar = expandCalendar(
      await api<CompactCalendar>(
        context,
        'GET',
        `/schedule/calendar?from=${new Date(Date.parse(slot.time) - HOUR).toISOString()}&to=${new Date(Date.parse(slot.time) + HOUR).toISOString()}`
      )
    )
    expect(calendar.slots.find((s) => s.id === slot.id)).toMatchObject({ status: 'DONE', postId: scheduled.id })
    await page.goto(`${server.url}/schedule?view=month&date=${slot.time.slice(0, 10)}`)
    await expect.poll(() => page.getByTestId(`slot-${slot.id}`).getAttribute('data-status')).toBe('DONE')
    await page.getByTestId('notification-bell').click()
    const item = page.getByTestId('notification-item').filter({ hasText: /published/i }).first()
    await item.waitFor()
    await item.click()
    await page.waitForURL(`**/content/write-post?postId=${scheduled.id}`)
    await expect.poll(() => page.getByTestId('post-status').textContent()).toMatch(/Published/)

    // LinkedIn (the sandbox) has both posts as they were written, the image and the poll included.
    const sandbox = await (await context.request.get(`${server.url}/api/linkedin/sandbox/posts`)).text()
    for (const sent of ['Our team at the offsite.', 'team-photo.png', 'Cancel first?', 'Status update', 'Weekly sync']) expect(sandbox).toContain(sent)
    const [linkedInTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'View on LinkedIn' }).click()])
    await linkedInTab.waitForLoadState()
    expect(linkedInTab.url()).toContain(`/api/linkedin/sandbox/posts/${encodeURIComponent(published.linkedInPostUrn!)}`)
    expect(await linkedInTab.locator('body').innerText()).toContain('Our team at the offsite.')
    await linkedInTab.close()

    // 3,001 characters: the counter says so and the post cannot be scheduled or published.
    await page.goto(`${server.url}/content/write-post`)
    await postText(page, 'a'.repeat(3001))
    await expect.poll(() => page.getByText('A LinkedIn post can have at most 3,000 characters.').count()).toBeGreaterThan(0)
    expect(await page.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Post now' }).isDisabled()).toBe(true)
    await waitSaved(page)
    const long = await currentPost(page)
    expect(long.text).toHaveLength(3001)
    const refused = await context.request.post(`${server.url}/api/posts/publish-now`, { headers, data: { postId: long.id, version: long.version } })
    expect(refused.status()).toBe(400)
    expect(((await refused.json()) as { error: { message: string; fields?: Record<string, string> } }).error.fields?.text).toBe(
      'A LinkedIn post can have at most 3,000 characters.'
    )

    // 61 days on the connection has expired: the banner says so, publishing says so, Reconnect fixes it.
    // (A yearly plan first, so the trial's end does not send everyone to /subscription-expired.)
    await api(context, 'POST', '/billing/checkout', { priceId: 'professional-yearly' })
    // The member keeps using the app (each day's use renews the 30-day session) while the 60-day token ages.
    const connectedAt = Date.parse((await api<{ connectedAt: string }>(context, 'GET', '/linkedin/connection')).connectedAt)
    const moveTo = async (at: Date) => {
      server.clock.set(at)
      await page.clock.setFixedTime(at)
      await api(context, 'GET', '/user')
    }
    await moveTo(new Date(connectedAt + 28 * DAY))
    await moveTo(new Date(connectedAt + 55 * DAY + HOUR))
    await page.goto(`${server.url}/dashboard`)
    await expect
      .poll(() => page.getByTestId('banner-linkedin-expiring').textContent())
      .toContain('Your LinkedIn connection will expire in 5 days. Please reconnect to avoid interruption.')
    await moveTo(new Date(connectedAt + 61 * DAY))
    await page.goto(`${server.url}/dashboard`)
    await expect.poll(() => page.getByTestId('banner-linkedin-expired').textContent()).toContain('You need to reconnect to LinkedIn.')
    await page.goto(`${server.url}/content/write-post`)
    await postText(page, 'Back from the holidays.')
    await waitSaved(page)
    // The editor says it, once (no banner beside it), and Schedule and Post now wait for the connection (the server would refuse them).
    await expect.poll(() => page.getByTestId('post-linkedin-required').textContent()).toContain('You need to reconnect to LinkedIn.')
    expect(await page.getByTestId('banner-linkedin-expired').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Post now' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true)
    await connectLinkedIn(page, () => page.getByTestId('post-linkedin-required').getByRole('button', { name: 'Reconnect' }).click())
    await page.getByTestId('post-linkedin-required').waitFor({ state: 'detached' })
    expect(await page.getByRole('button', { name: 'Post now' }).isDisabled()).toBe(false)
    await context.close()
  })
})
