import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Button, Input, Radio, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Add20Regular } from '@fluentui/react-icons'
import { MESSAGES } from '@shared/api/messages'
import { TAGS_LOADING_DEBOUNCE_MS } from '@shared/constants'
import type { TagListItem } from '@shared/domain'
import { useDebouncedFlag } from '@renderer/hooks/useDebouncedFlag'
import { EmptyState } from './EmptyState'
import { ListSkeleton } from './Skeletons'
import { newTagTitle, toTagListItems, type TagSource } from './tagListItems'
import { newIdempotencyKey } from './useFormDialog'
import { useSingleFlight } from './useSingleFlight'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium
  },
  checked: { backgroundColor: tokens.colorBrandBackground2 },
  // The radio takes the row, and its label holds the swatch and text: a click on the name selects too.
  radio: { display: 'flex', alignItems: 'center', flexGrow: 1, minWidth: 0 },
  radioLabel: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexGrow: 1, minWidth: 0, cursor: 'pointer' },
  content: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexGrow: 1, minWidth: 0 },
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  description: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  create: { display: 'flex', gap: tokens.spacingHorizontalS }
})

/**
 * Tag list items that keep their order between refetches: a tag new to the list is appended at its
 * end, unchecked (spec §4).
 */
export function useTagListItems(tags: readonly TagSource[] | undefined, selectedId: string | null, kind = 'tag'): TagListItem[] {
  const [order, setOrder] = useState<readonly string[]>([])
  const items = toTagListItems(tags ?? [], selectedId, order, kind)
  const ids = items.map((item) => item.id)
  // Remembering the order shown is state derived during render (React's "previous render" pattern).
  if (ids.length !== order.length || ids.some((id, index) => id !== order[index])) setOrder(ids)
  return items
}

interface TagListProps {
  items: readonly TagListItem[]
  /** Loading: a spinner shows once loading lasts over 100 ms (spec §9). */
  loading?: boolean
  /** Shown when there are no tags (spec §2 texts). */
  emptyMessage: string
  /** Makes items checkable (one at a time); a checked item is the selected one. */
  onSelect?: (id: string) => void
  /** Offers a title field that creates a tag; an empty title alerts 'Please enter a tag' (spec §5). */
  /** Creates the tag; the key is this submission's Idempotency-Key (DESIGN.md §7). */
  onCreate?: (title: string, idempotencyKey: string) => Promise<unknown>
  creating?: boolean
  /** Per-item actions, e.g. edit and delete. */
  actions?: (item: TagListItem) => ReactNode
  label: string
  'data-testid'?: string
}

/** A list of tags with a colour, label and description, optionally checkable and creatable. */
export function TagList({
  items,
  loading = false,
  emptyMessage,
  onSelect,
  onCreate,
  creating = false,
  actions,
  label,
  'data-testid': testId = 'tag-list'
}: TagListProps) {
  const styles = useStyles()
  const showSpinner = useDebouncedFlag(loading, TAGS_LOADING_DEBOUNCE_MS)
  const [title, setTitle] = useState('')
  const titleField = useRef<HTMLInputElement>(null)

  // A second click or Enter before React re-renders (and disables Add tag) must not create the tag twice.
  const { run } = useSingleFlight()
  const create = (event: FormEvent) => {
    event.preventDefault()
    if (!onCreate) return
    void run(async () => {
      const trimmed = newTagTitle(title)
      if (trimmed === null) {
        window.alert(MESSAGES.tagTitleEmpty)
        return
      }
      await onCreate(trimmed, newIdempotencyKey()).then(
        () => setTitle(''),
        () => undefined
      )
    })
  }

  return (
    <div className={styles.root} data-testid={testId}>
      {onCreate ? (
        <form className={styles.create} onSubmit={create} aria-label={`New ${label.toLowerCase()}`}>
          <Input
            ref={titleField}
            value={title}
            onChange={(_, data) => setTitle(data.value)}
            placeholder="New tag"
            aria-label="New tag title"
            maxLength={100}
            data-testid={`${testId}-new-title`}
          />
          <Button type="submit" icon={creating ? <Spinner size="tiny" /> : <Add20Regular />} disabled={creating} data-testid={`${testId}-create`}>
            Add tag
          </Button>
        </form>
      ) : null}
      {showSpinner && items.length === 0 ? <ListSkeleton rows={2} label="Loading tags…" data-testid={`${testId}-loading`} /> : null}
      {showSpinner && items.length > 0 ? <Spinner size="tiny" label="Loading tags…" data-testid={`${testId}-loading`} /> : null}
      {!loading && items.length === 0 ? (
        <EmptyState
          message={emptyMessage}
          hint={onCreate ? 'Tags sort posts by topic: give the first one a title.' : undefined}
          action={onCreate ? { label: 'Add a tag', icon: <Add20Regular />, onClick: () => titleField.current?.focus(), 'data-testid': `${testId}-empty-add` } : undefined}
        />
      ) : null}
      {items.length > 0 ? (
        <ul className={styles.list} aria-label={label} role={onSelect ? 'radiogroup' : undefined}>
          {items.map((item) => {
            // Long titles and descriptions keep to one line each, cut with an ellipsis; the tooltip has them whole.
            const content = (
              <>
                <span className={styles.swatch} style={{ backgroundColor: item.color }} aria-hidden />
                <span className={styles.text}>
                  <Text weight="semibold" block truncate wrap={false} title={item.label}>
                    {item.label}
                  </Text>
                  {item.description ? (
                    <Text size={200} block truncate wrap={false} title={item.description} className={styles.description}>
                      {item.description}
                    </Text>
                  ) : null}
                </span>
              </>
            )
            return (
              <li
                key={item.uid}
                className={mergeClasses(styles.item, item.checked && styles.checked)}
                data-testid={`${testId}-item-${item.id}`}
                data-checked={item.checked}
              >
                {onSelect ? (
                  <Radio
                    className={styles.radio}
                    checked={item.checked}
                    onChange={() => onSelect(item.id)}
                    aria-label={item.label}
                    label={{ className: styles.radioLabel, children: content }}
                    data-testid={`${testId}-check-${item.id}`}
                  />
                ) : (
                  <span className={styles.content}>{content}</span>
                )}
                {actions ? <span className={styles.actions}>{actions(item)}</span> : null}
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
