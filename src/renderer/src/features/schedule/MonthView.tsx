import { useRef, useState, type KeyboardEvent } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { addDays, formatDay, monthCellLabel, monthCellText, sameMonth, weekDays } from './calendarDates'
import { useDayDrop } from './dnd'
import { EntryChip, MoreEntries } from './EntryChip'
import type { Entry } from './entries'
import { useSchedule } from './scheduleContext'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { FORCED_COLORS_SELECTED } from '@renderer/components/forcedColors'

/** Entries a day cell shows before '+N more'. */
const MONTH_CELL_ENTRIES = 3

const useStyles = makeStyles({
  grid: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: '560px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden'
  },
  row: { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' },
  week: { flexGrow: 1, flexBasis: 0, minHeight: '96px', borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  header: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'left',
    '& abbr': { textDecorationLine: 'none' }
  },
  cell: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    minWidth: 0,
    padding: tokens.spacingHorizontalXS,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    cursor: 'pointer',
    overflow: 'hidden',
    ':first-child': { borderLeft: 'none' },
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover }
  },
  outside: { backgroundColor: tokens.colorNeutralBackground2 },
  over: { backgroundColor: tokens.colorBrandBackground2, outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  dayButton: {
    alignSelf: 'flex-start',
    minWidth: '24px',
    height: '24px',
    padding: `0 ${tokens.spacingHorizontalXS}`,
    border: 'none',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` }
  },
  outsideText: { color: tokens.colorNeutralForeground4 },
  today: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ...FORCED_COLORS_SELECTED
  }
})

function DayCell({
  day,
  entries,
  inMonth,
  focusable,
  onFocusDay
}: {
  day: string
  entries: readonly Entry[]
  inMonth: boolean
  focusable: boolean
  onFocusDay: (day: string) => void
}) {
  const styles = useStyles()
  const { openCreate, today, keyboardMove } = useSchedule()
  const { over, dropHandlers } = useDayDrop(day)
  const target = keyboardMove.lifted?.day === day
  // A phone's day is about 50 pixels wide: its chips keep the time and what of the name fits (the rest
  // is in their tooltip and accessible name), not an avatar and tag dot that would stick out of the day.
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const overflowing = entries.length > MONTH_CELL_ENTRIES
  const shown = overflowing ? entries.slice(0, MONTH_CELL_ENTRIES - 1) : entries
  const rest = overflowing ? entries.slice(MONTH_CELL_ENTRIES - 1) : []
  const isToday = day === today
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- mouse shortcut: the cell's day button (roving tabindex) is the keyboard way to the same modal
    <div
      role="gridcell"
      className={mergeClasses(styles.cell, !inMonth && styles.outside, (over || target) && styles.over)}
      data-testid={`day-${day}`}
      data-date={day}
      data-count={entries.length}
      data-drop-target={target ? 'true' : undefined}
      onClick={() => openCreate(day)}
      {...dropHandlers}
    >
      <button
        type="button"
        className={mergeClasses(styles.dayButton, !inMonth && styles.outsideText, isToday && styles.today)}
        aria-label={monthCellLabel(day)}
        aria-current={isToday ? 'date' : undefined}
        tabIndex={focusable ? 0 : -1}
        data-day-button={day}
        onFocus={() => onFocusDay(day)}
        onClick={(event) => {
          event.stopPropagation()
          openCreate(day)
        }}
      >
        {monthCellText(day)}
      </button>
      {shown.map((entry) => (
        <EntryChip key={entry.id} entry={entry} compact={small} />
      ))}
      {rest.length > 0 ? <MoreEntries day={day} entries={entries} label={`+${rest.length} more`} /> : null}
    </div>
  )
}

const ARROW_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

/**
 * The month: 6 weeks from the Monday on or before the 1st, in the viewer's timezone. Each day's
 * number is a button (Enter or Space opens the assign-slot modal preset to it; arrow keys move
 * between days); clicking the cell does the same; slots can be dropped on it.
 */
export function MonthView({
  month,
  days,
  entries,
  ready,
  title
}: {
  /** Any day of the month shown. */
  month: string
  days: readonly string[]
  entries: ReadonlyMap<string, Entry[]>
  ready: boolean
  title: string
}) {
  const styles = useStyles()
  const { today } = useSchedule()
  const gridRef = useRef<HTMLDivElement>(null)
  const first = days[0]!
  const last = days[days.length - 1]!
  const [focusedDay, setFocusedDay] = useState(() => (today >= first && today <= last ? today : `${month.slice(0, 7)}-01`))
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7))

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.dayButton
    let next: string | undefined
    if (from && event.key in ARROW_STEPS) next = addDays(from, ARROW_STEPS[event.key]!)
    else if (from && event.key === 'Home') next = addDays(from, -(days.indexOf(from) % 7))
    else if (from && event.key === 'End') next = addDays(from, 6 - (days.indexOf(from) % 7))
    if (!next || next < first || next > last) return
    event.preventDefault()
    setFocusedDay(next)
    gridRef.current?.querySelector<HTMLElement>(`[data-day-button="${next}"]`)?.focus()
  }

  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the arrow keys bubble up from the day buttons (roving tabindex); the grid itself is no tab stop (APG grid)
    <div
      ref={gridRef}
      role="grid"
      aria-label={title}
      className={styles.grid}
      data-testid="schedule-month"
      data-ready={ready ? 'true' : 'false'}
      onKeyDown={onKeyDown}
    >
      <div role="row" className={styles.row}>
        {weekDays(first).map((d) => (
          <div role="columnheader" key={d} className={styles.header}>
            <abbr title={formatDay(d, 'weekday')}>{formatDay(d, 'weekdayShort')}</abbr>
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0]} className={mergeClasses(styles.row, styles.week)}>
          {week.map((day) => (
            <DayCell
              key={day}
              day={day}
              entries={entries.get(day) ?? []}
              inMonth={sameMonth(day, month)}
              focusable={day === focusedDay}
              onFocusDay={setFocusedDay}
            />
          ))}
        </div>
      ))}
    </div>
  )
}
