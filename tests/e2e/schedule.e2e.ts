import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { AssignedSlot } from '../../src/shared/domain'
import { expandCalendar, type CompactCalendar } from '../../src/shared/domain/compactCalendar'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { PASSWORD, pickOptions, signUpAndOnboard } from './support/flows'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const DAY = 86_400_000
const headers = { 'x-pagecrew-client': 'e2e' }

interface MemberRow {
  id: string
  email: string
  fullName: string
}

async function join(email: string, fullName: string, admin: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
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
  return { context, page }
}

/** The organization's slots over the next 100 days, through the API the calendar uses. */
async function slots(context: BrowserContext): Promise<AssignedSlot[]> {
  const from = new Date()
  const to = new Date(from.getTime() + 99 * DAY)
  const res = await context.request.get(`${server.url}/api/schedule/calendar?from=${from.toISOString()}&to=${to.toISOString()}`)
  expect(res.status()).toBe(200)
  return expandCalendar((await res.json()) as CompactCalendar).slots
}

/** The month view around a slot's day (the grid shows the days just before and after that month too). */
async function showMonthOf(page: Page, slot: AssignedSlot) {
  await page.goto(`${server.url}/schedule?view=month&date=${slot.time.slice(0, 10)}`)
  await page.getByTestId(`slot-${slot.id}`).waitFor()
}

async function openAssign(page: Page) {
  await page.getByTestId('schedule-assign').click()
  await page.getByTestId('assign-slot-dialog').waitFor()
}

/** Cancel asks first (spec §4); 'keep' stays in the dialog, otherwise it closes. */
async function cancelAssign(page: Page, answer: 'leave' | 'keep') {
  await page.getByTestId('slot-cancel').click()
  const confirm = page.getByTestId('slot-cancel-confirm')
  await confirm.waitFor()
  expect(await confirm.textContent()).toContain('Are you sure you want to cancel?')
  expect(await confirm.textContent()).toContain('Any unsaved changes will be lost. Do you still want to proceed?')
  await confirm.getByRole('button', { name: answer === 'leave' ? /yes|leave|discard|proceed/i : /no|keep|stay|back/i }).click()
  if (answer === 'leave') await page.getByTestId('assign-slot-dialog').waitFor({ state: 'detached' })
  else await confirm.waitFor({ state: 'detached' })
}

describe('the Plan, end to end in Chromium', () => {
  it('assigns a weekly series to two members with a tag, validates, narrows by page, edits, moves and deletes, and notifies the assignee', async () => {
    const admin = await browser.newContext()
    const page = await admin.newPage()
    await signUpAndOnboard(page, server.url, 'ana@plan.example', 'Planners', 'Ana Admin')
    for (const email of ['bo@plan.example', 'cy@plan.example']) {
      expect((await admin.request.post(`${server.url}/api/members/invite`, { headers, data: { email, role: 'MEMBER' } })).status()).toBe(200)
    }
    const bo = await join('bo@plan.example', 'Bo Writer', admin)
    await join('cy@plan.example', 'Cy Writer', admin)

    // A topic tag for both, and only Bo linked to the organization's business page.
    const list = (await (await admin.request.get(`${server.url}/api/members/list`)).json()) as { members: MemberRow[] }
    const idOf = (email: string) => list.members.find((m) => m.email === email)!.id
    const tag = await admin.request.post(`${server.url}/api/postTag/create`, {
      headers,
      data: { tagTitle: 'Launch', tagColor: '#0f6cbd', tagDescription: 'Product launch', assignedUsers: [idOf('bo@plan.example'), idOf('cy@plan.example')] }
    })
    expect(tag.status()).toBe(200)
    const organization = (await (await admin.request.get(`${server.url}/api/organization`)).json()) as { organizationBusinessPages: { id: string; linkedInCompanyName: string }[] }
    const businessPage = organization.organizationBusinessPages[0]!
    const linked = await admin.request.put(`${server.url}/api/members/update`, {
      headers,
      data: { userId: idOf('bo@plan.example'), selectedBusinessPages: [businessPage.id] }
    })
    expect(linked.status()).toBe(200)

    await page.goto(`${server.url}/schedule`)
    await page.getByTestId('schedule-month').waitFor()

    // The modal: Assign waits for a member; the tag picker waits for one too.
    await openAssign(page)
    const assign = page.getByTestId('slot-assign')
    expect(await assign.isDisabled()).toBe(true)
    const dateInput = page.getByTestId('slot-date')
    const tomorrow = await dateInput.getAttribute('min')
    expect(await dateInput.inputValue()).toBe(tomorrow)
    expect(await page.getByTestId('slot-time').locator('option').count()).toBe(96)
    expect(await page.getByTestId('slot-tag').locator('input').isDisabled()).toBe(true)

    // Choosing the page narrows the members to those linked to it: Bo, and Ana, who named it at onboarding.
    await pickOptions(page, 'slot-pages', [businessPage.linkedInCompanyName])
    await page.getByTestId('slot-members').click()
    const options = page.locator('.fui-TagPickerList').getByRole('option')
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringContaining('Ana Admin'), expect.stringContaining('Bo Writer')])
    await page.keyboard.press('Escape')
    await cancelAssign(page, 'leave')

    // Two members, weekly ×4, the Launch tag.
    await openAssign(page)
    await pickOptions(page, 'slot-members', ['Bo Writer', 'Cy Writer'])
    expect(await assign.isDisabled()).toBe(false)
    // A day outside the window is refused before sending.
    await dateInput.fill('2020-01-01')
    await dateInput.blur()
    await expect.poll(() => page.getByText('Choose a day from tomorrow to 90 days ahead.').count()).toBeGreaterThan(0)
    expect(await assign.isDisabled()).toBe(true)
    await dateInput.fill(tomorrow!)
    await page.getByTestId('slot-time').selectOption('10:30')
    await pickOptions(page, 'slot-tag', ['Launch'])
    await page.getByTestId('slot-repeat').click()
    await page.getByTestId('slot-repeat-count').selectOption('4')
    await page.getByTestId('slot-audience').fill('Engineering leaders')
    await page.getByTestId('slot-idea').fill('What we learned shipping the new planner')
    // Cancel, then keep editing: nothing is lost.
    await cancelAssign(page, 'keep')
    expect(await page.getByTestId('slot-idea').inputValue()).toBe('What we learned shipping the new planner')
    const created = page.waitForResponse((r) => r.url().includes('/api/schedule/assigned-slots/create'))
    await assign.click()
    expect((await created).status()).toBe(200)
    await page.getByTestId('assign-slot-dialog').waitFor({ state: 'detached' })

    let all = await slots(admin)
    expect(all).toHaveLength(8)
    expect(new Set(all.map((s) => s.seriesId)).size).toBe(1)
    expect(all.filter((s) => s.assignee.fullName === 'Bo Writer')).toHaveLength(4)
    expect(all.every((s) => s.tag?.title === 'Launch' && s.recurrence?.count === 4 && s.targetAudience === 'Engineering leaders')).toBe(true)
    const boSlots = all.filter((s) => s.assignee.fullName === 'Bo Writer').sort((a, b) => a.time.localeCompare(b.time))
    expect(Date.parse(boSlots[1]!.time) - Date.parse(boSlots[0]!.time)).toBeGreaterThanOrEqual(7 * DAY - 3_600_000)

    // Bo sees a notification and his slots on the calendar.
    await showMonthOf(bo.page, boSlots[0]!)
    const user = (await (await bo.context.request.get(`${server.url}/api/user`)).json()) as { organizations: { unreadNotificationCount: number }[] }
    expect(user.organizations[0]!.unreadNotificationCount).toBeGreaterThanOrEqual(1)
    // The bell lists it; clicking it opens the slot on the Plan.
    await expect.poll(() => bo.page.getByTestId('notification-unread-count').textContent()).toMatch(/[1-9]/)
    await bo.page.getByTestId('notification-bell').click()
    const item = bo.page.getByTestId('notification-item').filter({ hasText: /slot/i }).first()
    await item.waitFor()
    await item.click()
    await bo.page.getByTestId('edit-slot-dialog').waitFor()
    expect(bo.page.url()).toContain('/schedule')
    await bo.page.getByTestId('slot-cancel').click()
    await bo.page.getByTestId('edit-slot-dialog').waitFor({ state: 'detached' })

    // A MEMBER assigns only to himself: Bo is preselected and locked.
    await openAssign(bo.page)
    await expect.poll(() => bo.page.getByTestId('slot-members').textContent()).toContain('Bo Writer')
    expect(await bo.page.getByText('You can assign slots to yourself only.').count()).toBe(1)
    const boCreate = bo.page.waitForResponse((r) => r.url().includes('/api/schedule/assigned-slots/create'))
    await bo.page.getByTestId('slot-assign').click()
    expect((await boCreate).status()).toBe(200)
    const refused = await bo.context.request.post(`${server.url}/api/schedule/assigned-slots/create`, {
      headers,
      data: { assignedUserId: [idOf('cy@plan.example')], time: boSlots[0]!.time }
    })
    expect(refused.status()).toBe(403)

    // Edit one occurrence of the series: Cy's first slot gets another idea.
    const cySlots = all.filter((s) => s.assignee.fullName === 'Cy Writer').sort((a, b) => a.time.localeCompare(b.time))
    await showMonthOf(page, cySlots[0]!)
    await page.getByTestId(`slot-${cySlots[0]!.id}`).click()
    const edit = page.getByTestId('edit-slot-dialog')
    await edit.waitFor()
    await edit.getByTestId('slot-idea').fill('A customer story instead')
    await edit.getByTestId('slot-scope-one').click()
    await edit.getByTestId('slot-save').click()
    await edit.waitFor({ state: 'detached' })
    all = await slots(admin)
    expect(all.find((s) => s.id === cySlots[0]!.id)!.comment).toBe('A customer story instead')
    expect(all.find((s) => s.id === cySlots[1]!.id)!.comment).toBe('What we learned shipping the new planner')

    // Move one occurrence by dragging it to the next day; the series question comes first.
    const first = cySlots[0]!
    const firstDay = first.time.slice(0, 10)
    const nextDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + DAY).toISOString().slice(0, 10)
    await page.getByTestId(`slot-${first.id}`).dragTo(page.getByTestId(`day-${nextDay}`))
    await page.getByTestId('move-scope-dialog').waitFor()
    await page.getByTestId('move-scope-one').click()
    await expect.poll(async () => (await slots(admin)).find((s) => s.id === first.id)!.time.slice(0, 10)).toBe(nextDay)
    expect((await slots(admin)).find((s) => s.id === cySlots[1]!.id)!.time).toBe(cySlots[1]!.time)

    // Edit and move a series from Cy's second occurrence on: the first stays as it is.
    await showMonthOf(page, cySlots[1]!)
    await page.getByTestId(`slot-${cySlots[1]!.id}`).click()
    await edit.waitFor()
    await edit.getByTestId('slot-audience').fill('Product managers')
    await edit.getByTestId('slot-scope-series').click()
    await edit.getByTestId('slot-save').click()
    await edit.waitFor({ state: 'detached' })
    all = await slots(admin)
    const audienceOf = (id: string) => all.find((s) => s.id === id)!.targetAudience
    expect(cySlots.map((s) => audienceOf(s.id))).toEqual(['Engineering leaders', 'Product managers', 'Product managers', 'Product managers'])

    const secondDay = cySlots[1]!.time.slice(0, 10)
    const dayAfterSecond = new Date(Date.parse(`${secondDay}T00:00:00Z`) + DAY).toISOString().slice(0, 10)
    await page.getByTestId(`slot-${cySlots[1]!.id}`).dragTo(page.getByTestId(`day-${dayAfterSecond}`))
    await page.getByTestId('move-scope-dialog').waitFor()
    await page.getByTestId('move-scope-series').click()
    await expect.poll(async () => (await slots(admin)).find((s) => s.id === cySlots[3]!.id)!.time).toBe(new Date(Date.parse(cySlots[3]!.time) + DAY).toISOString())
    all = await slots(admin)
    expect(all.find((s) => s.id === cySlots[2]!.id)!.time).toBe(new Date(Date.parse(cySlots[2]!.time) + DAY).toISOString())
    expect(all.find((s) => s.id === first.id)!.time.slice(0, 10)).toBe(nextDay)

    // Delete Bo's series from its second occurrence on: the first stays.
    await showMonthOf(page, boSlots[1]!)
    await page.getByTestId(`slot-${boSlots[1]!.id}`).click()
    await edit.waitFor()
    await edit.getByTestId('slot-delete').click()
    const confirmDelete = page.getByTestId('slot-delete-confirm')
    await confirmDelete.waitFor()
    await confirmDelete.getByTestId('slot-delete-scope-series').click()
    await confirmDelete.getByRole('button', { name: /delete/i }).click()
    await expect.poll(async () => (await slots(admin)).filter((s) => s.seriesId === boSlots[0]!.seriesId && s.assignee.fullName === 'Bo Writer').map((s) => s.id)).toEqual([boSlots[0]!.id])

    // Delete one occurrence of Cy's (moved a day later above).
    await showMonthOf(page, (await slots(admin)).find((s) => s.id === cySlots[1]!.id)!)
    await page.getByTestId(`slot-${cySlots[1]!.id}`).click()
    await edit.waitFor()
    await edit.getByTestId('slot-delete').click()
    await confirmDelete.waitFor()
    await confirmDelete.getByTestId('slot-delete-scope-one').click()
    await confirmDelete.getByRole('button', { name: /delete/i }).click()
    await expect.poll(async () => (await slots(admin)).filter((s) => s.assignee.fullName === 'Cy Writer').length).toBe(3)

    await bo.context.close()
    await admin.close()
  }, 180_000)

  it('fits its dialogs to the window (issue 12): Edit slot in a 900 px high window keeps its actions and the series choice in view, Assign at 390 px wide shows every post type', async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await admin.newPage()
    await signUpAndOnboard(page, server.url, 'fit@plan.example', 'Fitters', 'Fay Fitter')
    const me = (await (await admin.request.get(`${server.url}/api/user`)).json()) as { id: string }
    const organization = (await (await admin.request.get(`${server.url}/api/organization`)).json()) as { organizationBusinessPages: { id: string }[] }
    const businessPageId = organization.organizationBusinessPages[0]!.id
    const linked = await admin.request.put(`${server.url}/api/members/update`, { headers, data: { userId: me.id, selectedBusinessPages: [businessPageId] } })
    expect(linked.status()).toBe(200)
    // The tallest edit there is: a business page slot (its tag field too), a weekly series (its repeat row and the scope choice), a long idea.
    const created = await admin.request.post(`${server.url}/api/schedule/assigned-slots/create`, {
      headers,
      data: {
        assignedUserId: [me.id],
        time: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10) + 'T09:00:00.000Z',
        comment: 'A long content idea. '.repeat(20).trim(),
        isBusinessPageSlot: true,
        businessPageId: [businessPageId],
        recurrenceType: 'weekly',
        recurrenceInterval: 1,
        recurrenceCount: 4,
        targetAudience: 'Engineering leaders',
        postType: 'poll'
      }
    })
    expect(created.status()).toBe(200)
    const series = (await slots(admin)).sort((a, b) => a.time.localeCompare(b.time))
    expect(series).toHaveLength(4)

    /** The element is inside the window and nothing covers its middle (a clipped or covered control cannot be used). */
    const usable = (testId: string) =>
      page.getByTestId(testId).evaluate((el) => {
        const r = el.getBoundingClientRect()
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && hit !== null && el.contains(hit)
      })

    await showMonthOf(page, series[1]!)
    await page.getByTestId(`slot-${series[1]!.id}`).click()
    const edit = page.getByTestId('edit-slot-dialog')
    await edit.waitFor()
    const box = (await edit.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(900)
    // The series choice sits with the buttons, in view without scrolling; the fields scroll between the title and them.
    for (const testId of ['slot-scope-one', 'slot-scope-series', 'slot-cancel', 'slot-save']) expect(await usable(testId), testId).toBe(true)
    await edit.getByTestId('slot-idea').scrollIntoViewIfNeeded()
    expect(await usable('slot-idea')).toBe(true)
    expect(await usable('slot-scope-series')).toBe(true)
    expect(await usable('slot-save')).toBe(true)
    await edit.getByTestId('slot-audience').fill('Product managers')
    await edit.getByTestId('slot-scope-series').click()
    await edit.getByTestId('slot-save').click()
    await edit.waitFor({ state: 'detached' })
    expect((await slots(admin)).map((s) => s.targetAudience)).toEqual(['Engineering leaders', 'Product managers', 'Product managers', 'Product managers'])

    // A phone-wide window: the five post types wrap inside the Assign modal.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${server.url}/schedule`)
    await openAssign(page)
    const postTypes = page.getByTestId('slot-post-type')
    await postTypes.scrollIntoViewIfNeeded()
    for (const type of ['textOnly', 'images', 'videos', 'document', 'poll']) expect(await usable(`slot-post-type-${type}`), type).toBe(true)
    const sideways = await page.getByTestId('assign-slot-dialog').evaluate((surface) =>
      [surface, ...surface.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible').length
    )
    expect(sideways).toBe(0)
    await page.getByText('Create a poll').click()
    expect(await page.getByRole('radio', { name: 'Create a poll' }).isChecked()).toBe(true)

    await admin.close()
  }, 120_000)
})
