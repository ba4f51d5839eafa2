import { describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { AssignedSlot, Post } from '../../src/shared/domain'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { apiClient } from './support/api'
import { PASSWORD, signUpAndOnboard, traceOnFailure } from './support/flows'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const { api, join, connectLinkedIn } = apiClient(() => ({ server, browser }))
const WAIT = { timeout: 15_000 }
const DAY = 86_400_000

/** What is focused, for messages: its test id, role and name. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''
    return `<${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? ` data-testid=${el.getAttribute('data-testid')}` : ''}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> “${name}”`
  })
}

/**
 * Checks the focus indicator of what is focused now, and of what was focused before against its
 * unfocused look: the focused element (or, for a text field, the field's frame around it) draws an
 * outline, a box shadow or a pseudo-element border that is not there once focus has moved on — so
 * the indicator is focus's own, not a border it always had. Never on body.
 */
async function checkFocus(page: Page, where: string) {
  const result = await page.evaluate(async () => {
    // Indicators that ease in (a field's underline grows) are read once their transition has ended.
    const easing = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
    await Promise.all(easing.map((a) => a.finished.catch(() => undefined)))
    type W = Window & { __focusLooks?: { el: Element; look: string } }
    const seen = (color: string) => color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent'
    /**
     * The drawing that can say 'focused' on an element, its ::before and ::after, and up to two
     * frames around it (a text field's frame draws its focus): each line says what is drawn and
     * ends in '!' when it shows (an outline, a shadow, or a pseudo-element's border or fill that is
     * neither scaled to nothing nor transparent).
     */
    const look = (el: Element): string => {
      const parts: string[] = []
      let node: Element | null = el
      for (let depth = 0; node && depth < 3; depth++, node = node.parentElement) {
        for (const pseudo of [null, '::before', '::after']) {
          const s = getComputedStyle(node, pseudo)
          if (pseudo && s.content === 'none') continue
          const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && seen(s.outlineColor) ? `outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : ''
          const shadow = s.boxShadow !== 'none' ? `shadow ${s.boxShadow}` : ''
          let drawn = ''
          if (pseudo) {
            const borders = ['top', 'right', 'bottom', 'left']
              .filter((side) => s.getPropertyValue(`border-${side}-style`) !== 'none' && parseFloat(s.getPropertyValue(`border-${side}-width`)) > 0 && seen(s.getPropertyValue(`border-${side}-color`)))
              .map((side) => `${side} ${s.getPropertyValue(`border-${side}-width`)} ${s.getPropertyValue(`border-${side}-color`)}`)
            const fill = [seen(s.backgroundColor) ? `fill ${s.backgroundColor}` : '', s.backgroundImage !== 'none' ? `image ${s.backgroundImage}` : ''].join(' ').trim()
            const flat = /^matrix\(0, 0, 0, [^)]*\)$|^matrix\([^,]+, 0, 0, 0,/.test(s.transform) || s.opacity === '0' || s.visibility === 'hidden'
            if ((borders.length > 0 || fill) && !flat) drawn = `${borders.join(' ')} ${fill}`.trim()
          }
          // A link's own indicator (Fluent's): its underline turns double.
          const decoration = depth === 0 && !pseudo && s.textDecorationLine !== 'none' && s.textDecorationStyle === 'double' ? `decoration ${s.textDecorationStyle} ${s.textDecorationColor}` : ''
          const shows = outline || shadow || drawn || decoration
          parts.push(`${depth}${pseudo ?? ''}: ${[outline, shadow, drawn, decoration].filter(Boolean).join(' | ')}${shows ? ' !' : ''}`)
        }
      }
      return parts.join('\n')
    }
    const w = window as W
    const el = document.activeElement
    const previous = w.__focusLooks
    let previousSame: string | null = null
    if (previous && previous.el !== el && previous.el.isConnected && !previous.el.contains(el) && !(el && el.contains(previous.el))) {
      const now = look(previous.el)
      if (now === previous.look) previousSame = previous.look
    }
    if (!el || el === document.body) return { onBody: true, drawn: false, previousSame, look: '' }
    const current = look(el)
    w.__focusLooks = { el, look: current }
    return { onBody: false, drawn: current.includes(' !'), previousSame, look: current }
  })
  const what = await describeFocus(page)
  expect(result.onBody, `${where}: focus fell to the page's body`).toBe(false)
  expect(result.drawn, `${where}: ${what} shows no focus indicator\n${result.look}`).toBe(true)
  expect(result.previousSame, `${where}: the element focused before ${what} looked the same unfocused`).toBeNull()
}

/** Presses a key, then checks the focus it lands on (visible, not on body). */
async function press(page: Page, key: string, where = key) {
  await page.keyboard.press(key)
  await checkFocus(page, where)
}

/**
 * Tabs (or Shift+Tabs) on until the focused element matches `selector`, as a keyboard user does,
 * checking every stop on the way; fails after `max` stops. Past the page's last (or first) control
 * focus goes to the browser's own controls — the page's body here — once, and comes round again.
 */
async function tabTo(page: Page, selector: string, { back = false, max = 60 } = {}) {
  const stops: string[] = []
  let wrapped = false
  for (let i = 0; i < max; i++) {
    const { matches, atEdge } = await page.evaluate(
      ({ s, back }) => {
        const el = document.activeElement
        const tabbable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
          (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0 && !e.closest('[inert], [aria-hidden="true"]')
        )
        return { matches: el?.matches(s) ?? false, atEdge: el === (back ? tabbable[0] : tabbable.at(-1)) }
      },
      { s: selector, back }
    )
    if (matches) return stops.length
    const key = back ? 'Shift+Tab' : 'Tab'
    if (atEdge && !wrapped) {
      wrapped = true
      await page.keyboard.press(key)
      stops.push('(the browser’s controls)')
      continue
    }
    await press(page, key, `tabbing to ${selector}`)
    stops.push(await describeFocus(page))
  }
  throw new Error(`${selector} not reached in ${max} stops:\n${stops.join('\n')}`)
}

/** Whether the focused element matches. */
const focusIs = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)

/** Waits until focus is on `selector` (a dialog handing it back, a menu taking it), saying where it is instead. */
async function expectFocusOn(page: Page, selector: string, where: string) {
  try {
    await expect.poll(() => focusIs(page, selector), WAIT).toBe(true)
  } catch {
    throw new Error(`${where}: focus is on ${await describeFocus(page)}, not ${selector}`)
  }
  await checkFocus(page, where)
}

/**
 * In an open modal dialog, Tab and Shift+Tab go round its controls and never leave it; returns
 * how many stops it has.
 */
async function expectTabCyclesIn(page: Page, dialogSelector: string) {
  const seen = new Set<string>()
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 14; i++) {
      await press(page, key, `${key} in ${dialogSelector}`)
      expect(await page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, dialogSelector), `${key} left ${dialogSelector}`).toBe(true)
      seen.add(await describeFocus(page))
    }
  }
  return seen.size
}

const TEXT = 'Our spring launch is live. Three new templates help teams plan a month of posts in one afternoon. Try them today.'

describe('keyboard only, in Chromium (issue 29)', () => {
  it('signs in, moves a slot, writes a post for a slot, asks for feedback, schedules it, a reviewer comments on a passage, and the author reads the notification — with visible focus and no trap', async () => {
    // Setup (not the journey): an admin, Kim the author with LinkedIn connected and two slots of her own, Rita a reviewer.
    const adminContext = await browser.newContext({ timezoneId: 'UTC' })
    const adminPage = await adminContext.newPage()
    await signUpAndOnboard(adminPage, server.url, 'ada@keys.example', 'Keys', 'Ada Admin')
    const kim = await join(adminContext, 'Kim Keyboard', 'kim@keys.example')
    const rita = await join(adminContext, 'Rita Reviewer', 'rita@keys.example', { timezoneId: 'UTC', reducedMotion: 'reduce' })
    await connectLinkedIn(kim)
    // Two days ahead, at 09:00 and 15:00 UTC, both days in the same month view (a month's last days move to the next month's).
    let ahead = new Date(Date.now() + 2 * DAY)
    if (ahead.getUTCDate() > 24) ahead = new Date(Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth() + 1, 2))
    const day = ahead.toISOString().slice(0, 10)
    const at = (hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`).toISOString()
    const create = async (hour: number, comment: string) =>
      (await api<{ slots: AssignedSlot[] }>(kim.context, 'POST', '/schedule/assigned-slots/create', { assignedUserId: [kim.id], time: at(hour), comment, postType: 'textOnly' })).slots[0]!
    const writeSlot = await create(9, 'The spring launch')
    const moveSlot = await create(15, 'A customer story')
    await kim.context.close()

    // The journey, keyboard only, in a browser Kim has not signed in to.
    // Reduced motion: each focus indicator is read in its final look at once instead of after its
    // transition (the other test proves that setting stops transitions and nothing else).
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' })
    const page = await context.newPage()
    traceOnFailure(page, 'Kim')
    const started = Date.now()

    // Sign in.
    await page.goto(`${server.url}/login`)
    await page.getByTestId('login-email').waitFor()
    await tabTo(page, '[data-testid="login-email"]')
    await page.keyboard.type('kim@keys.example')
    await tabTo(page, '[data-testid="login-password"]')
    await page.keyboard.type(PASSWORD)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/dashboard', WAIT)
    await page.locator('a[href="/schedule"]').first().waitFor(WAIT)

    // The Plan from the navigation.
    await tabTo(page, 'a[href="/schedule"]')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid="schedule-month"][data-ready="true"]').waitFor(WAIT)
    await checkFocus(page, 'the Plan opened')

    // The month grid: one tab stop, arrows between days.
    await tabTo(page, '[data-day-button]')
    const firstDay = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.dayButton!)
    await press(page, 'ArrowRight', 'a day on')
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.dayButton)).not.toBe(firstDay)
    await press(page, 'ArrowLeft', 'a day back')
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.dayButton)).toBe(firstDay)

    // Drag-to-move by keyboard: Space picks the 15:00 slot up, → a day on, Enter drops it; focus follows it.
    await tabTo(page, `[data-slot-id="${moveSlot.id}"]`)
    await press(page, ' ', 'picked up')
    expect(await page.getByTestId(`slot-${moveSlot.id}`).getAttribute('data-lifted')).toBe('true')
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10)
    await press(page, 'ArrowRight', 'to the next day')
    expect(await page.getByTestId(`day-${nextDay}`).getAttribute('data-drop-target')).toBe('true')
    await expect.poll(() => page.getByTestId('keyboard-move-announcement').textContent()).toMatch(/Enter drops the slot here\.$/)
    await page.keyboard.press('Enter')
    await page.getByTestId(`day-${nextDay}`).locator(`[data-slot-id="${moveSlot.id}"]`).waitFor(WAIT)
    await expect.poll(() => focusIs(page, `[data-slot-id="${moveSlot.id}"]`), WAIT).toBe(true)
    await checkFocus(page, 'the dropped slot')
    await expect
      .poll(async () => (await api<{ slots: AssignedSlot[] }>(adminContext, 'GET', `/schedule/calendar?from=${day}T00:00:00.000Z&to=${nextDay}T23:59:59.000Z`)).slots.find((s) => s.id === moveSlot.id)?.time, WAIT)
      .toBe(`${nextDay}T15:00:00.000Z`)

    // The 09:00 slot's menu from the keyboard (Shift+F10); Escape closes it back onto the slot, then Write post.
    await tabTo(page, `[data-slot-id="${writeSlot.id}"]`, { back: true })
    await press(page, 'Shift+F10', 'the slot menu')
    await page.getByTestId('slot-menu').waitFor()
    await expect.poll(() => focusIs(page, '[data-testid="slot-menu"] [role="menuitem"]')).toBe(true)
    await press(page, 'Escape', 'the slot menu closed')
    await page.getByTestId('slot-menu').waitFor({ state: 'detached' })
    await expect.poll(() => focusIs(page, `[data-slot-id="${writeSlot.id}"]`)).toBe(true)
    await press(page, 'Shift+F10', 'the slot menu again')
    await expect.poll(() => focusIs(page, '[data-testid="slot-menu-write"]')).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/content/write-post?slotId=${writeSlot.id}*`, WAIT)

    // Write the post.
    await page.getByRole('textbox', { name: 'Post text' }).waitFor(WAIT)
    await tabTo(page, '[aria-label="Post text"], textarea')
    expect(await focusIs(page, 'textarea')).toBe(true)
    await page.keyboard.type(TEXT)
    await expect.poll(() => page.getByTestId('autosave-state').textContent(), WAIT).toMatch(/^Saved/)
    await expect.poll(() => new URL(page.url()).searchParams.get('postId'), WAIT).toBeTruthy()
    const postId = new URL(page.url()).searchParams.get('postId')!

    // Ask for feedback: the dialog keeps Tab inside, Escape closes it onto its opener, then Rita is asked.
    await tabTo(page, '[data-testid="ask-feedback-open"]', { back: true })
    await press(page, 'Enter', 'Ask for feedback')
    await page.getByTestId('ask-feedback-dialog').waitFor()
    await checkFocus(page, 'in Ask for feedback')
    expect(await expectTabCyclesIn(page, '[data-testid="ask-feedback-dialog"]')).toBeGreaterThan(2)
    await page.keyboard.press('Escape')
    await page.getByTestId('ask-feedback-dialog').waitFor({ state: 'detached' })
    await expectFocusOn(page, '[data-testid="ask-feedback-open"]', 'Ask for feedback closed with Escape')
    await press(page, 'Enter', 'Ask for feedback again')
    await page.getByTestId('ask-feedback-dialog').waitFor()
    await tabTo(page, '[data-testid="ask-feedback-dialog"] input[role="combobox"]')
    await page.keyboard.type('Rita')
    await page.locator('.fui-TagPickerList').getByRole('option', { name: /Rita Reviewer/ }).waitFor(WAIT)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('ask-feedback-dialog').textContent()).toContain('Rita Reviewer')
    await tabTo(page, '[data-testid="ask-feedback-save"]')
    await page.keyboard.press('Enter')
    await page.getByTestId('ask-feedback-dialog').waitFor({ state: 'detached', ...WAIT })
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body), WAIT).toBe(true)
    await checkFocus(page, 'feedback asked')
    await expect.poll(() => page.getByTestId('post-in-review').textContent(), WAIT).toContain('Asked Rita Reviewer')

    // Schedule into the slot.
    await tabTo(page, '[data-testid="editor-schedule"]', { back: true })
    await press(page, 'Enter', 'Schedule')
    const dialog = page.getByRole('dialog', { name: 'Schedule post' })
    await dialog.waitFor()
    await tabTo(page, '[role="dialog"] input[type="radio"][value="slot"], [role="dialog"] input[type="radio"][value="time"]')
    if (await focusIs(page, 'input[value="time"]')) await press(page, 'ArrowRight', 'Into an assigned slot')
    expect(await focusIs(page, 'input[value="slot"]:checked')).toBe(true)
    await dialog.getByTestId(`schedule-slot-${writeSlot.id}`).waitFor(WAIT)
    if (!(await dialog.getByTestId(`schedule-slot-${writeSlot.id}`).isChecked())) {
      await tabTo(page, `[data-testid="schedule-slot-${writeSlot.id}"]`)
      await press(page, ' ', 'the slot chosen')
    }
    await tabTo(page, '[role="dialog"] button.fui-Button--primary, [role="dialog"] button[type="submit"]')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('post-status').textContent(), WAIT).toMatch(/Scheduled for/)
    expect(await api<Post>(context, 'GET', `/posts/get?postId=${postId}`)).toMatchObject({ status: 'SCHEDULED', slotId: writeSlot.id })
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body), WAIT).toBe(true)

    // Rita, keyboard only too: the bell, the request, a passage selected with the arrows, a comment.
    const reviewer = rita.page
    traceOnFailure(reviewer, 'Rita')
    await reviewer.goto(`${server.url}/dashboard`)
    await expect.poll(() => reviewer.getByTestId('notification-unread-count').textContent(), WAIT).toBe('1')
    await tabTo(reviewer, '[data-testid="notification-bell"]')
    await press(reviewer, 'Enter', 'the bell')
    await reviewer.getByTestId('notification-panel').waitFor()
    await tabTo(reviewer, '[data-testid="notification-item"]')
    await reviewer.keyboard.press('Enter')
    await reviewer.getByTestId('post-text-view').waitFor(WAIT)
    await tabTo(reviewer, '[data-testid="post-text-view"]')
    // 'Three new templates' — the sixth to eighth words.
    for (let i = 0; i < 6; i++) await reviewer.keyboard.press('ArrowRight')
    await press(reviewer, 'Shift+ArrowRight', 'a word more')
    await press(reviewer, 'Shift+ArrowRight', 'and another')
    await expect.poll(() => reviewer.getByTestId('selection-quote').textContent()).toBe('“Three new templates”')
    expect(await reviewer.evaluate(() => document.getSelection()?.toString())).toBe('Three new templates')
    await press(reviewer, 'Enter', 'to Comment')
    expect(await focusIs(reviewer, '[data-testid="selection-comment"]')).toBe(true)
    await reviewer.keyboard.press('Enter')
    await expect.poll(() => reviewer.getByTestId('feedback-anchor').textContent(), WAIT).toContain('Three new templates')
    await expect.poll(() => focusIs(reviewer, '[data-testid="feedback-composer"], [data-testid="feedback-composer"] textarea')).toBe(true)
    await checkFocus(reviewer, 'the comment field')
    await reviewer.keyboard.type('Which three? Name them.')
    await reviewer.keyboard.press('Control+Enter')
    await reviewer.getByTestId('post-text-view').locator('mark').filter({ hasText: 'Three new templates' }).waitFor(WAIT)

    // Kim reads the notification of Rita's comment from the bell.
    // (The bell's count refreshes with the user every 30 s; opening it reads the list now.)
    const commented = Date.now()
    await tabTo(page, '[data-testid="notification-bell"]', { back: true, max: 80 })
    await press(page, 'Enter', 'the bell')
    await page.getByTestId('notification-panel').waitFor()
    await page.getByTestId('notification-item').filter({ hasText: 'Rita Reviewer' }).waitFor(WAIT)
    console.log(`Kim's notification showed ${Date.now() - commented} ms after Rita's comment.`)
    await tabTo(page, '[data-testid="notification-item"]')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Rita Reviewer/)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.search.includes(postId), WAIT)
    await page.getByTestId('notification-panel').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('notification-unread-count').count(), WAIT).toBe(0)
    console.log(`The keyboard journey took ${((Date.now() - started) / 1000).toFixed(1)} s after setup.`)

    await context.close()
    await rita.context.close()
    await adminContext.close()
  }, 120_000)

  it('runs no animation or transition under reduced motion, and keeps focus, the current page and today visible under forced colors', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    traceOnFailure(page, 'the motion and contrast check')
    await signUpAndOnboard(page, server.url, 'mo@keys.example', 'Motion', 'Mo Motion')
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' })
    await page.goto(`${server.url}/schedule`)
    await page.locator('[data-testid="schedule-month"][data-ready="true"]').waitFor(WAIT)

    /** Every element (and ::before/::after) whose animation or transition would take time, spinners aside. */
    const moving = () =>
      page.evaluate(() => {
        const slow = (value: string) => value.split(',').some((part) => parseFloat(part) * (part.trim().endsWith('ms') ? 1 : 1000) > 1)
        const found: string[] = []
        for (const el of document.querySelectorAll('body *')) {
          if (el.closest('.fui-Spinner')) continue
          for (const pseudo of [null, '::before', '::after']) {
            const s = getComputedStyle(el, pseudo)
            const animated = s.animationName !== 'none' && slow(s.animationDuration)
            const transitions = s.transitionProperty !== 'none' && slow(s.transitionDuration)
            if (animated || transitions) found.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}${pseudo ?? ''}: ${animated ? `animation ${s.animationDuration}` : `transition ${s.transitionDuration}`}`)
          }
        }
        // Fluent's own motion (the Web Animations API) shortens itself under reduced motion.
        for (const animation of document.getAnimations()) {
          const timing = animation.effect?.getTiming()
          const duration = typeof timing?.duration === 'number' ? timing.duration : 0
          const target = (animation.effect as KeyframeEffect | null)?.target
          if (duration > 1 && !target?.closest('.fui-Spinner')) found.push(`animation of ${target?.tagName ?? '?'}: ${duration} ms`)
        }
        return [...new Set(found)].slice(0, 10)
      })
    // Without the preference the app does move (the check can fail)…
    await page.emulateMedia({ reducedMotion: 'no-preference', forcedColors: 'active' })
    expect((await moving()).length).toBeGreaterThan(0)
    // …and with it nothing on the Plan, nor in a dialog opening, does.
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' })
    expect(await moving()).toEqual([])
    await tabTo(page, '[data-testid="schedule-assign"]')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').first().waitFor(WAIT)
    expect(await moving()).toEqual([])
    // Escape asks the spec's cancel question (focus on its safe No), Yes closes it; focus is back on Assign slot.
    await page.keyboard.press('Escape')
    await page.getByTestId('slot-cancel-confirm-confirm').waitFor(WAIT)
    await expectFocusOn(page, '[data-testid="slot-cancel-confirm-cancel"]', 'the cancel question')
    await tabTo(page, '[data-testid="slot-cancel-confirm-confirm"]')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT })
    await expectFocusOn(page, '[data-testid="schedule-assign"]', 'the assign-slot modal closed')

    // Forced colors: the system's Highlight, as the browser resolves it here.
    const systemColor = (name: string) =>
      page.evaluate((color) => {
        const probe = document.createElement('div')
        probe.style.cssText = `position:absolute;background-color:${color}`
        document.body.append(probe)
        const value = getComputedStyle(probe).backgroundColor
        probe.remove()
        return value
      }, name)
    const highlight = await systemColor('Highlight')
    const canvas = await systemColor('Canvas')
    expect(highlight).not.toBe(canvas)
    // The current page in the navigation and today in the month stand out in Highlight.
    const background = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(await background('nav a[aria-current="page"], a[aria-current="page"]')).toBe(highlight)
    expect(await background('[data-day-button][aria-current="date"]')).toBe(highlight)
    // Focus still shows: a visible outline (or frame) on what the keyboard reaches.
    await tabTo(page, '[data-day-button]')
    await tabTo(page, 'a[href="/schedule"]', { back: true })
    await context.close()
  }, 60_000)
})
