import { useLayoutEffect, useMemo, useRef } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { dayLabel, formatDay } from './calendarDates'
import { useDayDrop } from './dnd'
import { EntryChip, MoreEntries } from './EntryChip'
import { layoutDay, type Entry } from './entries'
import { useSchedule } from './scheduleContext'

export const HOUR_PX = 48
/** A block is drawn half an hour tall, so a slot's name stays readable. */
export const BLOCK_MINUTES = 30
export const WEEK_MAX_LANES = 3
/** The hour the week opens scrolled to. */
export const WEEK_SCROLL_HOUR = 8

const HOURS = Array.from({ length: 24 }, (_, h) => h)
const GUTTER = '56px'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden'
  },
  columns: { display: 'grid', gridTemplateColumns: `${GUTTER} repeat(7, minmax(0, 1fr))` },
  head: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  dayHead: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '2px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    textAlign: 'left',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  dayNumber: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  todayNumber: { color: tokens.colorBrandForeground1 },
  scroller: { overflowY: 'auto', flexGrow: 1, minHeight: '320px', maxHeight: 'calc(100vh - 260px)' },
  gutter: { position: 'relative' },
  hourLabel: {
    position: 'absolute',
    right: tokens.spacingHorizontalS,
    transform: 'translateY(-50%)',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase100,
    fontVariantNumeric: 'tabular-nums'
  },
  day: { position: 'relative', borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}` },
  todayColumn: { backgroundColor: tokens.colorNeutralBackground2 },
  over: { backgroundColor: tokens.colorBrandBackground2, outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  hour: {
    boxSizing: 'border-box',
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover }
  },
  block: { position: 'absolute', boxSizing: 'border-box', paddingRight: '2px', overflow: 'hidden' }
})

function DayColumn({ day, entries }: { day: string; entries: readonly Entry[] }) {
  const styles = useStyles()
  const { openCreate, today } = useSchedule()
  const { over, dropHandlers } = useDayDrop(day)
  const layout = useMemo(() => layoutDay(entries, BLOCK_MINUTES, WEEK_MAX_LANES), [entries])
  const place = (minutes: number, lane: number, lanes: number) => ({
    top: (minutes / 60) * HOUR_PX,
    height: (BLOCK_MINUTES / 60) * HOUR_PX - 2,
    left: `${(lane / lanes) * 100}%`,
    width: `${100 / lanes}%`
  })
  return (
    <div
      className={mergeClasses(styles.day, day === today && styles.todayColumn, over && styles.over)}
      style={{ height: 24 * HOUR_PX }}
      data-testid={`week-day-${day}`}
      data-date={day}
      data-count={entries.length}
      {...dropHandlers}
    >
      {HOURS.map((h) => (
        // Mouse shortcut: the day's header button is the keyboard way to the same modal.
        <div
          key={h}
          className={styles.hour}
          style={{ height: HOUR_PX }}
          data-testid={`hour-${day}-${h}`}
          onClick={() => openCreate(day)}
        />
      ))}
      {layout.placed.map(({ entry, lane, lanes }) => (
        <div key={entry.id} className={styles.block} style={place(entry.minutes, lane, lanes)} data-testid={`block-${entry.id}`}>
          <EntryChip entry={entry} showAvatar={lanes < 3} style={{ height: '100%' }} />
        </div>
      ))}
      {layout.overflow.map((group) => (
        <div key={`more-${group.minutes}`} className={styles.block} style={place(group.minutes, group.lane, group.lanes)}>
          <MoreEntries
            day={day}
            entries={group.entries}
            label={`+${group.entries.length}`}
            accessibleLabel={`+${group.entries.length} more from ${group.entries[0]!.time} on ${dayLabel(day)}`}
          />
        </div>
      ))}
    </div>
  )
}

/**
 * A week: 7 day columns by 24 hours, opened scrolled to 8:00. Slots sit at their local time
 * (side by side where they overlap); clicking an empty hour or the day's header opens the
 * assign-slot modal preset to that day; slots can be dragged to another day.
 */
export function WeekView({ days, entries, ready, title }: { days: readonly string[]; entries: ReadonlyMap<string, Entry[]>; ready: boolean; title: string }) {
  const styles = useStyles()
  const { openCreate, today } = useSchedule()
  const scroller = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = WEEK_SCROLL_HOUR * HOUR_PX
  }, [])

  return (
    <section className={styles.root} aria-label={title} data-testid="schedule-week" data-ready={ready ? 'true' : 'false'}>
      <div className={mergeClasses(styles.columns, styles.head)}>
        <div />
        {days.map((day) => (
          <button
            key={day}
            type="button"
            className={styles.dayHead}
            aria-label={dayLabel(day)}
            aria-current={day === today ? 'date' : undefined}
            data-day-button={day}
            onClick={() => openCreate(day)}
          >
            <span>{formatDay(day, 'EEE')}</span>
            <span className={mergeClasses(styles.dayNumber, day === today && styles.todayNumber)}>{formatDay(day, 'd')}</span>
          </button>
        ))}
      </div>
      <div ref={scroller} className={styles.scroller} data-testid="schedule-week-scroller">
        <div className={styles.columns}>
          <div className={styles.gutter} style={{ height: 24 * HOUR_PX }} aria-hidden>
            {HOURS.slice(1).map((h) => (
              <span key={h} className={styles.hourLabel} style={{ top: h * HOUR_PX }}>
                {`${String(h).padStart(2, '0')}:00`}
              </span>
            ))}
          </div>
          {days.map((day) => (
            <DayColumn key={day} day={day} entries={entries.get(day) ?? []} />
          ))}
        </div>
      </div>
    </section>
  )
}
