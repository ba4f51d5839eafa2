/**
 * The Plan in Chromium (issue 5): a month and the list view with 5,000 slots against an empty
 * calendar drawn in the same run, printed as a table. Needs the build in out/ (`npm run bench`
 * builds first). Never part of `npm test`.
 */
import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { CLIENT_HEADER } from '../../src/shared/api/contract'
import { localDate, zonedInstant } from '../../src/shared/rules/slots'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { signUpAndOnboard } from '../e2e/support/flows'
import { seedMembers } from '../e2e/support/seed'
import { firstBusinessPageId, openPlanAndTime, seedSlots, type PlanTiming } from '../e2e/support/schedule'
import { useServerAndBrowser } from '../e2e/support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const TIME_ZONE = 'America/Los_Angeles'
const SLOTS = 5000
const MEMBERS = 50
const RUNS = 3

interface Viewer {
  context: BrowserContext
  page: Page
  organizationId: string
  userId: string
}

/** A new organization whose admin works in TIME_ZONE, signed in in its own browser context. */
async function newOrganization(email: string, name: string): Promise<Viewer> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await signUpAndOnboard(page, server.url, email, name)
  const settings = await context.request.put(`${server.url}/api/user/update-user-details`, {
    data: { timezone: TIME_ZONE },
    headers: { [CLIENT_HEADER]: 'e2e' }
  })
  expect(settings.status()).toBe(200)
  const organization = (await (await context.request.get(`${server.url}/api/organization`)).json()) as { id: string }
  const user = (await (await context.request.get(`${server.url}/api/user`)).json()) as { id: string }
  return { context, page, organizationId: organization.id, userId: user.id }
}

/** Every day of the month of `anchor` ('yyyy-MM-dd'). */
function daysOfMonth(anchor: string): string[] {
  const [y, m] = anchor.split('-').map(Number) as [number, number]
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return Array.from({ length: count }, (_, i) => `${anchor.slice(0, 7)}-${String(i + 1).padStart(2, '0')}`)
}

/** SLOTS instants spread over the month's days at quarter hours from 08:00 to 17:45 local time. */
function slotTimes(days: readonly string[]): Date[] {
  return Array.from({ length: SLOTS }, (_, i) => {
    const quarter = Math.floor(i / days.length) % 40
    const time = `${String(8 + Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`
    return zonedInstant(days[i % days.length]!, time, TIME_ZONE)
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('Plan calendar benchmark in Chromium', () => {
  it('draws a month with 5,000 slots and the list view’s first rows, against an empty calendar in the same run', async () => {
    const empty = await newOrganization('empty@bench.example', 'Empty Co')
    const busy = await newOrganization('busy@bench.example', 'Busy Co')

    const today = localDate(new Date(), TIME_ZONE)
    const month = daysOfMonth(today)
    const memberIds = await seedMembers(server, busy.organizationId, MEMBERS, 'writer')
    const pageId = await firstBusinessPageId(server, busy.organizationId)
    const seeded = await seedSlots(server, {
      organizationId: busy.organizationId,
      createdById: busy.userId,
      assigneeIds: memberIds,
      times: slotTimes(month),
      businessPage: pageId ? { id: pageId, every: 10 } : undefined,
      tags: 5
    })
    expect(seeded).toBe(SLOTS)

    const monthUrl = `${server.url}/schedule?date=${today}`
    const listUrl = `${server.url}/schedule?view=list&date=${today}`
    type Runs = Record<'month' | 'list', PlanTiming[]>
    const results: Record<'empty' | 'busy', Runs> = { empty: { month: [], list: [] }, busy: { month: [], list: [] } }

    // A first visit of each (scripts into the cache), then measured visits taking turns.
    for (const viewer of [empty, busy]) await openPlanAndTime(viewer.page, monthUrl, 'month')
    for (let run = 0; run < RUNS; run++) {
      for (const [name, viewer] of [['empty', empty], ['busy', busy]] as const) {
        results[name].month.push(await openPlanAndTime(viewer.page, monthUrl, 'month'))
        results[name].list.push(await openPlanAndTime(viewer.page, listUrl, 'list'))
      }
    }

    // The month is all there: 42 days, every seeded slot placed on its day, at most 3 drawn per day.
    await openPlanAndTime(busy.page, monthUrl, 'month')
    const grid = busy.page.getByTestId('schedule-month')
    expect(await grid.getByRole('gridcell').count()).toBe(42)
    const placed = await grid.locator('[role="gridcell"]').evaluateAll((cells) => cells.reduce((sum, c) => sum + Number((c as HTMLElement).dataset.count), 0))
    expect(placed).toBe(SLOTS)
    const monthChips = await grid.locator('[data-slot-id]').count()
    expect(monthChips).toBeLessThanOrEqual(42 * 3)

    // The list: its first rows show, and only a window of rows is in the DOM.
    await openPlanAndTime(busy.page, listUrl, 'list')
    await busy.page.getByTestId('list-row').first().waitFor()
    const listRows = await busy.page.locator('[data-testid="schedule-list-scroller"] [role="listitem"]').count()

    const stat = (runs: PlanTiming[], key: keyof PlanTiming) => median(runs.map((r) => r[key]))
    const table = (['month', 'list'] as const).map((view) => {
      const e = stat(results.empty[view], 'markMs')
      const b = stat(results.busy[view], 'markMs')
      return { view, emptyMs: e, slotsMs: b, ratio: b / e, apiMs: stat(results.busy[view], 'apiMs'), drawMs: stat(results.busy[view], 'drawMs') }
    })
    const cell = (value: number | string, width: number) => String(value).padStart(width)
    console.log(
      [
        `Plan benchmark (Chromium, ${SLOTS.toLocaleString('en')} slots for ${MEMBERS} members in ${today.slice(0, 7)}, ${TIME_ZONE}; median of ${RUNS} visits,`,
        'ms from navigation start to the view drawn with its data; with 5,000 slots also the data request and the drawing after its last byte):',
        '| view  | empty calendar | 5,000 slots | ratio | data request | drawing |',
        '|-------|---------------:|------------:|------:|-------------:|--------:|',
        ...table.map(
          (r) => `| ${r.view.padEnd(5)} | ${cell(r.emptyMs, 14)} | ${cell(r.slotsMs, 11)} | ${cell(r.ratio.toFixed(2), 5)} | ${cell(r.apiMs, 12)} | ${cell(r.drawMs, 7)} |`
        ),
        `month: ${monthChips} slot chips drawn for ${placed} slots placed; list: ${listRows} rows in the DOM`,
        `visits (markMs): ${JSON.stringify({ empty: { month: results.empty.month.map((r) => r.markMs), list: results.empty.list.map((r) => r.markMs) }, busy: { month: results.busy.month.map((r) => r.markMs), list: results.busy.list.map((r) => r.markMs) } })}`
      ].join('\n')
    )

    const [monthRow, listRow] = table
    // Generous bounds: most of a busy month is the server's answer (3.4 MB for 5,000 slots), which
    // varies with the machine's load; the renderer's own share is bounded tighter.
    expect(monthRow!.slotsMs).toBeLessThan(8000)
    expect(monthRow!.drawMs).toBeLessThan(2000)
    expect(listRow!.slotsMs).toBeLessThan(5000)
    expect(listRows).toBeLessThan(200)

    await empty.context.close()
    await busy.context.close()
  })
})
