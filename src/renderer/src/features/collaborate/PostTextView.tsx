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
  hint: { color: tokens.colorNeutralForeground3 }
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
        data-testid="post-text-view"
      >
        {text === '' ? 'No text yet' : pieces}
      </div>
      {onAnchor ? (
        selected ? (
          <div className={styles.actions} role="toolbar" aria-label="Selected text" data-testid="selection-actions">
            <Text size={200} className={styles.quote} data-testid="selection-quote">
              “{selected.quote}”
            </Text>
            <Button size="small" icon={<Comment16Regular />} onClick={() => choose('COMMENT')} data-testid="selection-comment">
              Comment
            </Button>
            <Button size="small" icon={<Edit16Regular />} onClick={() => choose('SUGGESTION')} data-testid="selection-suggest">
              Suggest a change
            </Button>
            <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} aria-label="Clear the selection" onClick={() => setSelected(null)} />
          </div>
        ) : (
          <Text size={200} id={hintId} className={styles.hint}>
            Select words in the text to comment on them or suggest a change.
          </Text>
        )
      ) : null}
    </div>
  )
}
