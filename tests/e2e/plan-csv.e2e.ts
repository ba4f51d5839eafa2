import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { PLAN_IMPORT_COLUMNS } from '../../src/shared/api/contract'
import { expandCalendar, type CompactCalendar } from '../../src/shared/domain/compactCalendar'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { EXPORT_HEADER } from '../../src/server/services/planCsv'
import { PASSWORD, signUpAndOnboard } from './support/flows'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const DAY = 86_400_000
const headers = { 'x-pagecrew-client': 'e2e' }

async function join(email: string, fullName: string, admin: BrowserContext) {
  const outbox = (await (await admin.request.get(`${server.url}/api/members/outbox`)).json()) as { to: string; joinUrl: string | null }[]
  const link = outbox.find((m) => m.to === email)?.joinUrl
  if (!link) throw new Error(`No join link for ${email}`)
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(link)
  await page.getByTestId('join-full-name').fill(fullName)
  await page.getByTestId('join-password').fill(PASSWORD)
  await page.getByTestId('join-submit').click()
  await page.waitForURL('**/dashboard')
  await context.close()
}

/** 'YYYY-MM-DD' `days` from now (UTC; two days ahead or more is inside the window in every zone). */
const dayAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

describe('the plan as CSV, end to end in Chromium', () => {
  it('previews a file of 30 slots with two bad rows, imports the corrected file, and exports the Plan', async () => {
    const admin = await browser.newContext()
    const page = await admin.newPage()
    await signUpAndOnboard(page, server.url, 'ana@csv.example', 'CSV Planners', 'Ana Admin')
    expect((await admin.request.post(`${server.url}/api/members/invite`, { headers, data: { email: 'bo@csv.example', role: 'MEMBER' } })).status()).toBe(200)
    await join('bo@csv.example', 'Bo Writer', admin)
    const members = (await (await admin.request.get(`${server.url}/api/members/list`)).json()) as { members: { id: string; email: string }[] }
    const bo = members.members.find((m) => m.email === 'bo@csv.example')!
    expect(
      (await admin.request.post(`${server.url}/api/postTag/create`, { headers, data: { tagTitle: 'Launch', tagColor: '#0f6cbd', assignedUsers: [bo.id] } })).status()
    ).toBe(200)

    // 30 slots over the next month, alternating Bo (with the Launch tag) and Ana.
    const rows = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? ['bo@csv.example', dayAhead(2 + i), '09:00', 'UTC', 'Launch', '', 'images', 'Engineers', `Idea ${i + 1}, with a comma`] : ['ana@csv.example', dayAhead(2 + i), '14:30', 'UTC', '', '', '', '', `Idea ${i + 1}`]
    )
    const toCsv = (records: string[][]) =>
      [Object.values(PLAN_IMPORT_COLUMNS), ...records].map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n')
    const broken = rows.map((r) => [...r])
    broken[4]![2] = '09:10' // line 6: not a quarter hour
    broken[9]![0] = 'nobody@csv.example' // line 11: not a member

    await page.goto(`${server.url}/schedule`)
    await page.getByTestId('schedule-month').waitFor()
    await page.getByTestId('schedule-import').click()
    const dialog = page.getByTestId('plan-import-dialog')
    await dialog.waitFor()
    const submit = page.getByTestId('plan-import-submit')
    expect(await submit.isDisabled()).toBe(true)

    const input = page.getByTestId('plan-import-file-input')
    await input.setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(broken)) })
    await expect.poll(() => page.getByTestId('plan-import-summary').textContent()).toBe('2 rows need fixing. Fix them in the file and choose it again.')
    expect(await page.getByTestId('plan-import-row-6').textContent()).toContain('Time: Choose a time on the quarter hour (00:00 to 23:45).')
    expect(await page.getByTestId('plan-import-row-11').textContent()).toContain('Member email: One of the chosen members is not an active member of your organization.')
    expect(await page.getByTestId('plan-import-row-2').textContent()).not.toContain('Choose')
    expect(await submit.isDisabled()).toBe(true)

    // The corrected file previews again and imports.
    await input.setInputFiles({ name: 'plan-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(rows)) })
    await expect.poll(() => page.getByTestId('plan-import-summary').textContent()).toBe('30 rows are ready to import.')
    expect(await submit.textContent()).toBe('Import 30 slots')
    await submit.click()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByTestId('toast').textContent()).toContain('30 slots imported ✅')

    const from = new Date()
    const to = new Date(from.getTime() + 99 * DAY)
    const calendar = expandCalendar((await (await admin.request.get(`${server.url}/api/schedule/calendar?from=${from.toISOString()}&to=${to.toISOString()}`)).json()) as CompactCalendar)
    expect(calendar.slots).toHaveLength(30)
    const first = calendar.slots[0]!
    expect(first).toMatchObject({ assignee: { id: bo.id }, tag: { title: 'Launch' }, postType: 'images', targetAudience: 'Engineers', comment: 'Idea 1, with a comma' })

    // Export: the month on screen with its filters; the file parses to the calendar's slots of that period.
    await page.goto(`${server.url}/schedule?view=month&date=${dayAhead(2)}`)
    await page.getByTestId('schedule-month').waitFor()
    const [request, download] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/schedule/export')),
      page.waitForEvent('download'),
      page.getByTestId('schedule-export').click()
    ])
    expect(download.suggestedFilename()).toMatch(/^pagecrew-plan-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const exported = parse(await readFile((await download.path())!, 'utf8')) as string[][]
    expect(exported[0]).toEqual(EXPORT_HEADER)
    const period = new URL(request.url()).searchParams
    const shown = expandCalendar(
      (await (await admin.request.get(`${server.url}/api/schedule/calendar?from=${period.get('from')}&to=${period.get('to')}`)).json()) as CompactCalendar
    )
    const body = exported.slice(1)
    expect(shown.slots.length).toBeGreaterThan(0)
    expect(body.map((r) => [r[0], r[1], r[10]])).toEqual(
      shown.slots.map((s) => ['Slot', s.assignee.id === bo.id ? 'bo@csv.example' : 'ana@csv.example', s.comment])
    )
    expect(new Set(body.map((r) => r[5]))).toEqual(new Set([period.get('timezone')]))
    await admin.close()
  })
})
