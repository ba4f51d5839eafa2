import { useRef, type CSSProperties, type MouseEvent } from 'react'
import { Link } from 'react-router-dom'
import { Button, Popover, PopoverSurface, PopoverTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Building16Regular, Checkmark16Filled, Document16Regular } from '@fluentui/react-icons'
import type { AssignedSlot } from '@shared/domain'
import { useSlotDrag } from './dnd'
import { POST_STATUS_LABELS, postEditorPath, postLabel, slotLabel, type Entry } from './entries'
import { dayLabel } from './calendarDates'
import { useSchedule } from './scheduleContext'
import { PersonAvatar } from '@renderer/components/PersonAvatar'
import { initialsOf } from '@renderer/lib/initials'

const useStyles = makeStyles({
  chip: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
    padding: `1px ${tokens.spacingHorizontalXS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    textAlign: 'left',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' }
  },
  /**
   * A chip filling a fixed-height week block: what does not fit on its line wraps onto a second
   * line the chip hides, so the time shows whole or not at all, never as '10:3' (issue 12). The
   * empty first item (guard) keeps the time off the first place of the line, where a flex line keeps
   * even an item too wide for it.
   */
  fit: { flexWrap: 'wrap', alignContent: 'flex-start', rowGap: '8px', height: '100%', overflow: 'hidden' },
  guard: { width: 0, flexShrink: 0, marginRight: `calc(${tokens.spacingHorizontalXS} * -1)` },
  draggable: { cursor: 'grab' },
  /** Picked up from the keyboard (keyboardMove.tsx): a dashed outline until it is dropped. */
  lifted: { outline: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, outlineOffset: '1px', ':focus-visible': { outlineStyle: 'dashed' } },
  missed: { opacity: 0.55, borderLeftColor: tokens.colorNeutralStroke1, color: tokens.colorNeutralForeground3 },
  done: { borderLeftColor: tokens.colorPaletteGreenBorderActive },
  post: { borderLeftColor: tokens.colorPalettePurpleBorderActive, textDecoration: 'none' },
  time: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold, flexShrink: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, flexGrow: 1 },
  // In a fitted chip the name takes what the time leaves, ellipsized, instead of wrapping whole.
  fitName: { flexBasis: 0 },
  tag: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0 },
  icon: { flexShrink: 0, display: 'flex' },
  doneIcon: { flexShrink: 0, display: 'flex', color: tokens.colorPaletteGreenForeground1 },
  more: { minWidth: 0, height: '20px', padding: `0 ${tokens.spacingHorizontalXS}`, fontSize: tokens.fontSizeBase200, justifyContent: 'flex-start' },
  // '+12 more' in a narrow week block: 'more' goes (onto the hidden line) before '+12' is cut.
  moreFit: {
    width: '100%',
    height: '100%',
    flexWrap: 'wrap',
    alignContent: 'flex-start',
    columnGap: '0.3em',
    rowGap: '8px',
    overflow: 'hidden'
  },
  // The chip avatar's initials, drawn rather than written (see ChipAvatar).
  drawnInitials: { '::before': { content: 'attr(data-initials)' } },
  popover: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '260px', maxHeight: '320px', overflowY: 'auto' },
  popoverTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold }
})

interface ChipLayout {
  /** Time and name only (a narrow week lane): status, tag and pages stay in the tooltip and accessible name. */
  compact?: boolean
  /** No time either (a very narrow week lane): the block's place shows when, the tooltip and accessible name say it. */
  timeless?: boolean
  /** Fills a fixed-height week block (see styles.fit). */
  fit?: boolean
  style?: CSSProperties
}

/**
 * The assignee's picture beside their name: hidden from assistive technology, and its initials
 * drawn as generated content rather than text, so the chip's visible text (what its accessible
 * name must hold as one run, WCAG 2.5.3) is its time and name and not '09:00 BW Bo Writer'.
 */
function ChipAvatar({ name, image }: { name: string; image?: string | null }) {
  const styles = useStyles()
  return (
    <PersonAvatar
      name={name}
      image={image ? { src: image } : undefined}
      initials={{ children: <span className={styles.drawnInitials} data-initials={initialsOf(name)} /> }}
      size={16}
      color="colorful"
      aria-hidden
    />
  )
}

/**
 * One slot: time, assignee, tag colour, page icon, status; click or Enter edits, drag moves (and
 * from the keyboard Space picks it up, keyboardMove.tsx); Shift+F10 or the menu key opens its menu.
 */
function SlotChip({ slot, time, day, compact = false, timeless = false, fit = false, style }: { slot: AssignedSlot; time: string; day: string } & ChipLayout) {
  const styles = useStyles()
  const { openEdit, openMenu, keyboardMove } = useSchedule()
  const drag = useSlotDrag(slot)
  const lifted = keyboardMove.lifted?.slotId === slot.id
  // A Space the keyboard move took: its key-up must not click the chip too.
  const tookSpace = useRef(false)
  const tag = slot.tag ?? slot.businessPostTag
  const pages = slot.businessPages.map((p) => p.linkedInCompanyName).join(', ')
  return (
    <button
      type="button"
      className={mergeClasses(
        styles.chip,
        fit && styles.fit,
        drag.draggable && styles.draggable,
        lifted && styles.lifted,
        slot.status === 'MISSED' && styles.missed,
        slot.status === 'DONE' && styles.done
      )}
      style={style}
      aria-label={slotLabel(slot, time)}
      title={slotLabel(slot, time)}
      data-testid={`slot-${slot.id}`}
      data-slot-id={slot.id}
      data-status={slot.status}
      data-movable={drag.draggable ? 'true' : 'false'}
      data-lifted={lifted ? 'true' : undefined}
      aria-keyshortcuts={drag.draggable ? 'Space Shift+F10' : 'Shift+F10'}
      onKeyDown={(event) => {
        if (keyboardMove.onChipKey(slot, day, event)) {
          event.preventDefault()
          event.stopPropagation()
          tookSpace.current = event.key === ' '
          return
        }
        // The menu from the keyboard, where the browser sends no contextmenu event for these keys.
        if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
          event.preventDefault()
          openMenu(slot, event.currentTarget)
        }
      }}
      onKeyUp={(event) => {
        if (event.key === ' ' && tookSpace.current) {
          event.preventDefault()
          tookSpace.current = false
        }
      }}
      onBlur={() => keyboardMove.onChipBlur(slot)}
      onClick={(event: MouseEvent) => {
        event.stopPropagation()
        openEdit(slot)
      }}
      onContextMenu={(event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault()
        event.stopPropagation()
        openMenu(slot, event.currentTarget)
      }}
      {...drag}
    >
      {fit ? <span className={styles.guard} aria-hidden /> : null}
      {slot.status === 'DONE' && !compact ? (
        <span className={styles.doneIcon}>
          <Checkmark16Filled aria-hidden />
        </span>
      ) : null}
      {!timeless ? (
        <span className={styles.time} data-part="time">
          {time}
        </span>
      ) : null}
      {/* A word break between time and name in the chip's text (a flex container draws no space for it). */}
      {!timeless ? ' ' : null}
      {!compact ? <ChipAvatar name={slot.assignee.fullName} image={slot.assignee.image} /> : null}
      <span className={mergeClasses(styles.name, fit && styles.fitName)} data-part="name">
        {slot.assignee.fullName}
      </span>
      {slot.isBusinessPageSlot && !compact ? (
        <span className={styles.icon} title={pages}>
          <Building16Regular aria-hidden />
        </span>
      ) : null}
      {tag && !compact ? <span className={styles.tag} style={{ backgroundColor: tag.color }} title={tag.title} aria-hidden /> : null}
    </button>
  )
}

/** A post (published or planned): opens in the editor; not moved here. */
function PostChip({ entry, compact = false, timeless = false, fit = false, style }: { entry: Extract<Entry, { kind: 'post' }> } & ChipLayout) {
  const styles = useStyles()
  const { post } = entry
  return (
    <Link
      to={postEditorPath(post.id)}
      className={mergeClasses(styles.chip, fit && styles.fit, styles.post)}
      style={style}
      aria-label={postLabel(post, entry.time)}
      title={`${POST_STATUS_LABELS[post.status]}: ${post.excerpt}`}
      data-testid={`post-${post.id}`}
      draggable={false}
      onClick={(event) => event.stopPropagation()}
    >
      {fit ? <span className={styles.guard} aria-hidden /> : null}
      {!compact ? (
        <span className={styles.icon}>
          {post.account.kind === 'page' ? <Building16Regular aria-hidden /> : <Document16Regular aria-hidden />}
        </span>
      ) : null}
      {!timeless ? (
        <span className={styles.time} data-part="time">
          {entry.time}
        </span>
      ) : null}
      {!timeless ? ' ' : null}
      <span className={mergeClasses(styles.name, fit && styles.fitName)} data-part="name">
        {post.account.name}
      </span>
    </Link>
  )
}

export function EntryChip({ entry, ...layout }: { entry: Entry } & ChipLayout) {
  return entry.kind === 'slot' ? <SlotChip slot={entry.slot} time={entry.time} day={entry.date} {...layout} /> : <PostChip entry={entry} {...layout} />
}

/** '+N more': entries of the day in a popover (the month: the whole day; the week: all at that time). */
export function MoreEntries({
  day,
  entries,
  label,
  accessibleLabel = `${label} on ${dayLabel(day)}`,
  heading = dayLabel(day),
  testId = `more-${day}`,
  fit = false,
  style
}: {
  day: string
  entries: readonly Entry[]
  /** The visible text, e.g. '+3 more'. */
  label: string
  accessibleLabel?: string
  /** The list's title. */
  heading?: string
  /** The button's; the list's is the same with 'more-list-'. */
  testId?: string
  /** Fills a week block: words that do not fit go whole (styles.moreFit). */
  fit?: boolean
  style?: CSSProperties
}) {
  const styles = useStyles()
  return (
    <Popover withArrow trapFocus positioning="below-start">
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          className={mergeClasses(styles.more, fit && styles.moreFit)}
          style={style}
          aria-label={accessibleLabel}
          data-testid={testId}
          onClick={(event) => event.stopPropagation()}
        >
          {fit ? label.split(' ').map((word, i) => <span key={i}>{i > 0 ? ` ${word}` : word}</span>) : label}
        </Button>
      </PopoverTrigger>
      {/* The surface is a portal, but React bubbles its clicks to the day: none of them (its padding's too) is a click on the day. */}
      <PopoverSurface aria-label={heading} data-testid={testId.replace(/^more-/, 'more-list-')} onClick={(event) => event.stopPropagation()}>
        <div className={styles.popover}>
          <h3 className={styles.popoverTitle}>{heading}</h3>
          {entries.map((entry) => (
            <EntryChip key={entry.id} entry={entry} />
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  )
}
