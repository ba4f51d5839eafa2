import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { PersonRef } from '@shared/domain'
import { mentionCandidates, mentionQueryAt } from './mentions'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const SHOWN_MAX = 8

const useStyles = makeStyles({
  root: { position: 'relative', display: 'flex', flexDirection: 'column', minWidth: 0 },
  list: {
    position: 'absolute',
    top: '100%',
    left: 0,
    right: 0,
    zIndex: 10,
    margin: `${tokens.spacingVerticalXXS} 0 0`,
    padding: tokens.spacingVerticalXS,
    listStyleType: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16
  },
  option: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'pointer',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap'
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected }
})

interface MentionTextareaProps {
  value: string
  onChange: (value: string) => void
  onMention: (person: PersonRef) => void
  onSubmit: () => void
  participants: readonly PersonRef[]
  selfId: string
  label: string
  placeholder?: string
  autoFocus?: boolean
  'data-testid'?: string
}

/** The people matching what follows the '@', the active one highlighted; a click picks one. */
function MentionList({ id, candidates, active, onPick }: { id: string; candidates: PersonRef[]; active: number; onPick: (person: PersonRef) => void }) {
  const styles = useStyles()
  return (
    <ul id={id} role="listbox" aria-label="People to mention" className={styles.list} data-testid="mention-list">
      {candidates.map((person, index) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the textarea keeps focus and picks with Enter (combobox, aria-activedescendant): an option never has focus to take a key
        <li
          key={person.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={mergeClasses(styles.option, index === active && styles.active)}
          // The box keeps focus (and its caret) while a name is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(person)}
          data-testid={`mention-option-${person.id}`}
        >
          <PersonAvatar size={20} name={person.fullName} image={person.image ? { src: person.image } : undefined} color="colorful" aria-hidden />
          {person.fullName}
        </li>
      ))}
    </ul>
  )
}

/**
 * A feedback text box with @mentions: typing '@' lists the thread's participants (the people who
 * can see the post), ArrowUp/ArrowDown and Enter or Tab (or a click) pick one, which writes
 * '@Full Name' and reports the person through `onMention`. Ctrl+Enter (⌘+Enter) sends.
 */
export function MentionTextarea(props: MentionTextareaProps) {
  const { value, onChange, onMention, onSubmit, participants, selfId, label, placeholder, autoFocus, 'data-testid': testId } = props
  const styles = useStyles()
  const listId = useId()
  const box = useRef<HTMLTextAreaElement>(null)
  const [caret, setCaret] = useState<number | null>(null)
  const [highlight, setHighlight] = useState(0)
  const [dismissedAt, setDismissedAt] = useState<number | null>(null)
  const placeCaret = useRef<number | null>(null)

  const query = caret === null ? null : mentionQueryAt(value, caret)
  const open = query !== null && query.at !== dismissedAt
  const candidates = open ? mentionCandidates(participants, query.query, selfId).slice(0, SHOWN_MAX) : []
  const shown = candidates.length > 0
  const active = Math.min(highlight, candidates.length - 1)

  useLayoutEffect(() => {
    if (placeCaret.current === null || !box.current) return
    box.current.setSelectionRange(placeCaret.current, placeCaret.current)
    placeCaret.current = null
  })

  const readCaret = () => setCaret(box.current?.selectionStart ?? null)

  const pick = (person: PersonRef) => {
    if (!query || caret === null) return
    const token = `@${person.fullName} `
    const next = value.slice(0, query.at) + token + value.slice(caret)
    const at = query.at + token.length
    placeCaret.current = at
    setCaret(at)
    setHighlight(0)
    onChange(next)
    onMention(person)
    box.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown && query) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setHighlight((active + step + candidates.length) % candidates.length)
        return
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault()
        pick(candidates[active]!)
        return
      }
      if (event.key === 'Escape') {
        // Closes the list, not the dialog or panel around the box.
        event.preventDefault()
        event.stopPropagation()
        setDismissedAt(query.at)
        return
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      onSubmit()
    }
  }

  return (
    <div className={styles.root}>
      <Textarea
        ref={box}
        value={value}
        aria-label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        resize="vertical"
        textarea={{
          'aria-controls': shown ? listId : undefined,
          'aria-activedescendant': shown ? `${listId}-${active}` : undefined,
          'aria-autocomplete': 'list'
        }}
        onChange={(event, data) => {
          onChange(data.value)
          setCaret(event.target.selectionStart)
          setHighlight(0)
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key.startsWith('Arrow') && shown) return
          readCaret()
        }}
        onClick={readCaret}
        onBlur={() => setCaret(null)}
        data-testid={testId}
      />
      {shown ? <MentionList id={listId} candidates={candidates} active={active} onPick={pick} /> : null}
    </div>
  )
}
