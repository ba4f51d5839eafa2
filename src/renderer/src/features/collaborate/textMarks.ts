import type { Feedback, TextAnchor } from '@shared/domain'

/**
 * Where open anchored feedback sits in the post's text, for the text view's marks (issue 13:
 * suggestions shown inline as tracked changes, anchored comments highlighted).
 */

/**
 * The range an anchor covers in the current text: where it was made if the quote is still there,
 * else the quote's one place in the text (an edit elsewhere moved it); null when the quote is gone
 * or is in the text more than once (the range is outdated). Accepting a suggestion finds its range
 * the same way on the server.
 */
export function placeAnchor(text: string, anchor: Pick<TextAnchor, 'start' | 'end' | 'quote'>): { start: number; end: number } | null {
  if (anchor.quote === '') return null
  if (text.slice(anchor.start, anchor.end) === anchor.quote) return { start: anchor.start, end: anchor.end }
  const first = text.indexOf(anchor.quote)
  if (first < 0 || text.indexOf(anchor.quote, first + 1) >= 0) return null
  return { start: first, end: first + anchor.quote.length }
}

/** A run of the text with the same marks: the open comments over it and the open suggestions replacing it. */
interface TextSegment {
  start: number
  end: number
  text: string
  commentIds: string[]
  suggestionIds: string[]
}

/** A suggestion's replacement, shown where its range ends (it is not part of the post's text). */
interface Insertion {
  at: number
  feedbackId: string
  text: string
}

export interface MarkedText {
  segments: TextSegment[]
  insertions: Insertion[]
  /** Open anchored feedback whose quote is no longer in the text. */
  outdatedIds: Set<string>
}

/** Open, top-level, anchored feedback: what the text view marks. */
function isMarkable(item: Feedback): item is Feedback & { anchor: TextAnchor } {
  return item.parentId === null && item.status === 'OPEN' && item.anchor !== null
}

export function markText(text: string, feedback: readonly Feedback[]): MarkedText {
  const placed: Array<{ item: Feedback; start: number; end: number }> = []
  const outdatedIds = new Set<string>()
  for (const item of feedback) {
    if (!isMarkable(item)) continue
    const range = placeAnchor(text, item.anchor)
    if (range && range.end > range.start) placed.push({ item, ...range })
    else outdatedIds.add(item.id)
  }

  const cuts = new Set([0, text.length])
  for (const { start, end } of placed) cuts.add(start).add(end)
  const points = [...cuts].sort((a, b) => a - b)
  const segments: TextSegment[] = []
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i]!
    const end = points[i + 1]!
    const over = placed.filter((p) => p.start <= start && p.end >= end)
    segments.push({
      start,
      end,
      text: text.slice(start, end),
      commentIds: over.filter((p) => p.item.kind === 'COMMENT').map((p) => p.item.id),
      suggestionIds: over.filter((p) => p.item.kind === 'SUGGESTION').map((p) => p.item.id)
    })
  }
  const insertions = placed
    .filter((p) => p.item.kind === 'SUGGESTION')
    .map((p) => ({ at: p.end, feedbackId: p.item.id, text: p.item.replacement ?? '' }))
    .sort((a, b) => a.at - b.at)
  return { segments, insertions, outdatedIds }
}

/**
 * The offset into the post's text of a point of a DOM selection inside the text view. Text runs
 * carry `data-start` (their offset); a suggestion's inserted replacement carries `data-at` (the
 * offset it is shown at) and counts as that one point. Null outside the view.
 */
export function textOffsetOf(view: HTMLElement, node: Node, offset: number, textLength: number): number | null {
  if (!view.contains(node)) return null
  if (node === view) {
    const child = view.childNodes[offset]
    return child ? (startOf(child) ?? textLength) : textLength
  }
  const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element)
  const inserted = element?.closest('[data-at]')
  if (inserted && view.contains(inserted)) return Number(inserted.getAttribute('data-at'))
  const run = element?.closest('[data-start]')
  if (!run || !view.contains(run)) return null
  const start = Number(run.getAttribute('data-start'))
  if (node.nodeType === Node.TEXT_NODE) return start + offset
  // A point between the run's children: its start, or its end past the last child.
  return offset === 0 ? start : start + (run.textContent ?? '').length
}

function startOf(node: Node): number | null {
  if (!(node instanceof Element)) return null
  const value = node.getAttribute('data-start') ?? node.getAttribute('data-at')
  return value === null ? null : Number(value)
}
