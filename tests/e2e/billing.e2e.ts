import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { subscriptions } from '../../src/server/db/schema'
import { openAvatarMenu, PASSWORD, signUpAndOnboard } from './support/flows'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const DAY = 86_400_000
const headers = { 'x-pagecrew-client': 'e2e' }
const toastText = (page: Page) => page.getByTestId('toast').last().textContent()
// One toast at a time (spec §2): a new one waits until the one showing is dismissed (5 s).
const TOAST_WAIT = { timeout: 12_000 }

async function inviteByApi(context: BrowserContext, email: string) {
  return context.request.post(`${server.url}/api/members/invite`, { headers, data: { email, role: 'MEMBER' } })
}

async function joinLink(context: BrowserContext, email: string): Promise<string> {
  const res = await context.request.get(`${server.url}/api/members/outbox`)
  const mail = ((await res.json()) as { to: string; joinUrl: string | null }[]).find((m) => m.to === email)
  if (!mail?.joinUrl) throw new Error(`No join link for ${email}`)
  return mail.joinUrl
}

async function usersAndSeats(context: BrowserContext): Promise<{ users: number; seats: number; status: string; minSeats: number }> {
  const res = await context.request.get(`${server.url}/api/billing/subscription`)
  const body = (await res.json()) as { usersCount: number; currentPlan: { availableSeats: number; status: string; minSeats: number } }
  return { users: body.usersCount, seats: body.currentPlan.availableSeats, status: body.currentPlan.status, minSeats: body.currentPlan.minSeats }
}

async function manageSeats(page: Page, quantity: number) {
  await page.getByTestId('billing-manage-seats').click()
  await page.getByTestId('manage-seats-dialog').waitFor()
  await page.getByTestId('manage-seats-quantity').fill(String(quantity))
}

describe('billing, end to end in Chromium', () => {
  it('warns at 7 trial days, expires, buys Professional yearly, changes seats, blocks an over-seat organization and opens the plan dialog on a 402', async () => {
    const realNow = Date.now()
    // The organization signs up 7 days "ago" on the server's clock: 7 of its 14 trial days remain.
    server.clock.set(new Date(realNow - 7 * DAY))
    const admin = await browser.newContext()
    const page = await admin.newPage()
    await signUpAndOnboard(page, server.url, 'olga@billing.example', 'Billing Co', 'Olga Owner')
    server.clock.set(new Date(realNow))

    // Trial banner (spec §2) with its Upgrade plan link to /settings/billing.
    const banner = page.getByText('Your trial will expire in 7 days. Upgrade your plan to continue using all features.')
    await banner.waitFor()
    await page.getByRole('link', { name: 'Upgrade plan' }).click()
    await page.waitForURL('**/settings/billing')
    await expect.poll(() => page.getByTestId('billing-plan-name').textContent()).toContain('Free trial')
    await expect.poll(() => page.getByTestId('billing-seats').textContent()).toMatch(/1\D+5/)

    // Four invitations fill the trial's five seats; the fifth is refused with the spec's message.
    for (const name of ['bo', 'cy', 'di', 'ed']) expect((await inviteByApi(admin, `${name}@billing.example`)).status()).toBe(200)
    await openAvatarMenu(page)
    await page.getByTestId('menu-invite-users').click()
    await page.getByTestId('member-email').fill('fay@billing.example')
    await page.getByTestId('member-submit').click()
    await expect.poll(() => toastText(page), TOAST_WAIT).toContain('Plan seats limit reached')
    // That 402 also opens the plan dialog (spec §4: any 402 dispatches openPlanModal).
    await page.waitForURL('**/subscription-expired')
    await expect.poll(() => page.getByTestId('subscription-expired').getAttribute('data-reason')).toBe('limit')
    await page.getByTestId('plan-dialog').waitFor()
    await page.getByTestId('plan-dialog-close').click()
    await page.getByTestId('plan-dialog').waitFor({ state: 'detached' })

    // Bo joins: a MEMBER for the blocking-dialog check later.
    const member = await browser.newContext()
    const memberPage = await member.newPage()
    await memberPage.goto(await joinLink(admin, 'bo@billing.example'))
    await memberPage.getByTestId('join-full-name').fill('Bo Member')
    await memberPage.getByTestId('join-password').fill(PASSWORD)
    await memberPage.getByTestId('join-submit').click()
    await memberPage.waitForURL('**/dashboard')

    // The trial ends: server and browser clocks move 8 days on; the app sends everyone to /subscription-expired.
    const later = new Date(realNow + 8 * DAY)
    server.clock.set(later)
    await admin.clock.setFixedTime(later)
    await member.clock.setFixedTime(later)
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL('**/subscription-expired')
    await expect.poll(() => page.getByTestId('subscription-expired').getAttribute('data-reason')).toBe('expired')
    expect((await admin.request.get(`${server.url}/api/billing/verify/entitled`)).status()).toBe(200)
    expect(await (await admin.request.get(`${server.url}/api/billing/verify/entitled`)).json()).toEqual([])

    // Choose Professional, yearly: the plan dialog, the confirm step, then active.
    const dialog = page.getByTestId('plan-dialog')
    await dialog.waitFor()
    const yearly = dialog.getByTestId('billing-interval')
    if (!(await yearly.isChecked())) await yearly.check()
    await expect.poll(() => dialog.getByTestId('plan-price-professional').textContent()).toContain('290')
    await expect.poll(() => dialog.getByTestId('plan-price-enterprise').textContent()).not.toMatch(/\d/)
    expect(await dialog.getByTestId('plan-contact-enterprise').count()).toBe(1)
    await dialog.getByTestId('plan-choose-professional').click()
    await expect.poll(() => dialog.getByTestId('checkout-interval').textContent()).toMatch(/year/i)
    expect(await dialog.getByTestId('checkout-seats').inputValue()).toBe('5')
    await dialog.getByTestId('checkout-confirm').click()
    await page.waitForURL('**/dashboard')
    await expect.poll(async () => (await usersAndSeats(admin)).status).toBe('active')
    expect(await usersAndSeats(admin)).toEqual({ users: 5, seats: 5, status: 'active', minSeats: 5 })

    // /settings/billing: the plan, an invoice, and seats raised to 8; Manage billing opens 4 s after the toast.
    await page.goto(`${server.url}/settings/billing`)
    await expect.poll(() => page.getByTestId('billing-plan-name').textContent()).toContain('Professional Seat')
    await expect.poll(() => page.getByTestId('invoices-table').textContent()).toContain('Professional Seat')
    await manageSeats(page, 8)
    expect(await page.getByTestId('seat-removal').count()).toBe(0)
    const popup = admin.waitForEvent('page', { timeout: 15_000 })
    const confirmedAt = Date.now()
    await page.getByTestId('manage-seats-confirm').click()
    await expect.poll(() => toastText(page), TOAST_WAIT).toContain('Seats updated')
    expect(await toastText(page)).toContain('Number of seats has been updated. Check Manage billing to see your changes.')
    const portal = await popup
    expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(3900)
    await portal.waitForLoadState()
    expect(portal.url()).toContain('/api/billing/portal?token=')
    expect(await portal.textContent('body')).toContain('Billing Co')
    await portal.close()
    await expect.poll(async () => (await usersAndSeats(admin)).seats).toBe(8)

    // Three more people (8 users), then seats down to 6: exactly two members must be picked.
    for (const name of ['fay', 'gus', 'hal']) expect((await inviteByApi(admin, `${name}@billing.example`)).status()).toBe(200)
    await page.reload()
    await manageSeats(page, 4)
    await expect.poll(() => page.getByTestId('manage-seats-confirm').isDisabled()).toBe(true) // below the plan's 5 seats
    await page.getByTestId('manage-seats-quantity').fill('6')
    await page.getByTestId('seat-removal').waitFor()
    await expect.poll(() => page.getByTestId('seat-removal-count').textContent()).toMatch(/2/)
    const confirm = page.getByTestId('manage-seats-confirm')
    expect(await confirm.isDisabled()).toBe(true)
    const list = page.getByTestId('seat-removal-list')
    await list.getByRole('checkbox', { name: /gus@billing\.example/ }).check()
    expect(await confirm.isDisabled()).toBe(true)
    await list.getByRole('checkbox', { name: /hal@billing\.example/ }).check()
    expect(await confirm.isDisabled()).toBe(false)
    await confirm.click()
    // Removing people asks first, naming them.
    const removal = page.getByTestId('seat-removal-confirm')
    await removal.waitFor()
    expect(await removal.textContent()).toContain('gus@billing.example')
    await removal.getByRole('button', { name: /remove/i }).click()
    await expect.poll(() => toastText(page), TOAST_WAIT).toContain('Seats updated')
    expect(await usersAndSeats(admin)).toMatchObject({ users: 6, seats: 6 })

    // Over the seat count (the provider lowered seats, e.g. from its portal): Bo, a MEMBER, is blocked
    // without Manage seats; the admin gets Manage seats. The dialog has no close button.
    const org = (await (await admin.request.get(`${server.url}/api/organization`)).json()) as { id: string }
    await server.db.update(subscriptions).set({ availableSeats: 5 }).where(eq(subscriptions.organizationId, org.id))
    await memberPage.goto(`${server.url}/dashboard`)
    const blocking = memberPage.getByTestId('seat-overflow-dialog')
    await blocking.waitFor()
    expect(await blocking.getByTestId('seat-overflow-manage').count()).toBe(0)
    expect(await blocking.getByRole('button', { name: 'Close' }).count()).toBe(0)
    expect(await blocking.textContent()).toMatch(/admin/i)
    await memberPage.keyboard.press('Escape')
    expect(await blocking.isVisible()).toBe(true)

    await page.goto(`${server.url}/dashboard`)
    const adminBlocking = page.getByTestId('seat-overflow-dialog')
    await adminBlocking.waitFor()
    await adminBlocking.getByTestId('seat-overflow-manage').click()
    // The seat form replaces the message inside the same blocking surface.
    await adminBlocking.getByTestId('manage-seats-quantity').fill('6')
    await page.getByTestId('manage-seats-confirm').click()
    await adminBlocking.waitFor({ state: 'detached', timeout: 15_000 })
    // Bo's dialog closes by itself once the count fits, when the organization is fetched again.
    await blocking.getByTestId('seat-overflow-recheck').click()
    await blocking.waitFor({ state: 'detached' })

    // A plan limit: Professional has 3 business pages; the 4th answers 402 and the plan dialog opens.
    for (const name of ['Second', 'Third']) {
      const res = await admin.request.post(`${server.url}/api/organization/business-pages/create`, {
        headers,
        data: { linkedInCompanyName: `${name} page` }
      })
      expect(res.status(), await res.text()).toBe(200)
    }
    await page.goto(`${server.url}/settings/organization?section=pages`)
    await page.getByTestId('new-business-page').click()
    await page.getByTestId('page-name').fill('Fourth page')
    const limited = page.waitForResponse((r) => r.url().includes('/api/organization/business-pages/create'))
    await page.getByTestId('page-save').click()
    expect((await limited).status()).toBe(402)
    await page.waitForURL('**/subscription-expired**')
    await expect.poll(() => page.getByTestId('subscription-expired').getAttribute('data-reason')).toBe('limit')
    await page.getByTestId('plan-dialog').waitFor()
    await expect.poll(() => page.getByTestId('plan-dialog').getByTestId('plan-current-professional').count()).toBe(1)

    await member.close()
    await admin.close()
  }, 180_000)
})
