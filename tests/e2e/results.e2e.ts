import { parse } from 'csv-parse/sync'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { AnalyticsPostRow, AssignedSlot, Post } from '../../src/shared/domain'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { signUpAndOnboard } from './support/flows'
import { useServerAndBrowser } from './support/suite'
import { apiClient, type SignedIn } from './support/api'

let server: RunningTestServer
let browser: Browser

// The job runner runs in the server as in production — the publisher and the metrics job —
// polling fast; the test moves the server clock to the metrics' reading times.
useServerAndBrowser((running) => ({ server, browser } = running), { config: { publisherIntervalMs: 200, metricsIntervalMs: 200 } })

const HOUR = 3_600_000
const DAY = 24 * HOUR
const { headers, api, join, connectLinkedIn } = apiClient(() => ({ server, browser }))
/** Room for a loaded machine: every wait ends as soon as what it waits for shows. */
const WAIT = { timeout: 20_000 }
/** The viewer lives in Tokyo (the browser and the profile): never UTC's day and hour. */
const ZONE = 'Asia/Tokyo'
const LOCALE = 'en-GB'

interface Person extends SignedIn {
  id: string
}

/** A member who joined in a Tokyo browser, with a monthly target. */
async function joinWithTarget(admin: BrowserContext, fullName: string, email: string, numberOfPosts: number): Promise<Person> {
  const member = await join(admin, fullName, email, { timezoneId: ZONE, locale: LOCALE })
  await api(admin, 'PUT', '/members/update', { userId: member.id, numberOfPosts })
  return member
}

async function createTeam(admin: BrowserContext, name: string, members: string[], leaders: string[]): Promise<string> {
  const res = await admin.request.post(`${server.url}/api/team/create`, {
    headers,
    multipart: { name, members: JSON.stringify(members), teamLeaders: JSON.stringify(leaders) }
  })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

/** A text post sent with Post now: the running publisher publishes it through the sandbox. */
async function publish(person: Person, text: string): Promise<Post> {
  const draft = await api<Post>(person.context, 'POST', '/posts/create', { text, type: 'textOnly' })
  await api(person.context, 'POST', '/posts/publish-now', { postId: draft.id, version: draft.version })
  await expect.poll(async () => (await api<Post>(person.context, 'GET', `/posts/get?postId=${draft.id}`)).status, WAIT).toBe('PUBLISHED')
  return api<Post>(person.context, 'GET', `/posts/get?postId=${draft.id}`)
}

/** The server's own view of the posts' metrics, to wait for the metrics job (the screens are what is asserted). */
async function readings(admin: BrowserContext): Promise<AnalyticsPostRow[]> {
  const from = new Date(Date.now() - 7 * DAY).toISOString()
  const to = new Date(Date.now() + DAY).toISOString()
  const { rows } = await api<{ rows: AnalyticsPostRow[] }>(admin, 'GET', `/analytics/posts?from=${from}&to=${to}&timezone=${encodeURIComponent(ZONE)}`)
  return rows
}

/** '12,345' → 12345. */
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

/** The posts table's columns: the post (its type and tag under it), the author (the page under them), published, impressions, … */
const COLUMN = { post: 0, author: 1, published: 2, impressions: 3 } as const

/** The posts table's rows as the viewer reads them: post id → its cells' text, by COLUMN. */
async function tableRows(page: Page): Promise<Map<string, string[]>> {
  const rows = page.getByTestId('analytics-posts').locator('[role=row][data-testid^="analytics-post-"]')
  const out = new Map<string, string[]>()
  for (const row of await rows.all()) {
    const id = (await row.getAttribute('data-testid'))!.slice('analytics-post-'.length)
    out.set(id, await row.getByRole('cell').allInnerTexts())
  }
  return out
}

/** The CSV as csv-parse reads it (RFC 4180), one array of fields per record. */
const parseCsv = (text: string) => parse(text) as string[][]

const inZone = (iso: string, options: Intl.DateTimeFormatOptions, timeZone: string) => new Intl.DateTimeFormat(LOCALE, { ...options, timeZone }).format(new Date(iso))
const clockTime = (iso: string, timeZone: string) => inZone(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, timeZone)

describe('Results, end to end in Chromium (issue 14)', () => {
  it('gains metrics as the server clock moves, shows them in Analytics in the viewer’s zone with charts and a CSV export, ranks two teams fairly and links the dashboard’s cards', async () => {
    // Setup: Ana the admin (in Tokyo) signs up on the trial. Crowd is Ana, Cal (its leader) and Dan (targets
    // 2, 2 and 1); Solo is Sam alone (target 1). Ana publishes two posts, Sam one: Crowd publishes more
    // but reaches 2 of 5, Solo 1 of 1 — Solo ranks first.
    const adminContext = await browser.newContext({ timezoneId: ZONE, locale: LOCALE })
    const adminPage = await adminContext.newPage()
    await signUpAndOnboard(adminPage, server.url, 'ana@results.example', 'Results', 'Ana Admin')
    await api(adminContext, 'PUT', '/user/update-user-details', { timezone: ZONE })
    const ana: Person = { id: (await api<{ id: string }>(adminContext, 'GET', '/user')).id, context: adminContext, page: adminPage }
    await api(adminContext, 'PUT', '/members/update', { userId: ana.id, numberOfPosts: 2 })
    const sam = await joinWithTarget(adminContext, 'Sam Solo', 'sam@results.example', 1)
    const cal = await joinWithTarget(adminContext, 'Cal Crowd', 'cal@results.example', 2)
    const dan = await joinWithTarget(adminContext, 'Dan Crowd', 'dan@results.example', 1)
    const crowd = await createTeam(adminContext, 'Crowd', [ana.id, cal.id, dan.id], [cal.id])
    const solo = await createTeam(adminContext, 'Solo', [sam.id], [sam.id])
    await Promise.all([cal.context.close(), dan.context.close()])

    await connectLinkedIn(ana)
    await connectLinkedIn(sam)
    const first = await publish(ana, 'Our spring launch in three charts.')
    const second = await publish(ana, 'What we learned shipping weekly for a year.')
    const third = await publish(sam, 'Five habits of teams that write together.')
    const published = [first, second, third]
    // Nothing read yet: the table says the figures are waiting for LinkedIn.
    await adminPage.goto(`${server.url}/analytics`)
    await expect.poll(() => adminPage.getByTestId('analytics-metrics-status').allInnerTexts(), WAIT).toEqual(['Waiting for LinkedIn', 'Waiting for LinkedIn', 'Waiting for LinkedIn'])

    // An hour later (server clock) the metrics job reads the sandbox's figures.
    server.clock.advance(HOUR + 60_000)
    await expect.poll(async () => (await readings(adminContext)).filter((r) => r.metricsStatus === 'ok').length, WAIT).toBe(3)
    await adminPage.reload()
    await adminPage.getByTestId(`analytics-post-${third.id}`).waitFor(WAIT)
    const early = await tableRows(adminPage)
    expect([...early.keys()].sort()).toEqual(published.map((p) => p.id).sort())
    for (const post of published) {
      const cells = early.get(post.id)!
      expect(cells[COLUMN.post]!.split('\n')[0]).toBe(post.text)
      expect(cells[COLUMN.post]).toContain('Text')
      expect(cells[COLUMN.author]!.split('\n')[0]).toBe(post.id === third.id ? 'Sam Solo' : 'Ana Admin')
      expect(count(cells[COLUMN.impressions]!), `impressions of “${post.text}”`).toBeGreaterThan(0)
      // Published: Tokyo's day and time, not UTC's (nine hours apart).
      expect(cells[COLUMN.published]).toContain(clockTime(post.publishedAt!, ZONE))
      expect(cells[COLUMN.published]).not.toContain(clockTime(post.publishedAt!, 'UTC'))
      expect(cells[COLUMN.published]).toContain(inZone(post.publishedAt!, { day: 'numeric', month: 'short' }, ZONE))
    }

    // Six hours after publishing the next reading is higher: the reloaded table shows it.
    server.clock.advance(5 * HOUR)
    const before = new Map([...early].map(([id, cells]) => [id, count(cells[COLUMN.impressions]!)]))
    await expect
      .poll(async () => (await readings(adminContext)).every((r) => r.impressions !== null && r.impressions > before.get(r.postId)!), WAIT)
      .toBe(true)
    await adminPage.reload()
    await expect.poll(async () => count((await tableRows(adminPage)).get(first.id)?.[COLUMN.impressions] ?? null), WAIT).toBeGreaterThan(before.get(first.id)!)
    const later = await tableRows(adminPage)
    for (const post of published) expect(count(later.get(post.id)![COLUMN.impressions]!)).toBeGreaterThan(before.get(post.id)!)
    // At 1440 × 900 the posts table fits its column: no sideways scrolling (issue 26).
    await adminPage.setViewportSize({ width: 1440, height: 900 })
    const table = adminPage.getByTestId('analytics-posts')
    await expect
      .poll(() => table.evaluate((el) => el.scrollWidth - el.clientWidth), WAIT)
      .toBeLessThanOrEqual(1)
    const totalImpressions = [...later.values()].reduce((sum, cells) => sum + count(cells[COLUMN.impressions]!), 0)
    await expect.poll(() => adminPage.getByTestId('analytics-total-impressions').textContent()).toBe(totalImpressions.toLocaleString(LOCALE))

    // The charts render, each with its summary and its figures as a table for screen readers.
    const charts = adminPage.getByTestId('analytics-charts')
    await charts.waitFor(WAIT)
    for (const chart of ['chart-days', 'chart-types', 'chart-heatmap']) {
      await expect.poll(() => adminPage.getByTestId(chart).locator('svg').count(), WAIT).toBeGreaterThan(0)
    }
    expect(await adminPage.getByTestId('chart-days-summary').textContent()).toContain(`${totalImpressions.toLocaleString(LOCALE)} impressions`)
    const typesTable = adminPage.getByTestId('chart-types-table')
    expect(await typesTable.getByRole('row').filter({ hasText: 'Text' }).getByRole('cell').allInnerTexts()).toEqual(['3', totalImpressions.toLocaleString(LOCALE), expect.stringMatching(/%$/)])
    // The best weekday × hour is counted in the viewer's zone, and says so.
    expect(await adminPage.getByTestId('chart-heatmap-summary').textContent()).toContain(`in ${ZONE}.`)
    const heatmapRows = await adminPage.getByTestId('chart-heatmap-table').locator('tbody th').allInnerTexts()
    const tokyoSlot = (iso: string) => `${inZone(iso, { weekday: 'long' }, ZONE)} ${inZone(iso, { hour: '2-digit', hourCycle: 'h23' }, ZONE)}:00`
    for (const post of published) expect(heatmapRows).toContain(tokyoSlot(post.publishedAt!))
    // The day table's day is Tokyo's.
    const dayRows = await adminPage.getByTestId('chart-days-table').locator('tbody th').allInnerTexts()
    expect(dayRows).toContain(inZone(first.publishedAt!, { day: 'numeric', month: 'short' }, ZONE))

    // Export CSV downloads the posts table; it parses to the header and a row per post, with the table's figures.
    const [download] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByTestId('analytics-export').click()])
    expect(download.suggestedFilename()).toMatch(/^pagecrew-analytics-posts-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = parseCsv(await readFile((await download.path())!, 'utf8')).filter((record) => record.some((field) => field !== ''))
    const [header, ...records] = csv
    expect(header).toEqual(['Post ID', 'Published at', 'Author', 'Business page', 'Type', 'Topic tag', 'Impressions', 'Members reached', 'Reactions', 'Comments', 'Reshares', 'Clicks', 'Engagement rate', 'Metrics', 'LinkedIn URL', 'Text'])
    expect(records.map((r) => r[0]).sort()).toEqual(published.map((p) => p.id).sort())
    for (const record of records) {
      const post = published.find((p) => p.id === record[0])!
      expect(Number(record[6])).toBe(count(later.get(post.id)![COLUMN.impressions]!))
      // The viewer's zone's offset, the same instant (to the second, as the export writes it).
      expect(record[1]).toMatch(/\+09:00$/)
      expect(Date.parse(record[1]!)).toBe(Math.floor(Date.parse(post.publishedAt!) / 1000) * 1000)
      expect(record[13]).toBe('ok')
      expect(record[15]).toBe(post.text)
    }

    // Back to today (the screens' month is the browser's): the readings stay.
    server.clock.set(new Date())

    // Team effort: both teams against their targets, the smaller team first by share of target reached.
    await adminPage.goto(`${server.url}/team`)
    const leaderboard = adminPage.getByTestId('leaderboard')
    await expect.poll(() => leaderboard.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-testid'))), WAIT).toEqual([`leaderboard-${solo}`, `leaderboard-${crowd}`])
    expect(await adminPage.getByTestId(`leaderboard-${solo}`).innerText()).toMatch(/^1\.[\s\S]*Solo[\s\S]*1 \/ 1 · 100%/)
    expect(await adminPage.getByTestId(`leaderboard-${crowd}`).innerText()).toMatch(/^2\.[\s\S]*Crowd[\s\S]*2 \/ 5 · 40%/)
    expect(await adminPage.getByTestId(`effort-team-${solo}`).getByTestId('effort-team-rank').textContent()).toBe('#1')
    expect(await adminPage.getByTestId(`effort-team-${solo}`).getByTestId('effort-team-totals').textContent()).toBe('1 / 1 posts · 100% of target')
    expect(await adminPage.getByTestId(`effort-team-${crowd}`).getByTestId('effort-team-rank').textContent()).toBe('#2')
    expect(await adminPage.getByTestId(`effort-team-${crowd}`).getByTestId('effort-team-totals').textContent()).toBe('2 / 5 posts · 40% of target')
    const crowdCard = adminPage.getByTestId(`effort-team-${crowd}`)
    expect(await crowdCard.getByTestId(`effort-member-${ana.id}`).getByTestId('effort-published').first().innerText()).toMatch(/^2\s*\/\s*2/)
    expect(await crowdCard.getByTestId(`effort-member-${cal.id}`).getByTestId('effort-published').first().innerText()).toMatch(/^0\s*\/\s*2/)
    expect(await adminPage.getByTestId(`effort-team-${solo}`).getByTestId(`effort-member-${sam.id}`).getByTestId('effort-published').first().innerText()).toMatch(/^1\s*\/\s*1/)

    // The dashboard: a slot for Ana in two days (10:00 in Tokyo, past Tokyo's tomorrow), and Sam asks her for feedback on a draft.
    const inTwoDays = new Date(Date.now() + 2 * DAY)
    const { slots } = await api<{ slots: AssignedSlot[] }>(adminContext, 'POST', '/schedule/assigned-slots/create', {
      assignedUserId: [ana.id],
      time: new Date(Date.UTC(inTwoDays.getUTCFullYear(), inTwoDays.getUTCMonth(), inTwoDays.getUTCDate(), 1, 0)).toISOString(),
      comment: 'Share the launch numbers',
      postType: 'textOnly'
    })
    const slot = slots[0]!
    const draft = await api<Post>(sam.context, 'POST', '/posts/create', { text: 'A draft for Ana to read first.', type: 'textOnly' })
    await api(sam.context, 'POST', '/review/request', { postId: draft.id, reviewerIds: [ana.id], message: 'Does this read well?' })

    const openDashboard = async () => {
      await adminPage.goto(`${server.url}/dashboard`)
      await adminPage.getByTestId('dashboard-my-month').waitFor(WAIT)
    }
    await openDashboard()
    await expect.poll(() => adminPage.getByTestId('my-month-published').textContent(), WAIT).toBe('2 of 2 posts')
    expect(await adminPage.getByTestId('team-rank').textContent()).toBe('#2 of 2')
    const lastPosts = adminPage.getByTestId('last-post')
    expect(await lastPosts.count()).toBe(2)
    for (const text of await lastPosts.allInnerTexts()) expect(count(text.match(/([\d,]+) impressions/)?.[1] ?? null)).toBeGreaterThan(0)

    // Next slot → the editor for that slot.
    await adminPage.getByTestId('next-slot-write').first().click()
    await adminPage.waitForURL(`**/content/write-post?slotId=${slot.id}`)
    await expect.poll(() => adminPage.getByTestId('write-post-slot').textContent(), WAIT).toContain('Share the launch numbers')

    // My month → Team effort.
    await openDashboard()
    await adminPage.getByTestId('dashboard-my-month').getByRole('link', { name: 'See Team effort' }).click()
    await adminPage.waitForURL('**/team')
    await adminPage.getByTestId('leaderboard').waitFor(WAIT)

    // A last post → its results in Analytics; the card's footer → Analytics.
    await openDashboard()
    await adminPage.getByTestId('dashboard-last-posts').getByRole('link', { name: second.text }).click()
    await adminPage.waitForURL(`**/analytics?postId=${second.id}`)
    await adminPage.getByRole('dialog').waitFor(WAIT)
    await expect.poll(() => adminPage.getByRole('dialog').textContent(), WAIT).toContain(second.text)
    await openDashboard()
    await adminPage.getByTestId('dashboard-last-posts').getByRole('link', { name: 'See Analytics' }).click()
    await adminPage.waitForURL('**/analytics')
    await adminPage.getByTestId(`analytics-post-${first.id}`).waitFor(WAIT)

    // Review requests → Collaborate's For my review, with Sam's draft.
    await openDashboard()
    await expect.poll(() => adminPage.getByTestId('reviews-waiting').textContent(), WAIT).toBe('1')
    await adminPage.getByTestId('dashboard-reviews').getByRole('link', { name: 'Open Collaborate' }).click()
    await adminPage.waitForURL('**/collaborate?view=requested')
    await expect.poll(() => adminPage.getByTestId('collaborate-page').textContent(), WAIT).toContain('A draft for Ana to read first.')
  })
})
