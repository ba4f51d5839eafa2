import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, addWeeks, startOfDay, startOfWeek } from 'date-fns'

/**
 * Periods of Results (issue 14) in a viewer's time zone, shared by the server (Team effort, the
 * dashboard) and the renderer's period pickers, so both cut days, weeks and months the same way.
 * Every period is half-open [from, to): `to` is the first instant after it. Days start at local
 * midnight (DST-correct: a day may last 23 or 25 hours); weeks start on Monday.
 */
export interface Period {
  from: Date
  to: Date
}

/** 'YYYY-MM' */
type Month = string

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** Whether Intl knows this IANA time zone name (e.g. 'Europe/Berlin'; 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

const zoned = (instant: Date, timeZone: string) => new TZDate(instant.getTime(), timeZone)
const plain = (date: Date) => new Date(date.getTime())

/** The month 'YYYY-MM' as instants in `timeZone`: from its first local midnight to the next month's. */
export function monthRange(month: Month, timeZone: string): Period {
  const match = MONTH.exec(month)
  if (!match) throw new Error(`Not a month: ${month}`)
  const start = new TZDate(2000, 0, 1, timeZone)
  // setFullYear, not the constructor: the constructor reads years 0-99 as 1900-1999.
  start.setFullYear(Number(match[1]), Number(match[2]) - 1, 1)
  return { from: plain(start), to: plain(addMonths(start, 1)) }
}

/** The month ('YYYY-MM') an instant falls in, in `timeZone`. */
export function monthOf(instant: Date, timeZone: string): Month {
  const local = zoned(instant, timeZone)
  return `${String(local.getFullYear()).padStart(4, '0')}-${String(local.getMonth() + 1).padStart(2, '0')}`
}

/** The month `n` months after (negative: before) `month`. */
export function shiftMonth(month: Month, n: number): Month {
  const match = MONTH.exec(month)
  if (!match) throw new Error(`Not a month: ${month}`)
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + n
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** This month so far and to its end: the whole calendar month `now` is in. */
export function thisMonth(now: Date, timeZone: string): Period {
  return monthRange(monthOf(now, timeZone), timeZone)
}

export function lastMonth(now: Date, timeZone: string): Period {
  return monthRange(shiftMonth(monthOf(now, timeZone), -1), timeZone)
}

/** The last `days` calendar days, today included: from local midnight `days - 1` days ago to tomorrow's midnight. */
export function lastDays(days: number, now: Date, timeZone: string): Period {
  const today = startOfDay(zoned(now, timeZone))
  return { from: plain(addDays(today, 1 - days)), to: plain(addDays(today, 1)) }
}

/** The Monday 00:00 (in `timeZone`) starting the week `instant` is in. */
export function weekStart(instant: Date, timeZone: string): Date {
  return plain(startOfWeek(zoned(instant, timeZone), { weekStartsOn: 1 }))
}

/** `count` consecutive week starts (Mondays, local midnight) ending with the week of `instant`, oldest first. */
export function weekStarts(instant: Date, count: number, timeZone: string): Date[] {
  const last = startOfWeek(zoned(instant, timeZone), { weekStartsOn: 1 })
  return Array.from({ length: count }, (_, i) => plain(addWeeks(last, i - count + 1)))
}

/** The share of `period` gone by at `now`: 0 before it, 1 after it. */
export function elapsedFraction(period: Period, now: Date): number {
  const span = period.to.getTime() - period.from.getTime()
  const gone = now.getTime() - period.from.getTime()
  return Math.min(1, Math.max(0, gone / span))
}

/** Midnight of the local day `instant` is in (the renderer's custom periods start there). */
export function dayStart(instant: Date, timeZone: string): Date {
  return plain(startOfDay(zoned(instant, timeZone)))
}
