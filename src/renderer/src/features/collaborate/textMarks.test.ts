// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { aFeedback } from '@renderer/testing/reviewFixtures'
import { markText, placeAnchor, textOffsetOf } from './textMarks'

const TEXT = 'We ship the new release today. Join us!'
const anchor = (start: number, end: number) => ({ start, end, quote: TEXT.slice(start, end), revision: 1 })

describe('placeAnchor', () => {
  it('keeps a range whose quote is still there, finds a moved quote when it is in the text once, and gives up otherwise', () => {
    expect(placeAnchor(TEXT, anchor(3, 7))).toEqual({ start: 3, end: 7 })
    expect(placeAnchor('Hello! ' + TEXT, anchor(3, 7))).toEqual({ start: 10, end: 14 })
    expect(placeAnchor('We launch today.', anchor(3, 7))).toBeNull()
    expect(placeAnchor('ship it, ship it', { start: 20, end: 24, quote: 'ship' })).toBeNull()
  })
})

describe('markText', () => {
  it('cuts the text at open anchored feedback: comments over their words, suggestions with their replacement after them', () => {
    const marked = markText(TEXT, [
      aFeedback({ id: 'c1', anchor: anchor(3, 7) }),
      aFeedback({ id: 's1', kind: 'SUGGESTION', anchor: anchor(12, 15), replacement: 'big' }),
      aFeedback({ id: 'done', anchor: anchor(0, 2), status: 'RESOLVED' }),
      aFeedback({ id: 'whole', anchor: null })
    ])
    expect(marked.segments.map((s) => [s.text, s.commentIds, s.suggestionIds])).toEqual([
      ['We ', [], []],
      ['ship', ['c1'], []],
      [' the ', [], []],
      ['new', [], ['s1']],
      [' release today. Join us!', [], []]
    ])
    expect(marked.segments.map((s) => s.text).join('')).toBe(TEXT)
    expect(marked.insertions).toEqual([{ at: 15, feedbackId: 's1', text: 'big' }])
    expect([...marked.outdatedIds]).toEqual([])
  })

  it('reports feedback whose quote is gone as outdated, without a mark', () => {
    const marked = markText('Something else entirely', [aFeedback({ id: 'old', kind: 'SUGGESTION', anchor: anchor(3, 7), replacement: 'sail' })])
    expect([...marked.outdatedIds]).toEqual(['old'])
    expect(marked.insertions).toEqual([])
    expect(marked.segments).toEqual([{ start: 0, end: 23, text: 'Something else entirely', commentIds: [], suggestionIds: [] }])
  })
})

describe('textOffsetOf', () => {
  it('counts from each run’s data-start, and an inserted replacement as the one point it is shown at', () => {
    const view = document.createElement('div')
    view.innerHTML = '<span data-start="0">We </span><del data-start="3">ship</del><ins data-at="7">sail</ins><span data-start="7"> today</span>'
    document.body.append(view)
    const [first, del, ins, last] = Array.from(view.children)
    expect(textOffsetOf(view, first!.firstChild!, 1, 13)).toBe(1)
    expect(textOffsetOf(view, del!.firstChild!, 2, 13)).toBe(5)
    expect(textOffsetOf(view, ins!.firstChild!, 3, 13)).toBe(7)
    expect(textOffsetOf(view, last!.firstChild!, 6, 13)).toBe(13)
    expect(textOffsetOf(view, view, 1, 13)).toBe(3)
    expect(textOffsetOf(view, view, 4, 13)).toBe(13)
    expect(textOffsetOf(view, document.body, 0, 13)).toBeNull()
    view.remove()
  })
})
