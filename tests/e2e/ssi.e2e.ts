import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { SsiRecord } from '../../src/shared/domain/ssi'
import { SSI_MESSAGES } from '../../src/shared/domain/ssi'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { PASSWORD, signUpAndOnboard } from './support/flows'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const DAY = 24 * 60 * 60_000
const headers = { 'x-pagecrew-client': 'e2e' }
/** Room for a loaded machine: every wait ends as soon as what it waits for shows. */
const WAIT = { timeout: 20_000 }

async function api<T>(context: BrowserContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${server.url}/api${path}`, { method, headers, data })
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

const history = async (context: BrowserContext) => (await api<{ records: SsiRecord[] }>(context, 'GET', '/user/ssi/history')).records

/** The badge's tooltip: the band marked as the user's. */
async function markedBand(page: Page): Promise<string> {
  await page.getByTestId('ssi-badge').first().hover()
  const marked = page.getByRole('tooltip').locator('li[data-current]')
  await marked.waitFor(WAIT)
  const text = (await marked.textContent()) ?? ''
  await page.mouse.move(0, 0)
  return text
}

async function recordThroughDialog(page: Page, score: string, pillars: string[] = []) {
  const dialog = page.getByTestId('ssi-dialog')
  await dialog.waitFor(WAIT)
  await page.getByTestId('ssi-score').fill(score)
  const keys = ['brand', 'people', 'insights', 'relationships']
  for (const [i, value] of pillars.entries()) await page.getByTestId(`ssi-${keys[i]}`).fill(value)
  await page.getByTestId('ssi-save').click()
}

describe('the Social Selling Index (issue 15)', () => {
  it('a user records SSI from the badge and from Settings; the badge, its band and the history chart follow; bad input saves nothing; a team leader sees the team trend', async () => {
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' })
    const page = await context.newPage()
    await signUpAndOnboard(page, server.url, 'ssi-admin@example.com', 'Selling Co', 'Sally Seller')
    await expect.poll(() => page.getByTestId('ssi-badge').first().textContent(), WAIT).toBe('SSI –')

    // Bad input: the field's message, and nothing saved.
    await page.getByTestId('ssi-badge').first().click()
    await recordThroughDialog(page, '120')
    await page.getByTestId('ssi-dialog').getByText(SSI_MESSAGES.scoreInvalid).waitFor(WAIT)
    expect(await history(context)).toEqual([])

    // 52 with its pillars: the badge shows it in the 46-60 band.
    await recordThroughDialog(page, '52', ['13', '12', '14', '13'])
    await page.getByTestId('toast').getByText('Your Social Selling Index of 52 is saved.').waitFor(WAIT)
    await page.getByTestId('ssi-dialog').waitFor({ state: 'detached', ...WAIT })
    await expect.poll(() => page.getByTestId('ssi-badge').first().textContent(), WAIT).toBe('SSI 52')
    expect(await markedBand(page)).toBe('46-60 ← you')
    expect((await history(context)).map((r) => [r.score, r.brand, r.people, r.insights, r.relationships])).toEqual([[52, 13, 12, 14, 13]])

    // A day later, from Settings: 61 moves the badge to 61-75 and the chart has two points.
    server.clock.advance(DAY)
    await page.goto(`${server.url}/settings`)
    await page.getByTestId('ssi-latest').getByText('SSI 52').waitFor(WAIT)
    await page.getByTestId('ssi-record').click()
    await recordThroughDialog(page, '61')
    await page.getByTestId('ssi-dialog').waitFor({ state: 'detached', ...WAIT })
    await page.getByTestId('ssi-latest').getByText('SSI 61').waitFor(WAIT)
    const chart = page.getByTestId('ssi-history-chart')
    await expect.poll(() => chart.getAttribute('data-points'), WAIT).toBe('2')
    await chart.locator('svg').first().waitFor(WAIT)
    await page.getByTestId('ssi-table-toggle').click()
    expect(await page.getByTestId('ssi-history-row').allTextContents()).toHaveLength(2)
    await expect.poll(() => page.getByTestId('ssi-badge').first().textContent(), WAIT).toBe('SSI 61')
    expect(await markedBand(page)).toBe('61-75 ← you')

    // The reminder's link opens the dialog.
    await page.goto(`${server.url}/settings?ssi=1`)
    await page.getByTestId('ssi-dialog').waitFor(WAIT)
    await page.getByTestId('ssi-cancel').click()
    await page.getByTestId('ssi-dialog').waitFor({ state: 'detached', ...WAIT })

    // A team leader sees the Team SSI trend with their team's line.
    const { joinUrl } = await api<{ joinUrl: string }>(context, 'POST', '/members/invite', { email: 'ssi-leader@example.com', role: 'MEMBER' })
    const leaderContext = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' })
    await api(leaderContext, 'POST', '/join/accept', { token: new URL(joinUrl).searchParams.get('token'), fullName: 'Lena Leader', password: PASSWORD })
    const leader = await api<{ id: string }>(leaderContext, 'GET', '/user')
    const me = await api<{ id: string }>(context, 'GET', '/user')
    const created = await context.request.post(`${server.url}/api/team/create`, {
      headers,
      multipart: { name: 'Closers', members: JSON.stringify([leader.id, me.id]), teamLeaders: JSON.stringify([leader.id]) }
    })
    expect(created.status(), await created.text()).toBe(200)
    await api(leaderContext, 'PUT', '/user/ssi', { score: 44 })

    const leaderPage = await leaderContext.newPage()
    await leaderPage.goto(`${server.url}/team`)
    const card = leaderPage.getByTestId('ssi-trend-card')
    await card.getByText('Team SSI trend').waitFor(WAIT)
    await expect.poll(() => card.getByTestId('ssi-trend-chart').getAttribute('data-lines'), WAIT).toBe('1')
    await card.getByTestId('ssi-trend-chart').locator('svg').first().waitFor(WAIT)
    await card.getByTestId('ssi-trend-table-toggle').click()
    // This month: Sally's 61 and Lena's 44.
    expect((await card.getByTestId('ssi-trend-row').allTextContents()).map((row) => row.replace(/\s+/g, ' '))).toEqual([expect.stringMatching(/^Closers.*52\.5.*2$/)])

    await leaderContext.close()
    await context.close()
  })
})
