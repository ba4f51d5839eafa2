export type PreviewWidth = 'desktop' | 'mobile'

/** LinkedIn's feed: the post column's width in pixels, the lines shown before '…see more'. */
export const PREVIEW_LAYOUT = {
  desktop: { width: 555, lines: 3, charactersPerLine: 66 },
  mobile: { width: 360, lines: 2, charactersPerLine: 40 }
} as const satisfies Record<PreviewWidth, { width: number; lines: number; charactersPerLine: number }>

interface CollapsedText {
  text: string
  /** True when `text` is the beginning only and '…see more' belongs after it. */
  collapsed: boolean
}

/**
 * The part of a post the feed shows before '…see more'. Lines are counted as LinkedIn's 14 px
 * text wraps at this width (an average character width; measuring the DOM would make the preview
 * jump as fonts load), and every line break starts a new line.
 */
export function collapsePostText(text: string, width: PreviewWidth): CollapsedText {
  const { lines: budget, charactersPerLine } = PREVIEW_LAYOUT[width]
  const trimmed = text.replace(/\s+$/u, '')
  const kept: string[] = []
  let used = 0
  for (const line of trimmed.split('\n')) {
    const characters = Array.from(line)
    const height = Math.max(1, Math.ceil(characters.length / charactersPerLine))
    if (used + height <= budget) {
      kept.push(line)
      used += height
      continue
    }
    const room = (budget - used) * charactersPerLine
    if (room > 0) kept.push(cutAtWord(characters.slice(0, room).join('')))
    return { text: kept.join('\n').replace(/\s+$/u, ''), collapsed: true }
  }
  return { text: trimmed, collapsed: false }
}

/** Ends a cut line at the last space when there is one, as the feed does. */
function cutAtWord(line: string): string {
  const space = line.lastIndexOf(' ')
  return space > line.length / 2 ? line.slice(0, space) : line
}

type TextPart = { kind: 'text' | 'hashtag' | 'link'; value: string }

const HIGHLIGHTED = /(https?:\/\/[^\s]+|www\.[^\s]+|#[\p{L}\p{N}_]+)/gu

/** The text split into plain runs, hashtags and links (which LinkedIn shows in its blue). */
export function postTextParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(HIGHLIGHTED)) {
    const start = match.index
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) })
    parts.push({ kind: match[0].startsWith('#') ? 'hashtag' : 'link', value: match[0] })
    last = start + match[0].length
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) })
  return parts
}
