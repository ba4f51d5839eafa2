import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { dayLabel, formatDay } from './calendarDates'
import { useDayDrop } from './dnd'
import { EntryChip, MoreEntries } from './EntryChip'
import { laneBox, layoutDay, weekLanes, type Entry } from './entries'
import { useSchedule } from './scheduleContext'
import { FORCED_COLORS_SELECTED } from '@renderer/components/forcedColors'

const HOUR_PX = 48
/** A block is drawn half an hour tall, so a slot's name stays readable. */
const BLOCK_MINUTES = 30
/** Below this a chip drops its avatar, status, page and tag marks (tooltip and name keep them) for the name. */
const WEEK_FULL_CHIP_PX = 140
/**
 * Below this a chip drops its time too: beside the time a 78-px lane (two overlapping slots at 1440)
 * left two letters of the name ('09:00 Al…'). The block's place against the hours says when, the
 * tooltip and accessible name say it exactly, and the name says who.
 */
const WEEK_TIMED_CHIP_PX = 112
/** The hour the week opens scrolled to. */
const WEEK_SCROLL_HOUR = 8

const HOURS = Array.from({ length: 24 }, (_, h) => h)
const GUTTER_PX = 56
/**
 * The narrowest a day column gets: below it (a phone) the week scrolls sideways instead of squeezing
 * each chip to its first letters or its time alone.
 */
const WEEK_MIN_DAY_PX = 104
const GUTTER = `${GUTTER_PX}px`

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflowX: 'auto',
    overflowY: 'hidden'
  },
  // The day headers and the hours scroll sideways together on a narrow screen.
  wide: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, minWidth: `${GUTTER_PX + 7 * WEEK_MIN_DAY_PX}px` },
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
  todayNumber: { color: tokens.colorBrandForeground1, ...FORCED_COLORS_SELECTED },
  scroller: { overflowY: 'auto', flexGrow: 1, minHeight: '320px', maxHeight: 'calc(100vh - 260px)' },
  gutter: { position: 'relative' },
  hourLabel: {
    position: 'absolute',
    right: tokens.spacingHorizontalS,
    // Each label sits just below its hour line, so the first visible one (08:00, at the scroller's top) is not cut off by the day headers.
    marginTop: tokens.spacingVerticalXXS,
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

/** A day column's width in px, from the scroller's (0 until measured, e.g. under happy-dom). */
function useDayWidth(scroller: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const measure = () => setWidth(Math.max(0, (element.clientWidth - GUTTER_PX) / 7))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [scroller])
  return width
}

function DayColumn({ day, entries, width }: { day: string; entries: readonly Entry[]; width: number }) {
  const styles = useStyles()
  const { openCreate, today, keyboardMove } = useSchedule()
  const { over, dropHandlers } = useDayDrop(day)
  const target = keyboardMove.lifted?.day === day
  const maxLanes = weekLanes(width)
  const layout = useMemo(() => layoutDay(entries, BLOCK_MINUTES, maxLanes), [entries, maxLanes])
  const place = (minutes: number, box: { left: string; width: string }) => ({
    top: (minutes / 60) * HOUR_PX,
    height: (BLOCK_MINUTES / 60) * HOUR_PX - 2,
    left: box.left,
    width: box.width
  })
  return (
    <div
      className={mergeClasses(styles.day, day === today && styles.todayColumn, (over || target) && styles.over)}
      style={{ height: 24 * HOUR_PX }}
      data-testid={`week-day-${day}`}
      data-date={day}
      data-count={entries.length}
      data-drop-target={target ? 'true' : undefined}
      {...dropHandlers}
    >
      {HOURS.map((h) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- mouse shortcut: the day's header button is the keyboard way to the same modal
        <div
          key={h}
          className={styles.hour}
          style={{ height: HOUR_PX }}
          data-testid={`hour-${day}-${h}`}
          onClick={() => openCreate(day)}
        />
      ))}
      {layout.placed.map(({ entry, lane, lanes, withMore }) => {
        const box = laneBox(lane, lanes, withMore, width)
        return (
          <div key={entry.id} className={styles.block} style={place(entry.minutes, box)} data-testid={`block-${entry.id}`}>
            {/* Not measured yet (width 0): full chips, as before the width was known. */}
            <EntryChip entry={entry} compact={width > 0 && box.px < WEEK_FULL_CHIP_PX} timeless={width > 0 && box.px < WEEK_TIMED_CHIP_PX} fit />
          </div>
        )
      })}
      {layout.overflow.map((group) => {
        const time = group.entries[0]!.time
        return (
          <div
            key={`more-${group.minutes}`}
            className={styles.block}
            style={place(group.minutes, laneBox(group.lane, group.lanes, true, width))}
            data-testid={`week-more-${day}-${group.minutes}`}
          >
            <MoreEntries
              day={day}
              entries={group.all}
              label={`+${group.entries.length} more`}
              accessibleLabel={`+${group.entries.length} more from ${time} on ${dayLabel(day)}`}
              heading={`${dayLabel(day)}, from ${group.all[0]!.time}`}
              testId={`more-${day}-${time.replace(':', '')}`}
              fit
            />
          </div>
        )
      })}
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
  const dayWidth = useDayWidth(scroller)

  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = WEEK_SCROLL_HOUR * HOUR_PX
  }, [])

  // ← and → move between the days' buttons (Home and End to the week's ends), as in the month.
  const onHeadKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.dayButton
    const at = from ? days.indexOf(from) : -1
    if (at < 0) return
    const targets: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: days.length - 1 }
    const to = targets[event.key]
    if (to === undefined || to < 0 || to >= days.length) return
    event.preventDefault()
    event.currentTarget.querySelector<HTMLElement>(`[data-day-button="${days[to]}"]`)?.focus()
  }

  return (
    <section className={styles.root} aria-label={title} data-testid="schedule-week" data-ready={ready ? 'true' : 'false'} data-scrolls-sideways="">
      <div className={styles.wide}>
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the arrows bubble up from the day buttons, each a tab stop of its own */}
        <div className={mergeClasses(styles.columns, styles.head)} onKeyDown={onHeadKeyDown}>
          <div />
          {days.map((day) => (
            <button
              key={day}
              type="button"
              className={styles.dayHead}
              // Begins with what it shows ('Mon 23'), then the whole date (WCAG 2.5.3 Label in Name).
              aria-label={`${formatDay(day, 'weekdayShort')} ${formatDay(day, 'dayOfMonth')}, ${dayLabel(day)}`}
              aria-current={day === today ? 'date' : undefined}
              data-day-button={day}
              onClick={() => openCreate(day)}
            >
              <span>{formatDay(day, 'weekdayShort')}</span>{' '}
              <span className={mergeClasses(styles.dayNumber, day === today && styles.todayNumber)}>{formatDay(day, 'dayOfMonth')}</span>
            </button>
          ))}
        </div>
        <div ref={scroller} className={styles.scroller} data-testid="schedule-week-scroller">
          <div className={styles.columns}>
            <div className={styles.gutter} style={{ height: 24 * HOUR_PX }} aria-hidden>
              {HOURS.map((h) => (
                <span key={h} className={styles.hourLabel} style={{ top: h * HOUR_PX }}>
                  {`${String(h).padStart(2, '0')}:00`}
                </span>
              ))}
            </div>
            {days.map((day) => (
              <DayColumn key={day} day={day} entries={entries.get(day) ?? []} width={dayWidth} />
            ))}
          </div>
        </div>
      </div>
    </section>
  )
}
