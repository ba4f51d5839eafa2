import type { Page } from 'playwright-core'

/** Containers that scroll sideways on purpose carry this attribute; what is inside them is theirs. */
const SCROLLS_SIDEWAYS = 'data-scrolls-sideways'

interface Overflow {
  element: string
  right: number
}

export interface Layout {
  viewport: number
  scrollWidth: number
  /** Visible elements whose box ends right of the viewport (outside containers that scroll sideways on purpose). */
  overflows: Overflow[]
  /** Containers that scroll sideways without meaning to (e.g. the main area hiding a child too wide for the window). */
  sidewaysScrollers: { element: string; scrollWidth: number; clientWidth: number }[]
}

/**
 * What sticks out of the viewport sideways. Text fields scroll their own text, and an element
 * marked data-scrolls-sideways (a wide table, a row of tabs) scrolls its content on purpose: what is
 * inside them is theirs, though they must fit themselves. Every other container that scrolls
 * sideways is reported, since a child wider than the window hides in it instead of widening the
 * document (the shell's main area scrolls for its height, which makes it scroll sideways too).
 */
export function measureLayout(page: Page): Promise<Layout> {
  return page.evaluate((marker) => {
    const viewport = window.innerWidth
    const intentional = `textarea, input, select, [${marker}]`
    const describeOne = (el: Element) => {
      const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40)
      const classes = typeof el.className === 'string' ? el.className.split(' ').filter((c) => c.startsWith('fui-')).join('.') : ''
      return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${name}"`
    }
    // An element without a name of its own is told by the nearest ancestor with a test id too.
    const describe = (el: Element) => {
      const own = describeOne(el)
      const named = el.parentElement?.closest('[data-testid]')
      return own.endsWith('""') && named ? `${own} in ${describeOne(named)}` : own
    }
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
    const overflows: Overflow[] = []
    const sidewaysScrollers: Layout['sidewaysScrollers'] = []
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue
      if (el.parentElement?.closest(intentional)) continue
      if (box.right > viewport + 1) overflows.push({ element: describe(el), right: Math.round(box.right) })
      if (scrolls(el) && !el.matches(intentional) && el.scrollWidth > el.clientWidth + 1) {
        sidewaysScrollers.push({ element: describe(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth })
      }
    }
    return { viewport, scrollWidth: document.documentElement.scrollWidth, overflows, sidewaysScrollers }
  }, SCROLLS_SIDEWAYS)
}

export interface Box {
  name: string
  left: number
  top: number
  right: number
  bottom: number
}

/** The boxes of a container's direct children that show (e.g. the Plan's filter fields). */
export function childBoxes(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluate((root) =>
    [...root.children]
      .map((el) => {
        const r = el.getBoundingClientRect()
        const name = el.querySelector('label')?.textContent?.trim() || el.getAttribute('data-testid') || el.textContent?.trim().slice(0, 30) || el.tagName
        return { name, left: r.left, top: r.top, right: r.right, bottom: r.bottom }
      })
      .filter((b) => b.right > b.left && b.bottom > b.top)
  )
}

/** Pairs of boxes that overlap by more than half a pixel each way. */
export function overlappingPairs(boxes: readonly Box[]): [string, string][] {
  const pairs: [string, string][] = []
  const overlap = (a: Box, b: Box) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => (overlap(a, b) ? pairs.push([a.name, b.name]) : undefined)))
  return pairs
}

export interface TextSpill {
  /** Elements whose text sticks out of their table cell, or is cut without an ellipsis and a tooltip. */
  spills: { element: string; problem: string }[]
  /** How many were cut short (with an ellipsis and the whole text in their title). */
  cut: number
  /** How many were measured. */
  measured: number
}

/**
 * Whether text meant to stay on one line in a table cell (e.g. the audit log's targets) keeps to its
 * cell: its box inside the cell's, and text longer than the box cut with an ellipsis, its whole text
 * in the title. Only elements that show are measured (a virtual table renders the rows in view).
 */
export function textSpill(page: Page, selector: string): Promise<TextSpill> {
  return page.evaluate((sel) => {
    const spills: TextSpill['spills'] = []
    let cut = 0
    let measured = 0
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      measured++
      const text = (el.textContent ?? '').trim()
      const name = `"${text.slice(0, 40)}"`
      const cell = el.closest('[role="cell"], td') ?? el.parentElement!
      const outer = cell.getBoundingClientRect()
      const span = (r: DOMRect) => `${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)}`
      if (box.left < outer.left - 1 || box.right > outer.right + 1 || box.top < outer.top - 1 || box.bottom > outer.bottom + 1) {
        spills.push({ element: name, problem: `box ${span(box)} outside its cell ${span(outer)}` })
      }
      const style = getComputedStyle(el)
      if (el.scrollHeight > el.clientHeight + 1 || style.whiteSpace !== 'nowrap') spills.push({ element: name, problem: `wraps (white-space ${style.whiteSpace})` })
      if (el.scrollWidth > el.clientWidth + 1) {
        cut++
        if (style.overflowX === 'visible') spills.push({ element: name, problem: 'text runs past its box (overflow visible)' })
        if (style.textOverflow !== 'ellipsis') spills.push({ element: name, problem: `cut without an ellipsis (text-overflow ${style.textOverflow})` })
        if (el.getAttribute('title') !== text) spills.push({ element: name, problem: `the title is not the whole text: ${JSON.stringify(el.getAttribute('title'))}` })
      }
    }
    return { spills, cut, measured }
  }, selector)
}
