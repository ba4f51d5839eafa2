import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Comment16Regular } from '@fluentui/react-icons'
import type { ReviewInboxItem } from '@shared/domain'
import { formatDate } from '@renderer/lib/formatDate'
import { PRIORITY_COLORS, PRIORITY_LABELS, STAGE_COLORS, STAGE_LABELS } from './labels'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

/** Two lines of details fit: on a narrow list they wrap rather than run out of the row. */
const ROW_HEIGHT = 92
/** Where layout reports no height (a DOM without layout), the list assumes this much room. */
const FALLBACK_HEIGHT = 600

const useStyles = makeStyles({
  grid: {
    position: 'relative',
    overflowY: 'auto',
    overflowX: 'hidden',
    maxHeight: 'max(320px, calc(100vh - 280px))',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1
  },
  sizer: { position: 'relative', width: '100%' },
  row: {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalS} 0 ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  selected: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Selected }
  },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, flexGrow: 1 },
  excerpt: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  empty: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: '2px',
    minWidth: 0,
    maxHeight: '42px',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200
  },
  author: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0, maxWidth: '160px', overflow: 'hidden' },
  authorName: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  count: { display: 'inline-flex', alignItems: 'center', gap: '2px', flexShrink: 0 },
  badge: { flexShrink: 0 },
  actions: { flexShrink: 0 }
})

interface InboxListProps {
  items: readonly ReviewInboxItem[]
  /** The post whose review is open. */
  selectedId: string | null
  onOpen: (postId: string) => void
  /** Review tabs show who wrote each post; My posts does not. */
  showAuthor: boolean
  timeZone: string | null
  label: string
  /** A row's own actions (My posts' menu), reachable with Tab from the row that has focus. */
  rowActions?: (item: ReviewInboxItem, tabbable: boolean) => ReactNode
}

/**
 * One tab's posts, as a grid with one row per post: ArrowUp/ArrowDown (Home/End) move between rows
 * (roving focus: only the current row is in the Tab order), Enter or a click opens the post's
 * review. Only the rows in view are rendered (@tanstack/react-virtual), so a long history of posts
 * stays fast.
 */
export function InboxList({ items, selectedId, onOpen, showAuthor, timeZone, label, rowActions }: InboxListProps) {
  const styles = useStyles()
  const scroller = useRef<HTMLDivElement>(null)
  const selectedIndex = items.findIndex((item) => item.postId === selectedId)
  const [active, setActive] = useState(Math.max(0, selectedIndex))
  // The opened post becomes the current row (a link's ?postId=, a click, the list arriving).
  const [openedIndex, setOpenedIndex] = useState(selectedIndex)
  if (openedIndex !== selectedIndex) {
    setOpenedIndex(selectedIndex)
    if (selectedIndex >= 0) setActive(selectedIndex)
  }
  const current = Math.min(active, Math.max(0, items.length - 1))
  const focusWanted = useRef<number | null>(null)

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be read during render
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]!.postId,
    overscan: 6,
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_HEIGHT }))
  })
  const rows = virtualizer.getVirtualItems()

  // Focus follows the keys once the row is rendered (scrolling to it renders it).
  useEffect(() => {
    const wanted = focusWanted.current
    if (wanted === null) return
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${wanted}"]`)
    if (row) {
      focusWanted.current = null
      row.focus()
    }
  })

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index))
    setActive(next)
    focusWanted.current = next
    virtualizer.scrollToIndex(next)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, postId: string) => {
    // Keys typed in the row's own controls (its menu) are theirs.
    if (event.target !== event.currentTarget) return
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      moveTo(target)
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onOpen(postId)
    }
  }

  return (
    <div ref={scroller} role="grid" aria-label={label} aria-rowcount={items.length} className={styles.grid} data-testid="collaborate-list">
      <div role="rowgroup" className={styles.sizer} style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const item = items[row.index]!
          const isCurrent = row.index === current
          const request = item.request
          return (
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 1}
              aria-selected={item.postId === selectedId}
              tabIndex={isCurrent ? 0 : -1}
              data-index={row.index}
              data-post-id={item.postId}
              data-testid="collaborate-row"
              className={mergeClasses(styles.row, item.postId === selectedId && styles.selected)}
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              onClick={() => {
                setActive(row.index)
                onOpen(item.postId)
              }}
              onKeyDown={(event) => onKeyDown(event, row.index, item.postId)}
            >
              <div role="gridcell" className={styles.main}>
                <span dir="auto" className={mergeClasses(styles.excerpt, item.excerpt.trim() === '' && styles.empty)}>{item.excerpt.trim() || 'No text yet'}</span>
                <span className={styles.meta}>
                  {showAuthor ? (
                    <span className={styles.author}>
                      <PersonAvatar size={16} name={item.author.fullName} image={item.author.image ? { src: item.author.image } : undefined} color="colorful" aria-hidden />
                      <span className={styles.authorName}>{item.author.fullName}</span>
                    </span>
                  ) : null}
                  <Badge appearance="tint" size="small" color={STAGE_COLORS[item.stage]} className={styles.badge} data-testid="row-stage">
                    {STAGE_LABELS[item.stage]}
                  </Badge>
                  {request && request.priority !== 'NOPRIORITY' ? (
                    <Badge appearance="filled" size="small" color={PRIORITY_COLORS[request.priority]} className={styles.badge} data-testid="row-priority">
                      {PRIORITY_LABELS[request.priority]}
                    </Badge>
                  ) : null}
                  {request?.dueAt ? <span data-testid="row-due">Due {formatDate(request.dueAt, 'dateTimeShort', { timeZone })}</span> : null}
                  {item.openFeedback > 0 ? (
                    <span className={styles.count} data-testid="row-open-feedback">
                      <Comment16Regular aria-hidden />
                      {item.openFeedback} open
                    </span>
                  ) : null}
                </span>
              </div>
              {rowActions ? (
                <div role="gridcell" className={styles.actions}>
                  {rowActions(item, isCurrent)}
                </div>
              ) : null}
            </div>
          )
        })}
      </div>
    </div>
  )
}
