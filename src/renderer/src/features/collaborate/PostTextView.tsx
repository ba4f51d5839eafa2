import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Comment16Regular, Dismiss16Regular, Edit16Regular } from '@fluentui/react-icons'
import type { Feedback, FeedbackKind } from '@shared/domain'
import { markText, textOffsetOf, type MarkedText } from './textMarks'

/** A range of the post's text the viewer selected: what a new comment or suggestion is anchored to. */
export interface SelectedRange {
  start: number
  end: number
  quote: string
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  text: {
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase300,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` }
  },
  empty: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
  comment: {
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: 'inherit',
    borderBottom: `2px solid ${tokens.colorPaletteYellowBorderActive}`,
    cursor: 'pointer'
  },
  removed: {
    color: tokens.colorPaletteRedForeground1,
    backgroundColor: tokens.colorPaletteRedBackground1,
    textDecorationLine: 'line-through',
    cursor: 'pointer'
  },
  added: {
    color: tokens.colorPaletteGreenForeground1,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    textDecorationLine: 'underline',
    cursor: 'pointer',
    userSelect: 'none'
  },
  markButton: { borderRadius: tokens.borderRadiusSmall, ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3
  },
  quote: { minWidth: 0, flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontStyle: 'italic' },
  hint: { color: tokens.colorNeutralForeground3 },
  srOnly: { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }
})

/**
 * The selection inside the view as offsets into `text`, without the spaces at its ends; null when
 * there is none there (or it runs out of the view); 'outside' when it is wholly elsewhere.
 */
function readSelection(view: HTMLElement, text: string): SelectedRange | null | 'outside' {
  const selection = view.ownerDocument.getSelection()
  if (!selection || selection.rangeCount === 0) return 'outside'
  const range = selection.getRangeAt(0)
  const startsIn = view.contains(range.startContainer)
  const endsIn = view.contains(range.endContainer)
  if (!startsIn && !endsIn) return 'outside'
  if (!startsIn || !endsIn || range.collapsed) return null
  let start = textOffsetOf(view, range.startContainer, range.startOffset, text.length)
  let end = textOffsetOf(view, range.endContainer, range.endOffset, text.length)
  if (start === null || end === null) return null
  if (end < start) [start, end] = [end, start]
  while (start < end && /\s/u.test(text[start]!)) start += 1
  while (end > start && /\s/u.test(text[end - 1]!)) end -= 1
  return end > start ? { start, end, quote: text.slice(start, end) } : null
}

/** The post's words as [start, end) offsets: what the keyboard selects, a word at a time. */
export function wordRanges(text: string): [number, number][] {
  return [...text.matchAll(/\S+/gu)].map((match) => [match.index, match.index + match[0].length])
}

/**
 * A DOM position for an offset into the text: inside the run (data-start) holding it, the run that
 * starts there for a start, the one that ends there for an end (insertions hold none of the text).
 */
function domPoint(view: HTMLElement, offset: number, side: 'start' | 'end'): { node: Node; offset: number } | null {
  for (const run of view.querySelectorAll<HTMLElement>('[data-start]')) {
    const start = Number(run.dataset.start)
    const length = (run.textContent ?? '').length
    const inside = side === 'start' ? offset >= start && offset < start + length : offset > start && offset <= start + length
    if (!inside) continue
    const walker = view.ownerDocument.createTreeWalker(run, NodeFilter.SHOW_TEXT)
    let left = offset - start
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (side === 'start' ? left < node.data.length : left <= node.data.length) return { node, offset: left }
      left -= node.data.length
    }
  }
  return null
}

/** Selects [start, end) of the text in the view, as a mouse would. */
function selectRange(view: HTMLElement, start: number, end: number): boolean {
  const from = domPoint(view, start, 'start')
  const to = domPoint(view, end, 'end')
  const selection = view.ownerDocument.getSelection()
  if (!from || !to || !selection) return false
  selection.setBaseAndExtent(from.node, from.offset, to.node, to.offset)
  return true
}

/**
 * A mark's words as a button (inside the <ins>, <del> or <mark>, which keep saying what the words are):
 * a click, or Enter or Space once Tab reaches it, shows the mark's feedback in the thread.
 */
function MarkButton({ className, onShow, children }: { className: string; onShow: () => void; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onShow()
  }
  return (
    <span role="button" tabIndex={0} className={className} onClick={onShow} onKeyDown={onKeyDown}>
      {children}
    </span>
  )
}

/**
 * The text's pieces as the view draws them: open suggestions as tracked changes (the replaced words
 * struck through, the replacement inserted after them), anchored comments highlighted, each mark
 * showing its feedback when clicked or activated from the keyboard.
 */
function markedPieces(marked: MarkedText, length: number, styles: ReturnType<typeof useStyles>, onShowFeedback: (feedbackId: string) => void) {
  const pieces: ReactNode[] = []
  const insertionsAt = (at: number) =>
    marked.insertions
      .filter((insertion) => insertion.at === at)
      .forEach((insertion) =>
        pieces.push(
          <ins
            key={`ins-${insertion.feedbackId}`}
            data-at={insertion.at}
            data-feedback-id={insertion.feedbackId}
            className={styles.added}
            data-testid={`suggestion-insert-${insertion.feedbackId}`}
          >
            <MarkButton className={styles.markButton} onShow={() => onShowFeedback(insertion.feedbackId)}>
              {insertion.text}
            </MarkButton>
          </ins>
        )
      )
  for (const segment of marked.segments) {
    insertionsAt(segment.start)
    const [suggestion] = segment.suggestionIds
    const [comment] = segment.commentIds
    if (suggestion) {
      pieces.push(
        <del key={segment.start} data-start={segment.start} className={styles.removed} data-testid={`suggestion-remove-${suggestion}`}>
          <MarkButton className={styles.markButton} onShow={() => onShowFeedback(suggestion)}>
            {segment.text}
          </MarkButton>
        </del>
      )
    } else if (comment) {
      pieces.push(
        <mark key={segment.start} data-start={segment.start} className={styles.comment} data-testid={`comment-mark-${comment}`}>
          <MarkButton className={styles.markButton} onShow={() => onShowFeedback(comment)}>
            {segment.text}
          </MarkButton>
        </mark>
      )
    } else {
      pieces.push(
        <span key={segment.start} data-start={segment.start}>
          {segment.text}
        </span>
      )
    }
  }
  insertionsAt(length)
  return pieces
}

interface PostTextViewProps {
  text: string
  feedback: readonly Feedback[]
  /** Null while the viewer may not write feedback. */
  onAnchor: ((kind: FeedbackKind, range: SelectedRange) => void) | null
  onShowFeedback: (feedbackId: string) => void
}

/**
 * The post's text as reviewers work on it (not the LinkedIn preview): open suggestions inline as
 * tracked changes (the replaced words struck through in red, the replacement in green after them),
 * anchored comments highlighted. Selecting words offers "Comment" and "Suggest a change" for that
 * range, as offsets into the post's text; a mark opens its feedback in the thread.
 */
export function PostTextView({ text, feedback, onAnchor, onShowFeedback }: PostTextViewProps) {
  const styles = useStyles()
  const hintId = useId()
  const view = useRef<HTMLDivElement>(null)
  // A selection belongs to the text it was made in: once the text changes (an accepted suggestion)
  // its offsets mean nothing.
  const [selection, setSelection] = useState<{ range: SelectedRange; text: string } | null>(null)
  const selected = selection?.text === text ? selection.range : null
  const setSelected = useCallback((range: SelectedRange | null) => setSelection(range ? { range, text } : null), [text])
  const marked = useMemo(() => markText(text, feedback), [text, feedback])
  const words = useMemo(() => wordRanges(text), [text])
  // The keyboard's selection, in words: where it started and the word it reaches now.
  const keyboardWords = useRef<{ anchor: number; focus: number } | null>(null)
  const commentButton = useRef<HTMLButtonElement>(null)

  const update = useCallback(() => {
    if (!view.current || !onAnchor) return
    const range = readSelection(view.current, text)
    // A selection elsewhere on the page (or a click on the buttons below) keeps the one made here.
    if (range !== 'outside') setSelected(range)
  }, [text, onAnchor, setSelected])

  useEffect(() => {
    document.addEventListener('selectionchange', update)
    return () => document.removeEventListener('selectionchange', update)
  }, [update])

  const choose = (kind: FeedbackKind) => {
    if (!selected || !onAnchor) return
    onAnchor(kind, selected)
    setSelected(null)
    document.getSelection()?.removeAllRanges()
  }

  /**
   * Selecting from the keyboard (a mouse-free way to what dragging over words does): with the text
   * focused, → and ← select the next or previous word, Shift with them takes in one word more or
   * less, Home and End the first and last word, Enter goes to Comment, Escape lets go.
   */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onAnchor || event.target !== view.current || event.altKey || event.ctrlKey || event.metaKey || words.length === 0) return
    if (event.key === 'Enter' && selected) {
      event.preventDefault()
      commentButton.current?.focus()
      return
    }
    if (event.key === 'Escape' && selected) {
      event.preventDefault()
      event.stopPropagation()
      keyboardWords.current = null
      document.getSelection()?.removeAllRanges()
      setSelected(null)
      return
    }
    const last = words.length - 1
    // The words the keyboard chose, while they are still what is selected (not a mouse's selection since).
    const kept = keyboardWords.current
    const current =
      kept && selected && words[Math.min(kept.anchor, kept.focus)]?.[0] === selected.start && words[Math.max(kept.anchor, kept.focus)]?.[1] === selected.end
        ? kept
        : null
    let next: { anchor: number; focus: number }
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const step = event.key === 'ArrowRight' ? 1 : -1
      if (!current) next = { anchor: step > 0 ? 0 : last, focus: step > 0 ? 0 : last }
      else if (event.shiftKey) next = { anchor: current.anchor, focus: Math.min(last, Math.max(0, current.focus + step)) }
      else {
        const word = Math.min(last, Math.max(0, current.focus + step))
        next = { anchor: word, focus: word }
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      const word = event.key === 'Home' ? 0 : last
      next = event.shiftKey && current ? { anchor: current.anchor, focus: word } : { anchor: word, focus: word }
    } else return
    event.preventDefault()
    const first = Math.min(next.anchor, next.focus)
    const end = Math.max(next.anchor, next.focus)
    const [start] = words[first]!
    const [, stop] = words[end]!
    if (!selectRange(view.current, start, stop)) return
    keyboardWords.current = next
    setSelected({ start, end: stop, quote: text.slice(start, stop) })
  }

  const pieces = markedPieces(marked, text.length, styles, onShowFeedback)

  return (
    <div className={styles.root}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- no control: mouse-up and key-up (Shift+arrows) only read the selection just made; its actions are the buttons below */}
      <div
        ref={view}
        dir="auto"
        className={mergeClasses(styles.text, text === '' && styles.empty)}
        role="region"
        aria-label="Post text"
        aria-describedby={onAnchor && !selected ? hintId : undefined}
        tabIndex={0}
        onMouseUp={update}
        onKeyUp={update}
        onKeyDown={onKeyDown}
        data-testid="post-text-view"
      >
        {text === '' ? 'No text yet' : pieces}
      </div>
      <span className={styles.srOnly} aria-live="polite" data-testid="selection-announcement">
        {selected ? `Selected “${selected.quote}”. Enter goes to Comment.` : ''}
      </span>
      {onAnchor ? (
        selected ? (
          <div className={styles.actions} role="toolbar" aria-label="Selected text" data-testid="selection-actions">
            <Text size={200} className={styles.quote} data-testid="selection-quote">
              “{selected.quote}”
            </Text>
            <Button ref={commentButton} size="small" icon={<Comment16Regular />} onClick={() => choose('COMMENT')} data-testid="selection-comment">
              Comment
            </Button>
            <Button size="small" icon={<Edit16Regular />} onClick={() => choose('SUGGESTION')} data-testid="selection-suggest">
              Suggest a change
            </Button>
            <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} aria-label="Clear the selection" onClick={() => setSelected(null)} />
          </div>
        ) : (
          <Text size={200} id={hintId} className={styles.hint}>
            Select words in the text to comment on them or suggest a change. From the keyboard: → and ← pick a word, Shift+→ takes in the next, Enter goes to Comment.
          </Text>
        )
      ) : null}
    </div>
  )
}
