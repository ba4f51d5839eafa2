import { useEffect, useMemo, useRef } from 'react'
import { Link } from 'react-router-dom'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { Badge, Button, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Building16Regular, Checkmark16Filled } from '@fluentui/react-icons'
import type { AssignedSlot, ScheduleItem } from '@shared/domain'
import { EmptyState, type EmptyStateAction } from '@renderer/components/EmptyState'
import { dayLabel, type ZonedParts } from './calendarDates'
import { POST_STATUS_LABELS, POST_TYPE_LABELS, SLOT_STATUS_LABELS, itemEntry, postEditorPath, type Entry } from './entries'
import { useSchedule } from './scheduleContext'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const LIST_DAY_ROW_PX = 40
const LIST_ITEM_ROW_PX = 52
/** Narrower than this, a row puts who and what on two lines and leaves the post type out (the six columns need ~500 px). */
const NARROW_LIST_PX = 560
/** Where layout reports no height (a DOM without layout), the list assumes this much room. */
const FALLBACK_HEIGHT_PX = 640

type Row = { kind: 'day'; key: string; day: string } | { kind: 'entry'; key: string; entry: Entry }

/** Items (already in time order) with a heading row before each new local day. */
function listRows(items: readonly ScheduleItem[], clock: (instant: string) => ZonedParts): Row[] {
  const rows: Row[] = []
  let day: string | null = null
  for (const item of items) {
    const entry = itemEntry(item, clock)
    if (entry.date !== day) {
      day = entry.date
      rows.push({ kind: 'day', key: `day:${day}`, day })
    }
    rows.push({ kind: 'entry', key: entry.id, entry })
  }
  return rows
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    // Rows lay out by the list's own width (a phone, or a window narrowed by the navigation).
    containerType: 'inline-size'
  },
  scroller: {
    overflowY: 'auto',
    flexGrow: 1,
    minHeight: '320px',
    maxHeight: 'calc(100vh - 260px)',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` }
  },
  sizer: { position: 'relative', width: '100%' },
  row: { position: 'absolute', top: 0, left: 0, width: '100%', boxSizing: 'border-box' },
  dayRow: {
    display: 'flex',
    alignItems: 'flex-end',
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  dayHeading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  item: {
    display: 'grid',
    gridTemplateColumns: '48px 24px minmax(120px, 2fr) minmax(80px, 1fr) minmax(80px, 1fr) 88px',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    width: '100%',
    height: '100%',
    padding: `0 ${tokens.spacingHorizontalM}`,
    boxSizing: 'border-box',
    border: 'none',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    textAlign: 'left',
    // Too narrow for six columns: who and what on two lines beside the time and status; the type goes.
    [`@container (max-width: ${NARROW_LIST_PX}px)`]: {
      gridTemplateColumns: '44px 24px minmax(0, 1fr) auto',
      gridTemplateRows: 'auto auto',
      gridTemplateAreas: '"time avatar who status" "time avatar what status"',
      rowGap: 0
    }
  },
  time: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold, [`@container (max-width: ${NARROW_LIST_PX}px)`]: { gridArea: 'time' } },
  avatar: { [`@container (max-width: ${NARROW_LIST_PX}px)`]: { gridArea: 'avatar' } },
  who: { [`@container (max-width: ${NARROW_LIST_PX}px)`]: { gridArea: 'who' } },
  what: { [`@container (max-width: ${NARROW_LIST_PX}px)`]: { gridArea: 'what', fontSize: tokens.fontSizeBase200 } },
  type: { [`@container (max-width: ${NARROW_LIST_PX}px)`]: { display: 'none' } },
  status: { [`@container (max-width: ${NARROW_LIST_PX}px)`]: { gridArea: 'status' } },
  clickable: {
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  link: { textDecoration: 'none' },
  missed: { color: tokens.colorNeutralForeground3, opacity: 0.6 },
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis' },
  noShrink: { flexShrink: 0, maxWidth: '40%' },
  muted: { color: tokens.colorNeutralForeground3 },
  tag: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0 },
  footer: { display: 'flex', justifyContent: 'center', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingVerticalS }
})

/** What a slot is for, as its row's tooltip: the tag, the idea and the audience. */
function slotWhat(slot: Pick<AssignedSlot, 'comment' | 'targetAudience' | 'tag' | 'businessPostTag'>): string {
  const tag = slot.tag ?? slot.businessPostTag
  return [tag ? `Tag: ${tag.title}` : '', slot.comment ? `Idea: ${slot.comment}` : '', slot.targetAudience ? `Audience: ${slot.targetAudience}` : '']
    .filter((line) => line !== '')
    .join('\n')
}

function SlotRow({ slot, time }: { slot: AssignedSlot; time: string }) {
  const styles = useStyles()
  const { openEdit, openMenu } = useSchedule()
  const tag = slot.tag ?? slot.businessPostTag
  const pages = slot.businessPages.map((p) => p.linkedInCompanyName).join(', ')
  return (
    <button
      type="button"
      className={mergeClasses(styles.item, styles.clickable, slot.status === 'MISSED' && styles.missed)}
      data-testid={`list-slot-${slot.id}`}
      data-slot-id={slot.id}
      data-status={slot.status}
      onClick={() => openEdit(slot)}
      onContextMenu={(event) => {
        event.preventDefault()
        openMenu(slot, event.currentTarget)
      }}
    >
      <span className={styles.time}>{time}</span>
      <PersonAvatar
        className={styles.avatar}
        name={slot.assignee.fullName}
        image={slot.assignee.image ? { src: slot.assignee.image } : undefined}
        size={24}
        color="colorful"
        aria-hidden
      />
      <span className={mergeClasses(styles.cell, styles.who)}>
        <span className={styles.ellipsis} title={slot.assignee.fullName}>
          {slot.assignee.fullName}
        </span>
        {slot.isBusinessPageSlot ? (
          <>
            <Building16Regular aria-hidden />
            <span className={mergeClasses(styles.ellipsis, styles.muted)}>{pages}</span>
          </>
        ) : null}
      </span>
      <span className={mergeClasses(styles.cell, styles.what)} title={slotWhat(slot) || undefined} data-testid="list-slot-what">
        {tag ? (
          <>
            <span className={styles.tag} style={{ backgroundColor: tag.color }} aria-hidden />
            <span className={mergeClasses(styles.ellipsis, styles.noShrink)}>{tag.title}</span>
          </>
        ) : null}
        {slot.comment ? <span className={styles.ellipsis}>{slot.comment}</span> : null}
        {slot.targetAudience ? <span className={mergeClasses(styles.ellipsis, styles.muted)}>{`for ${slot.targetAudience}`}</span> : null}
      </span>
      <span className={mergeClasses(styles.cell, styles.muted, styles.type)}>{POST_TYPE_LABELS[slot.postType]}</span>
      <span className={mergeClasses(styles.cell, styles.status)}>
        <Badge
          appearance="tint"
          color={slot.status === 'DONE' ? 'success' : slot.status === 'MISSED' ? 'subtle' : 'brand'}
          icon={slot.status === 'DONE' ? <Checkmark16Filled /> : undefined}
        >
          {SLOT_STATUS_LABELS[slot.status]}
        </Badge>
      </span>
    </button>
  )
}

function PostRow({ entry }: { entry: Extract<Entry, { kind: 'post' }> }) {
  const styles = useStyles()
  const { post } = entry
  return (
    <Link
      to={postEditorPath(post.id)}
      className={mergeClasses(styles.item, styles.clickable, styles.link)}
      data-testid={`list-post-${post.id}`}
    >
      <span className={styles.time}>{entry.time}</span>
      <PersonAvatar
        className={styles.avatar}
        name={post.account.name}
        image={post.account.image ? { src: post.account.image } : undefined}
        size={24}
        color="colorful"
        aria-hidden
      />
      <span className={mergeClasses(styles.cell, styles.who)}>
        <span className={styles.ellipsis} title={post.account.name}>
          {post.account.name}
        </span>
      </span>
      <span className={mergeClasses(styles.cell, styles.muted, styles.what)}>
        <span dir="auto" className={styles.ellipsis}>{post.excerpt}</span>
      </span>
      <span className={mergeClasses(styles.cell, styles.muted, styles.type)}>{POST_TYPE_LABELS[post.postType]}</span>
      <span className={mergeClasses(styles.cell, styles.status)}>
        <Badge appearance="tint" color="important">
          {POST_STATUS_LABELS[post.status]}
        </Badge>
      </span>
    </Link>
  )
}

/**
 * The Plan as a time-ordered list grouped by day (GET /schedule, a page at a time). Only the rows
 * in view are in the DOM (@tanstack/react-virtual), so thousands of slots stay smooth; the next
 * page loads when the end comes into view, or with 'Load more'.
 */
export function ListView({
  items,
  ready,
  hasNextPage,
  loadingMore,
  onLoadMore,
  title,
  emptyAction,
  emptyHint
}: {
  items: readonly ScheduleItem[]
  ready: boolean
  hasNextPage: boolean
  loadingMore: boolean
  onLoadMore: () => void
  title: string
  /** What an empty list offers to do next (assign a slot, or clear the filters). */
  emptyAction?: EmptyStateAction
  emptyHint?: string
}) {
  const styles = useStyles()
  const { clock } = useSchedule()
  const scroller = useRef<HTMLDivElement>(null)
  const rows = useMemo(() => listRows(items, clock), [items, clock])
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be read during render
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? LIST_DAY_ROW_PX : LIST_ITEM_ROW_PX),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_HEIGHT_PX }))
  })
  const virtualRows = virtualizer.getVirtualItems()
  const lastIndex = virtualRows[virtualRows.length - 1]?.index ?? -1

  useEffect(() => {
    if (hasNextPage && !loadingMore && rows.length > 0 && lastIndex >= rows.length - 10) onLoadMore()
  }, [hasNextPage, loadingMore, lastIndex, rows.length, onLoadMore])

  if (ready && rows.length === 0) {
    return (
      <div className={styles.root} data-testid="schedule-list" data-ready="true">
        <EmptyState message="No results found" hint={emptyHint} action={emptyAction} />
      </div>
    )
  }

  return (
    <section className={styles.root} aria-label={title} data-testid="schedule-list" data-ready={ready ? 'true' : 'false'}>
      {/* The scroller is a named region Tab reaches, so the keyboard scrolls it; the list is inside it. */}
      <div ref={scroller} className={styles.scroller} tabIndex={0} role="region" aria-label={`${title}: slots and posts`} data-testid="schedule-list-scroller">
        <div className={styles.sizer} style={{ height: virtualizer.getTotalSize() }} role="list">
          {virtualRows.map((virtualRow) => {
            const row = rows[virtualRow.index]!
            return (
              <div
                key={virtualRow.key}
                role="listitem"
                className={mergeClasses(styles.row, row.kind === 'day' && styles.dayRow)}
                style={{ height: virtualRow.size, transform: `translateY(${virtualRow.start}px)` }}
                data-testid={row.kind === 'day' ? `list-day-${row.day}` : 'list-row'}
              >
                {row.kind === 'day' ? (
                  <h3 className={styles.dayHeading}>{dayLabel(row.day)}</h3>
                ) : row.entry.kind === 'slot' ? (
                  <SlotRow slot={row.entry.slot} time={row.entry.time} />
                ) : (
                  <PostRow entry={row.entry} />
                )}
              </div>
            )
          })}
        </div>
      </div>
      {hasNextPage || loadingMore ? (
        <div className={styles.footer}>
          {loadingMore ? <Spinner size="tiny" label="Loading more…" /> : null}
          {hasNextPage && !loadingMore ? (
            <Button onClick={onLoadMore} data-testid="schedule-load-more">
              Load more
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
