import { describe, expect, it } from 'vitest'
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { childBoxes, measureLayout, overlappingPairs, textSpill, type Box, type Layout, type TextSpill } from './support/layout'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const headers = { 'x-pagecrew-client': 'e2e' }
// Sign-up asks for a strong password.
const PASSWORD = 'correct horse battery staple 42'
const DAY = 86_400_000
// Names as long as real ones get: a double-barrelled surname with an unbreakable word in it, and a
// topic tag near its 100-character limit.
const LONG_NAME = 'Maximiliana Alexandrina Featherstonehaugh-Cholmondeley Wolfeschlegelsteinhausenbergerdorff'
const LONG_TAG = 'Quarterly thought leadership on industrial automation, robotics safety and workforce upskilling'
const PAGE_NAME = 'Northwind Industrial Automation & Robotics Consulting Group'
const TEAM_NAME = 'Field Marketing, Demand Generation and Customer Advocacy'

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${server.url}/api${path}`, { method, headers, data })
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

/** Invites someone and accepts the invitation in a context of its own (the admin's cookie stays). */
async function addMember(admin: BrowserContext, email: string, fullName: string): Promise<string> {
  await call(admin.request, 'POST', '/members/invite', { email, role: 'MEMBER' })
  const outbox = await call<{ to: string; joinUrl: string | null }[]>(admin.request, 'GET', '/members/outbox')
  const link = outbox.find((m) => m.to === email)?.joinUrl
  if (!link) throw new Error(`No join link for ${email}`)
  const invitee = await browser.newContext()
  await call(invitee.request, 'POST', '/join/accept', { token: new URL(link).searchParams.get('token'), fullName, password: PASSWORD })
  await call(invitee.request, 'PUT', '/user/update-user-details', { timezone: 'UTC' })
  await invitee.close()
  const { members } = await call<{ members: { id: string; email: string }[] }>(admin.request, 'GET', '/members/list')
  return members.find((m) => m.email === email)!.id
}

/**
 * An organization as a new customer fills it: an admin, a member with a very long name in a team,
 * a topic tag with a very long title, a business page with a business tag, and a weekly series of
 * slots for the long-named member with that tag, all through the API.
 */
async function seed(admin: BrowserContext) {
  await call(admin.request, 'POST', '/auth/signup', { email: 'ana@northwind.example', password: PASSWORD, fullName: 'Ana Admin' })
  await call(admin.request, 'POST', '/auth/create-organization', {
    organizationName: 'Northwind',
    linkedInCompanyName: PAGE_NAME,
    linkedInPageLink: 'https://www.linkedin.com/company/northwind',
    linkedInWebsite: 'https://northwind-industrial-automation-and-robotics.example',
    industry: 'Manufacturing',
    linkedInCompanyDescription: 'Automation for mid-sized factories.'
  })
  await call(admin.request, 'PUT', '/user/update-user-details', { timezone: 'UTC' })
  // A Social Selling Index with its pillars: Settings draws its history.
  await call(admin.request, 'PUT', '/user/ssi', { score: 52, brand: 13, people: 12, insights: 14, relationships: 13 })
  const longId = await addMember(admin, 'maximiliana.featherstonehaugh-cholmondeley@northwind.example', LONG_NAME)
  const boId = await addMember(admin, 'bo@northwind.example', 'Bo Writer')

  const team = await admin.request.post(`${server.url}/api/team/create`, {
    headers,
    multipart: { name: TEAM_NAME, members: JSON.stringify([longId, boId]), teamLeaders: JSON.stringify([longId]) }
  })
  expect(team.status(), await team.text()).toBe(200)
  const tag = await call<{ id: string }>(admin.request, 'POST', '/postTag/create', {
    tagTitle: LONG_TAG,
    tagColor: '#0f6cbd',
    tagDescription: 'Long-form posts for plant managers and operations leaders.',
    assignedUsers: [longId, boId]
  })
  const organization = await call<{ organizationBusinessPages: { id: string }[] }>(admin.request, 'GET', '/organization')
  const pageId = organization.organizationBusinessPages[0]!.id
  await call(admin.request, 'POST', '/businessPostTag', { businessPageId: pageId, title: 'Product announcements and launch recaps', color: '#c50f1f' })

  // Tomorrow at 09:00 UTC, weekly ×4, and one more the same day so days hold several chips.
  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10)
  const first = `${tomorrow}T09:00:00.000Z`
  await call(admin.request, 'POST', '/schedule/assigned-slots/create', {
    assignedUserId: [longId],
    time: first,
    tagId: tag.id,
    comment: 'A walk through the new robot cell, from the night shift’s point of view',
    recurrenceType: 'weekly',
    recurrenceInterval: 1,
    recurrenceCount: 4
  })
  await call(admin.request, 'POST', '/schedule/assigned-slots/create', { assignedUserId: [boId], time: `${tomorrow}T10:30:00.000Z` })

  // A post of the admin's in review by both members (the long name among the reviewers), with a
  // comment on a range of its text and a suggestion, for Collaborate.
  const text = `${LONG_TAG}: what our ${PAGE_NAME} learned this quarter.\n\nRead the recap at https://northwind-industrial-automation-and-robotics.example/insights/quarterly-recap #automation`
  const post = await call<{ id: string }>(admin.request, 'POST', '/posts/create', { text, type: 'textOnly' })
  await call(admin.request, 'POST', '/review/request', {
    postId: post.id,
    reviewerIds: [longId, boId],
    priority: 'URGENT',
    dueAt: new Date(Date.now() + 2 * DAY).toISOString(),
    message: 'Please check the figures and the link before Friday.'
  })
  const quote = 'learned this quarter'
  const start = text.indexOf(quote)
  await call(admin.request, 'POST', '/review/feedback', { postId: post.id, kind: 'COMMENT', text: 'Say which quarter.', anchor: { start, end: start + quote.length, quote } })
  await call(admin.request, 'POST', '/review/feedback', {
    postId: post.id,
    kind: 'SUGGESTION',
    anchor: { start, end: start + quote.length, quote },
    replacement: 'learned in the third quarter of the year'
  })
  // A posting guideline with a long line and a table-free list, read by nobody yet but the admin.
  await call(admin.request, 'PUT', '/organization/guideline/update', {
    guideline: `## Before you post\n\n- Never name a customer without their written yes.\n- Link to https://northwind-industrial-automation-and-robotics.example/brand-guidelines/voice-and-tone-for-employees-on-linkedin for our voice.\n\n${'Write as yourself, not as a press release. '.repeat(12)}`
  })
  return { longId, day: tomorrow, postId: post.id }
}

interface PickerOption {
  text: string
  disabled: boolean
  color: string
  cursor: string
}

/** The open picker's options as they look. */
function pickerOptions(page: Page): Promise<PickerOption[]> {
  return page.locator('.fui-TagPickerList').evaluate((list) =>
    [...list.querySelectorAll('[role="option"]')].map((o) => ({
      text: o.textContent ?? '',
      disabled: o.getAttribute('aria-disabled') === 'true',
      color: getComputedStyle(o).color,
      cursor: getComputedStyle(o).cursor
    }))
  )
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready)
  // No skeleton left: the screen has its data.
  await page.waitForFunction(() => document.querySelector('.fui-Skeleton') === null, undefined, { timeout: 15_000 })
}

describe('Layout in Chromium at 1440 × 900 and 390 × 844', () => {
  it('keeps every screen inside the window and the Plan filters apart, with a very long member name and tag title', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1440, height: 900 } })
    const { longId, day, postId } = await seed(context)
    const page = await context.newPage()

    const screens: { name: string; open: (page: Page) => Promise<void> }[] = [
      {
        name: 'dashboard',
        open: async (p) => {
          await p.goto(`${server.url}/dashboard`)
          await p.getByTestId('dashboard-organization').waitFor()
        }
      },
      ...(['month', 'week', 'list'] as const).map((view) => ({
        name: `plan ${view}`,
        open: async (p: Page) => {
          // The long-named member chosen in the filter: the Member field shows their name.
          await p.goto(`${server.url}/schedule?view=${view}&date=${day}&accountId=${longId}`)
          await p.locator(`[data-testid="schedule-${view}"][data-ready="true"]`).waitFor({ timeout: 30_000 })
          await p.getByText(LONG_NAME).first().waitFor({ state: 'attached' })
        }
      })),
      {
        name: 'collaborate my posts',
        open: async (p) => {
          await p.goto(`${server.url}/collaborate?view=mine`)
          await p.getByTestId('collaborate-row').first().waitFor()
        }
      },
      {
        // The organization is on its trial: the Academy shows what it offers.
        name: 'academy offer',
        open: async (p) => {
          await p.goto(`${server.url}/academy/insights`)
          await p.getByTestId('academy-offer-course').first().waitFor()
        }
      },
      {
        name: 'academy lesson offer',
        open: async (p) => {
          await p.goto(`${server.url}/academy/course/writing-posts-people-read/the-first-two-lines`)
          await p.getByTestId('lesson-offer').waitFor()
        }
      },
      {
        name: 'collaborate review',
        open: async (p) => {
          await p.goto(`${server.url}/collaborate?view=mine&postId=${postId}`)
          await p.getByTestId('feedback-list').waitFor()
          await p.getByTestId('request-reviewers').getByText(LONG_NAME).waitFor()
        }
      },
      {
        name: 'settings',
        open: async (p) => {
          await p.goto(`${server.url}/settings`)
          await p.getByTestId('profile-full-name').waitFor()
          await p.getByTestId('ssi-history-chart').locator('svg').first().waitFor()
          // The figures too: six columns, scrolling inside their own box on a phone.
          await p.getByTestId('ssi-table-toggle').click()
          await p.getByTestId('ssi-history-table').waitFor()
        }
      },
      {
        name: 'organization',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization`)
          await p.getByTestId('organization-tabs').waitFor()
        }
      },
      {
        name: 'organization members',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=members`)
          await p.getByTestId('members-table').getByText(LONG_NAME).waitFor()
        }
      },
      {
        name: 'organization teams',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=teams`)
          await p.getByTestId(`team-card-${TEAM_NAME}`).waitFor()
        }
      },
      {
        name: 'organization teams, new team dialog with its member picker open',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=teams`)
          await p.getByTestId('new-team').click()
          await p.getByTestId('team-dialog').waitFor()
          await p.getByTestId('team-members').click()
          await p.locator('.fui-TagPickerList').getByRole('option').first().waitFor()
        }
      },
      {
        name: 'organization tags, long tag open in the editor',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=tags`)
          // The tag's name selects it, not only its radio.
          await p.getByTestId('topic-tags').getByText(LONG_TAG).click()
          await p.getByTestId('tag-editor').waitFor()
        }
      },
      {
        name: 'organization business pages',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=pages`)
          await p.getByTestId(`business-page-${PAGE_NAME}`).getByText('Product announcements and launch recaps').waitFor()
        }
      },
      {
        name: 'organization posting guideline',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=guideline`)
          await p.getByTestId('guideline-readers').getByText(LONG_NAME).waitFor()
        }
      },
      {
        name: 'posting guideline',
        open: async (p) => {
          await p.goto(`${server.url}/posting-guideline`)
          await p.getByTestId('guideline-text').waitFor()
        }
      },
      {
        // The seed's changes are in it: the long tag title and team name as targets, one line each.
        name: 'organization audit log',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=audit`)
          await p.getByTestId('audit-table').getByTitle(LONG_TAG).first().waitFor()
          await p.getByTestId('audit-table').getByTitle(TEAM_NAME).first().waitFor()
        }
      },
      {
        name: 'organization AI templates',
        open: async (p) => {
          await p.goto(`${server.url}/settings/organization?section=ai`)
          await p.getByTestId('ai-section').waitFor()
        }
      }
    ]

    const layouts: Record<string, Layout> = {}
    const filters: Record<string, { boxes: Box[]; overlaps: [string, string][] }> = {}
    const pickers: Record<string, PickerOption[]> = {}
    const targets: Record<string, TextSpill> = {}
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
        if (screen.name.includes('member picker')) pickers[name] = await pickerOptions(page)
        if (screen.name === 'organization audit log') targets[name] = await textSpill(page, '[data-testid="audit-target"]')
        if (screen.name.startsWith('plan')) {
          if (size.width < 768) {
            // On a phone the filters wait behind their button: the calendar starts in view (issue 26).
            const view = screen.name.slice('plan '.length)
            const top = (await page.getByTestId(`schedule-${view}`).boundingBox())!.y
            expect(top, `${name}: the calendar's top`).toBeLessThan(size.height * 0.6)
            if (view === 'week') {
              // Days keep a readable width and the week scrolls sideways, rather than chips cut to "09" (issue 26).
              const dayWidth = (await page.locator('[data-testid^="week-day-"]').first().boundingBox())!.width
              expect(dayWidth, `${name}: a day column's width`).toBeGreaterThanOrEqual(100)
            }
            await page.getByTestId('schedule-filters-toggle').click()
          }
          const boxes = await childBoxes(page, '[data-testid="schedule-filters"]')
          filters[name] = { boxes, overlaps: overlappingPairs(boxes) }
        }
      }
    }

    // Everything measured before any check, so a failure shows all that overflows.
    const failing = Object.fromEntries(
      Object.entries(layouts).filter(([, l]) => l.overflows.length > 0 || l.sidewaysScrollers.length > 0 || l.scrollWidth > l.viewport)
    )
    if (Object.keys(failing).length > 0) console.log(JSON.stringify(failing, null, 1))
    for (const [name, { overflows, sidewaysScrollers, scrollWidth, viewport }] of Object.entries(layouts)) {
      expect(scrollWidth, name).toBeLessThanOrEqual(viewport)
      expect(overflows, name).toEqual([])
      expect(sidewaysScrollers, name).toEqual([])
    }
    for (const [name, { boxes, overlaps }] of Object.entries(filters)) {
      expect(boxes.length, `${name}: the filter fields`).toBeGreaterThanOrEqual(5)
      expect(overlaps, `${name}: filters that overlap`).toEqual([])
    }
    // The audit log's long targets stay in their cells on one line, cut with an ellipsis, whole in their tooltip.
    expect(Object.keys(targets)).toHaveLength(2)
    for (const [name, { spills, cut, measured }] of Object.entries(targets)) {
      expect(spills, name).toEqual([])
      expect(measured, `${name}: targets measured`).toBeGreaterThanOrEqual(2)
      expect(cut, `${name}: targets cut short`).toBeGreaterThanOrEqual(2)
    }
    // Spec §6: members of another team are disabled in the team picker, and look it, with the reason.
    for (const [name, options] of Object.entries(pickers)) {
      const inTeam = options.filter((o) => o.text.includes(LONG_NAME) || o.text.includes('Bo Writer'))
      const free = options.find((o) => o.text.includes('Ana Admin'))
      expect(inTeam, name).toHaveLength(2)
      expect(free?.disabled, name).toBe(false)
      for (const option of inTeam) {
        expect(option.disabled, `${name}: ${option.text}`).toBe(true)
        expect(option.text, name).toContain(`In ${TEAM_NAME}`)
        expect(option.cursor, name).toBe('not-allowed')
        expect(option.color, name).not.toBe(free?.color)
      }
    }

    // Still at 390 px: a post opened from the keyboard takes the list's place and the focus. The review
    // panel's focus ring is drawn inside its edge, in its padding: not outside it, where the main
    // area's scroll box cuts it off, nor over its cards.
    await page.goto(`${server.url}/collaborate?view=mine`)
    await page.locator('[data-testid="collaborate-row"][tabindex="0"]').focus()
    await page.keyboard.press('Enter')
    const panel = page.getByTestId('review-panel')
    await expect.poll(() => panel.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true)
    const ring = await panel.evaluate((el) => {
      const style = getComputedStyle(el)
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), offset: parseFloat(style.outlineOffset), padding: parseFloat(style.paddingLeft) }
    })
    expect(ring.style).not.toBe('none')
    expect(ring.width).toBeGreaterThan(0)
    expect(ring.offset + ring.width, 'how far the ring reaches outside the panel').toBeLessThanOrEqual(0)
    expect(-ring.offset, 'how far the ring reaches into the panel').toBeLessThanOrEqual(ring.padding)
    await context.close()
  })
})
