import { zonedInstant } from '@shared/rules/slots'
import { formatDate, formatDateRange, type DateStyle } from '@renderer/lib/formatDate'

/**
 * Calendar arithmetic for the Plan screen. Days are 'yyyy-MM-dd' strings in the viewer's timezone;
 * adding days to such a string is plain calendar arithmetic (no timezone involved), and only the
 * range sent to the server and the placement of instants look at the timezone.
 */

export type CalendarView = 'month' | 'week' | 'list'

/** Weeks start on Monday (ISO 8601). */
const WEEK_STARTS_ON = 1
const MONTH_GRID_DAYS = 42

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const HOUR_MS = 3_600_000

export function isDateString(value: string | null | undefined): value is string {
  if (!value) return false
  const match = DATE_RE.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number]
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date)
  return fromUtc(Date.UTC(y, m - 1, d + days))
}

/** The same day of another month, clamped to that month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date)
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  return fromUtc(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)))
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = parts(a)
  const [by, bm, bd] = parts(b)
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000)
}

/** 0 = Sunday … 6 = Saturday. */
function weekday(date: string): number {
  const [y, m, d] = parts(date)
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`
}

function startOfWeek(date: string): string {
  return addDays(date, -((weekday(date) - WEEK_STARTS_ON + 7) % 7))
}

export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7)
}

/** The 6 weeks (42 days) shown for the month of `date`, from the Monday on or before the 1st. */
export function monthGrid(date: string): string[] {
  const first = startOfWeek(startOfMonth(date))
  return Array.from({ length: MONTH_GRID_DAYS }, (_, i) => addDays(first, i))
}

export function weekDays(date: string): string[] {
  const first = startOfWeek(date)
  return Array.from({ length: 7 }, (_, i) => addDays(first, i))
}

/** The days a view shows: the month grid, the week, or (list) the month itself. */
export function visibleDays(view: CalendarView, date: string): { first: string; last: string } {
  if (view === 'week') {
    const days = weekDays(date)
    return { first: days[0]!, last: days[6]! }
  }
  if (view === 'month') {
    const days = monthGrid(date)
    return { first: days[0]!, last: days[MONTH_GRID_DAYS - 1]! }
  }
  const first = startOfMonth(date)
  return { first, last: addDays(addMonths(first, 1), -1) }
}

/**
 * The days an export of the view holds: the week on screen, or the month itself — not the days of
 * the months beside it that fill the month grid's first and last weeks ("December" is December).
 */
export function exportDays(view: CalendarView, date: string): { first: string; last: string } {
  return visibleDays(view === 'week' ? 'week' : 'list', date)
}

/** [from, to) as ISO instants: local midnight of the first day to local midnight after the last. */
export function instantRange(days: { first: string; last: string }, timeZone: string): { from: string; to: string } {
  return {
    from: zonedInstant(days.first, '00:00', timeZone).toISOString(),
    to: zonedInstant(addDays(days.last, 1), '00:00', timeZone).toISOString()
  }
}

/** The previous or next period of a view (a week, or a month for month and list). */
export function shiftPeriod(view: CalendarView, date: string, direction: -1 | 1): string {
  return view === 'week' ? addDays(date, 7 * direction) : addMonths(startOfMonth(date), direction)
}

/** 'Tuesday, 1 December 2026' (in the user's locale, lib/formatDate): the accessible name of a day. */
export function dayLabel(date: string): string {
  return formatDate(date, 'dateLong')
}

/** What a month cell's day button shows: '1 Dec' on the first of a month, else '9'. */
export function monthCellText(date: string): string {
  return formatDate(date, date.endsWith('-01') ? 'dayMonth' : 'dayOfMonth')
}

/**
 * The accessible name of a month cell's day button: the whole date, led by what the button shows
 * when the date does not already hold it ('1 Dec, Tuesday, 1 December 2026'), so a speech user can
 * say what they see (WCAG 2.5.3 Label in Name).
 */
export function monthCellLabel(date: string): string {
  const shown = monthCellText(date)
  const whole = dayLabel(date)
  return containsWords(whole, shown) ? whole : `${shown}, ${whole}`
}

/** Whether `text` holds the words of `part` one after another ('1 December' holds '1' but not '1 Dec'). */
function containsWords(text: string, part: string): boolean {
  const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const have = words(text)
  const want = words(part)
  return have.some((_, i) => want.every((word, j) => have[i + j] === word))
}

/** A calendar day in one of the app's date styles (lib/formatDate), e.g. 'weekdayShort' for a column head. */
export function formatDay(date: string, style: DateStyle): string {
  return formatDate(date, style)
}

/** The toolbar title: 'December 2026', or for a week '30 November – 6 December 2026' (the locale's range). */
export function periodTitle(view: CalendarView, date: string): string {
  if (view !== 'week') return formatDay(date, 'monthYear')
  const days = weekDays(date)
  return formatDateRange(days[0]!, days[6]!, 'date')
}

export interface ZonedParts {
  /** 'yyyy-MM-dd' */
  date: string
  /** 'HH:mm' */
  time: string
  /** Minutes since local midnight, by the wall clock. */
  minutes: number
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0')

/**
 * Places instants in a timezone fast enough for thousands of slots: the UTC offset is looked up
 * with Intl once per hour of time (and checked at both ends of that hour), instead of once per
 * instant. Gives the same answers as localDate/localTime of shared/rules/slots.
 */
export function zonedClock(timeZone: string): (instant: string | Date) => ZonedParts {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric'
  })
  const offsetAt = (ms: number): number => {
    const whole = Math.floor(ms / 1000) * 1000
    const p: Record<string, number> = {}
    for (const part of formatter.formatToParts(new Date(whole))) {
      if (part.type !== 'literal') p[part.type] = Number(part.value)
    }
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!)
    return wall - whole
  }
  const byHour = new Map<number, number | null>()
  const offset = (ms: number): number => {
    const hour = Math.floor(ms / HOUR_MS)
    let cached = byHour.get(hour)
    if (cached === undefined) {
      const start = offsetAt(hour * HOUR_MS)
      cached = start === offsetAt(hour * HOUR_MS + HOUR_MS - 1000) ? start : null
      byHour.set(hour, cached)
    }
    return cached ?? offsetAt(ms)
  }
  return (instant) => {
    const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime()
    const wall = new Date(ms + offset(ms))
    const hours = wall.getUTCHours()
    const minutes = wall.getUTCMinutes()
    return {
      date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
      time: `${pad(hours)}:${pad(minutes)}`,
      minutes: hours * 60 + minutes
    }
  }
}

/** The browser's timezone, for a user who has none yet. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}
