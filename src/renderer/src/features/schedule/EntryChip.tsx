import type { CSSProperties, MouseEvent } from 'react'
import { Link } from 'react-router-dom'
import { Avatar, Button, Popover, PopoverSurface, PopoverTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Building16Regular, Checkmark16Filled, Document16Regular } from '@fluentui/react-icons'
import type { AssignedSlot } from '@shared/domain'
import { useSlotDrag } from './dnd'
import { POST_STATUS_LABELS, postEditorPath, postLabel, slotLabel, type Entry } from './entries'
import { dayLabel } from './calendarDates'
import { useSchedule } from './scheduleContext'

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
  draggable: { cursor: 'grab' },
  missed: { opacity: 0.55, borderLeftColor: tokens.colorNeutralStroke1, color: tokens.colorNeutralForeground3 },
  done: { borderLeftColor: tokens.colorPaletteGreenBorderActive },
  post: { borderLeftColor: tokens.colorPalettePurpleBorderActive, textDecoration: 'none' },
  time: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold, flexShrink: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, flexGrow: 1 },
  tag: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0 },
  icon: { flexShrink: 0, display: 'flex' },
  doneIcon: { flexShrink: 0, display: 'flex', color: tokens.colorPaletteGreenForeground1 },
  more: { minWidth: 0, height: '20px', padding: `0 ${tokens.spacingHorizontalXS}`, fontSize: tokens.fontSizeBase200, justifyContent: 'flex-start' },
  popover: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '260px', maxHeight: '320px', overflowY: 'auto' },
  popoverTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold }
})

/** One slot: time, assignee, tag colour, page icon, status; click or Enter edits, drag moves. */
export function SlotChip({ slot, time, showAvatar = true, style }: { slot: AssignedSlot; time: string; showAvatar?: boolean; style?: CSSProperties }) {
  const styles = useStyles()
  const { openEdit, openMenu } = useSchedule()
  const drag = useSlotDrag(slot)
  const tag = slot.tag ?? slot.businessPostTag
  const pages = slot.businessPages.map((p) => p.linkedInCompanyName).join(', ')
  return (
    <button
      type="button"
      className={mergeClasses(
        styles.chip,
        drag.draggable && styles.draggable,
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
      {slot.status === 'DONE' ? (
        <span className={styles.doneIcon}>
          <Checkmark16Filled aria-hidden />
        </span>
      ) : null}
      <span className={styles.time}>{time}</span>
      {showAvatar ? (
        <Avatar name={slot.assignee.fullName} image={slot.assignee.image ? { src: slot.assignee.image } : undefined} size={16} color="colorful" aria-hidden />
      ) : null}
      <span className={styles.name}>{slot.assignee.fullName}</span>
      {slot.isBusinessPageSlot ? (
        <span className={styles.icon} title={pages}>
          <Building16Regular aria-hidden />
        </span>
      ) : null}
      {tag ? <span className={styles.tag} style={{ backgroundColor: tag.color }} title={tag.title} aria-hidden /> : null}
    </button>
  )
}

/** A post (published or planned): opens in the editor; not moved here. */
export function PostChip({ entry, style }: { entry: Extract<Entry, { kind: 'post' }>; style?: CSSProperties }) {
  const styles = useStyles()
  const { post } = entry
  return (
    <Link
      to={postEditorPath(post.id)}
      className={mergeClasses(styles.chip, styles.post)}
      style={style}
      aria-label={postLabel(post, entry.time)}
      title={`${POST_STATUS_LABELS[post.status]}: ${post.excerpt}`}
      data-testid={`post-${post.id}`}
      draggable={false}
      onClick={(event) => event.stopPropagation()}
    >
      <span className={styles.icon}>{post.account.kind === 'page' ? <Building16Regular aria-hidden /> : <Document16Regular aria-hidden />}</span>
      <span className={styles.time}>{entry.time}</span>
      <span className={styles.name}>{post.account.name}</span>
    </Link>
  )
}

export function EntryChip({ entry, showAvatar, style }: { entry: Entry; showAvatar?: boolean; style?: CSSProperties }) {
  return entry.kind === 'slot' ? <SlotChip slot={entry.slot} time={entry.time} showAvatar={showAvatar} style={style} /> : <PostChip entry={entry} style={style} />
}

/** '+N more': the day's remaining entries in a popover. */
export function MoreEntries({
  day,
  entries,
  label,
  accessibleLabel = `${label} on ${dayLabel(day)}`,
  style
}: {
  day: string
  entries: readonly Entry[]
  /** The visible text, e.g. '+3 more'. */
  label: string
  accessibleLabel?: string
  style?: CSSProperties
}) {
  const styles = useStyles()
  return (
    <Popover withArrow trapFocus positioning="below-start">
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          className={styles.more}
          style={style}
          aria-label={accessibleLabel}
          data-testid={`more-${day}`}
          onClick={(event) => event.stopPropagation()}
        >
          {label}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={dayLabel(day)} data-testid={`more-list-${day}`}>
        <div className={styles.popover} onClick={(event) => event.stopPropagation()}>
          <h3 className={styles.popoverTitle}>{dayLabel(day)}</h3>
          {entries.map((entry) => (
            <EntryChip key={entry.id} entry={entry} />
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  )
}
