import { describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { signUpAndOnboard } from './support/flows'
import { overlappingPairs, type Box } from './support/layout'
import { seedSlots } from './support/schedule'
import { seedMembers } from './support/seed'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const DAY = 86_400_000

/** Every chip and '+N more' in a week-view day column: its box, and whether its time text shows whole. */
function dayChips(page: Page, day: string) {
  return page.getByTestId(`week-day-${day}`).evaluate((column) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
    }
    const chips = [...column.querySelectorAll<HTMLElement>('[data-slot-id], [data-testid^="more-"]')].map((chip) => {
      const time = chip.querySelector<HTMLElement>('[data-part="time"]')
      const nameBox = chip.querySelector<HTMLElement>('[data-part="name"]')
      // What clips a chip: the block it sits in (overflow hidden) and the chip itself.
      const block = chip.closest<HTMLElement>('[data-testid^="block-"], [data-testid^="week-more-"]')!
      const outer = visible(block)
      const box = visible(chip)
      const timeBox = time ? visible(time) : null
      return {
        name: chip.getAttribute('aria-label') ?? '',
        text: chip.textContent ?? '',
        ...box,
        time: time?.textContent ?? null,
        timeWhole:
          timeBox === null ||
          (time!.scrollWidth <= time!.clientWidth &&
            timeBox.right <= Math.min(box.right, outer.right) + 0.5 &&
            timeBox.left >= Math.max(box.left, outer.left) - 0.5 &&
            timeBox.bottom <= Math.min(box.bottom, outer.bottom) + 0.5 &&
            timeBox.top >= Math.max(box.top, outer.top) - 0.5),
        contentFits: chip.scrollWidth <= chip.clientWidth + 1,
        /** How wide the name shows (ellipsized inside it if it must be). */
        nameWidth: nameBox ? nameBox.getBoundingClientRect().width : 0,
        title: chip.getAttribute('title'),
        isSlot: chip.hasAttribute('data-slot-id')
      }
    })
    return { width: column.getBoundingClientRect().width, chips }
  })
}

describe('the Plan’s week view in Chromium (issue 12)', () => {
  it('lays six slots at one time side by side with room for the name (the time whole where it shows), the rest behind a keyboard-reachable +N more', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' })
    const page = await context.newPage()
    await signUpAndOnboard(page, server.url, 'wendy@week.example', 'Weekly', 'Wendy Weekly')
    const me = (await (await context.request.get(`${server.url}/api/user`)).json()) as { id: string; organizations: { id: string }[] }
    const organizationId = me.organizations[0]!.id
    const members = await seedMembers(server, organizationId, 6, 'writer')

    // Six slots at 10:30 the day after tomorrow, and two that overlap by a quarter-hour the day after,
    // in the same week (Monday to Sunday): a Sunday moves both a day on.
    const ahead = new Date(Date.now() + 2 * DAY)
    const day = new Date(ahead.getTime() + (ahead.getUTCDay() === 0 ? DAY : 0)).toISOString().slice(0, 10)
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10)
    const at = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`)
    await seedSlots(server, {
      organizationId,
      createdById: me.id,
      assigneeIds: members,
      times: [...Array.from({ length: 6 }, () => at(day, '10:30')), at(nextDay, '10:30'), at(nextDay, '10:45')],
      tags: 2
    })

    await page.goto(`${server.url}/schedule?view=week&date=${day}`)
    await page.locator('[data-testid="schedule-week"][data-ready="true"]').waitFor()
    await page.getByTestId(`week-day-${day}`).locator('[data-slot-id]').first().waitFor()

    // Chips are laid out full until the column's width is measured, then narrowed to their lane.
    const named = async (date: string) => (await dayChips(page, date)).chips.filter((c) => c.isSlot).every((c) => c.nameWidth >= 48)
    await expect.poll(() => named(day)).toBe(true)
    const busy = await dayChips(page, day)
    const slots = busy.chips.filter((c) => c.isSlot)
    const more = busy.chips.filter((c) => !c.isSlot)
    // The first ones show, the rest sit behind one '+N more'.
    expect(slots.length).toBeGreaterThanOrEqual(1)
    expect(more).toHaveLength(1)
    expect(more[0]!.text).toBe(`+${6 - slots.length} more`)
    expect(overlappingPairs(busy.chips.map((c, i): Box => ({ ...c, name: `${i} ${c.name}` })))).toEqual([])
    for (const chip of slots) {
      // A lane this narrow shows who; when is the block's place, the tooltip and the accessible name.
      expect(chip.time === null || chip.time === '10:30', chip.name).toBe(true)
      expect(chip.timeWhole, chip.name).toBe(true)
      expect(chip.nameWidth, chip.name).toBeGreaterThanOrEqual(48)
      expect(chip.contentFits, chip.name).toBe(true)
      // The member's name is in the chip (ellipsized if it must be) and whole in its tooltip.
      expect(chip.text).toMatch(/Writer/)
      expect(chip.title).toMatch(/^10:30 Writer \d{4}.*, slot,/)
      expect(chip.right - chip.left).toBeGreaterThanOrEqual(72)
    }
    for (const chip of busy.chips) expect(chip.right, chip.name).toBeLessThanOrEqual(busy.chips[0]!.left + busy.width + 1)

    // Two overlapping slots both show, side by side, each with room for its name (not '10:30 Wr…'):
    // the time goes from a lane this narrow and stays in the tooltip; the later one sits lower.
    await expect.poll(() => named(nextDay)).toBe(true)
    const pair = await dayChips(page, nextDay)
    expect(pair.chips.map((c) => c.title?.slice(0, 5))).toEqual(['10:30', '10:45'])
    expect(pair.chips[1]!.top).toBeGreaterThan(pair.chips[0]!.top)
    expect(overlappingPairs(pair.chips.map((c, i): Box => ({ ...c, name: `${i} ${c.name}` })))).toEqual([])
    expect(pair.chips.every((c) => c.timeWhole && c.contentFits && c.nameWidth >= 48)).toBe(true)

    // '+N more' from the keyboard: Enter opens the list of all six, Escape closes it and focus returns.
    const moreButton = page.getByTestId(`week-day-${day}`).locator('[data-testid^="more-"]')
    await moreButton.focus()
    await page.keyboard.press('Enter')
    const list = page.getByTestId(`more-list-${day}-1030`)
    await list.waitFor()
    expect(await list.locator('[data-slot-id]').count()).toBe(6)
    const listed = await list
      .locator('[data-part="time"]')
      .evaluateAll((times) => times.map((t) => [t.textContent, t.scrollWidth <= t.clientWidth]))
    expect(listed).toEqual(Array.from({ length: 6 }, () => ['10:30', true]))
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'detached' })
    // The popover hands focus back as it unmounts, a moment after its list leaves the page.
    await expect.poll(() => moreButton.evaluate((el) => el === document.activeElement)).toBe(true)

    await context.close()
  }, 120_000)
})
