import { describe, expect, it } from 'vitest'
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { measureLayout, type Layout } from './support/layout'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const headers = { 'x-pagecrew-client': 'e2e' }
const PASSWORD = 'correct horse battery staple 42'
const DAY = 86_400_000
// Names as long as real ones get, one with an unbreakable word.
const LONG_NAME = 'Maximiliana Alexandrina Featherstonehaugh-Cholmondeley Wolfeschlegelsteinhausenbergerdorff'
const LONG_TEAM = 'Field Marketing, Demand Generation and Customer Advocacy'

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${server.url}/api${path}`, { method, headers, data })
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

async function addMember(admin: BrowserContext, email: string, fullName: string, numberOfPosts: number): Promise<string> {
  await call(admin.request, 'POST', '/members/invite', { email, role: 'MEMBER' })
  const outbox = await call<{ to: string; joinUrl: string | null }[]>(admin.request, 'GET', '/members/outbox')
  const link = outbox.find((m) => m.to === email)?.joinUrl
  if (!link) throw new Error(`No join link for ${email}`)
  const invitee = await browser.newContext()
  await call(invitee.request, 'POST', '/join/accept', { token: new URL(link).searchParams.get('token'), fullName, password: PASSWORD })
  await invitee.close()
  const { members } = await call<{ members: { id: string; email: string }[] }>(admin.request, 'GET', '/members/list')
  const id = members.find((m) => m.email === email)!.id
  await call(admin.request, 'PUT', '/members/update', { userId: id, numberOfPosts })
  return id
}

async function createTeam(admin: BrowserContext, name: string, members: string[], leaders: string[]) {
  const res = await admin.request.post(`${server.url}/api/team/create`, {
    headers,
    multipart: { name, members: JSON.stringify(members), teamLeaders: JSON.stringify(leaders) }
  })
  expect(res.status(), await res.text()).toBe(200)
}

/**
 * An organization with two teams against their targets (a long-named member in a long-named team,
 * a member without a target), a member in no team, slots and a draft, all through the API.
 */
async function seed(admin: BrowserContext) {
  await call(admin.request, 'POST', '/auth/signup', { email: 'ana@northwind.example', password: PASSWORD, fullName: 'Ana Admin' })
  await call(admin.request, 'POST', '/auth/create-organization', {
    organizationName: 'Northwind',
    linkedInCompanyName: 'Northwind Industrial Automation & Robotics Consulting Group',
    linkedInPageLink: 'https://www.linkedin.com/company/northwind',
    linkedInWebsite: 'https://northwind.example',
    industry: 'Manufacturing',
    linkedInCompanyDescription: 'Automation for mid-sized factories.'
  })
  await call(admin.request, 'PUT', '/user/update-user-details', { timezone: 'UTC' })
  await call(admin.request, 'PUT', '/user/update-user-org-settings', { data: { assignedNumberOfPosts: 6 } })
  const longId = await addMember(admin, 'max@northwind.example', LONG_NAME, 8)
  const boId = await addMember(admin, 'bo@northwind.example', 'Bo Writer', 0)
  const cyId = await addMember(admin, 'cy@northwind.example', 'Cy Sales', 3)
  await addMember(admin, 'di@northwind.example', 'Di Loner', 2)
  await createTeam(admin, LONG_TEAM, [longId, boId], [longId])
  await createTeam(admin, 'Sales', [cyId], [cyId])
  const anaId = (await call<{ id: string }>(admin.request, 'GET', '/user')).id
  await createTeam(admin, 'Leadership', [anaId], [anaId])
  // Ana's Social Selling Index: the Team SSI trend draws Leadership's line.
  await call(admin.request, 'PUT', '/user/ssi', { score: 52 })

  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10)
  await call(admin.request, 'POST', '/schedule/assigned-slots/create', {
    assignedUserId: [anaId, longId],
    time: `${tomorrow}T09:00:00.000Z`,
    comment: 'A walk through the new robot cell, from the night shift’s point of view, with the numbers from the quarter',
    recurrenceType: 'weekly',
    recurrenceInterval: 1,
    recurrenceCount: 3
  })
  await call(admin.request, 'POST', '/posts/create', {
    text: 'Wolfeschlegelsteinhausenbergerdorff-automation-and-robotics-consulting-insights: what our plant managers learned this quarter, and what comes next.',
    type: 'textOnly'
  })
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready)
  await page.waitForFunction(() => document.querySelector('.fui-Skeleton') === null, undefined, { timeout: 15_000 })
}

describe('Results layout in Chromium at 1440 × 900 and 390 × 844', () => {
  it('keeps Team effort and the dashboard inside the window, with a very long member and team name', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1440, height: 900 } })
    await seed(context)
    const page = await context.newPage()
    const screens: { name: string; open: (page: Page) => Promise<void> }[] = [
      {
        name: 'team effort',
        open: async (p) => {
          await p.goto(`${server.url}/team`)
          await p.getByTestId('leaderboard').getByText(LONG_TEAM).waitFor()
          await p.getByTestId('effort-unassigned').getByText('Di Loner').waitFor()
          await p.getByTestId('ssi-trend-chart').locator('svg').first().waitFor()
        }
      },
      {
        name: 'dashboard',
        open: async (p) => {
          await p.goto(`${server.url}/dashboard`)
          await p.getByTestId('dashboard-organization-month').waitFor()
          await p.getByTestId('next-slot').first().waitFor()
        }
      }
    ]
    const layouts: Record<string, Layout> = {}
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 }
    ]) {
      await page.setViewportSize(size)
      for (const screen of screens) {
        const name = `${screen.name} at ${size.width} × ${size.height}`
        await screen.open(page)
        await settle(page)
        layouts[name] = await measureLayout(page)
      }
    }
    const failing = Object.fromEntries(
      Object.entries(layouts).filter(([, l]) => l.overflows.length > 0 || l.sidewaysScrollers.length > 0 || l.scrollWidth > l.viewport)
    )
    if (Object.keys(failing).length > 0) console.log(JSON.stringify(failing, null, 1))
    for (const [name, { overflows, sidewaysScrollers, scrollWidth, viewport }] of Object.entries(layouts)) {
      expect(scrollWidth, name).toBeLessThanOrEqual(viewport)
      expect(overflows, name).toEqual([])
      expect(sidewaysScrollers, name).toEqual([])
    }

    // At 1920 the dashboard uses the width it is given: not a fixed column with 40 % of the window empty (issue 26).
    await page.setViewportSize({ width: 1920, height: 1080 })
    await screens.find((s) => s.name === 'dashboard')!.open(page)
    await settle(page)
    const share = await page.evaluate(() => {
      const grid = document.querySelector('[data-testid="dashboard"]')!.getBoundingClientRect()
      const main = document.querySelector('main')!
      const style = getComputedStyle(main)
      return grid.width / (main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight))
    })
    expect(share).toBeGreaterThan(0.95)
    await context.close()
  })
})
