import { TZDate } from '@date-fns/tz'
import { format as formatDate } from 'date-fns'
import { DAY_MS } from '../../../shared/constants'

/*
 * Time zones as Analytics, Team effort, the Academy's insights and the plan's CSV read them: IANA
 * names Intl knows, days in a zone (docs/architecture.md, "Analytics").
 */

export const UNKNOWN_TIME_ZONE = 'Choose a valid time zone.'

/** An IANA zone name this runtime knows, in its canonical spelling; null for anything else. */
export function checkedTimeZone(timeZone: string): string | null {
  // Names only: letters first, then letters, digits, '_', '-', '+' and '/' ('Etc/GMT+1', 'America/Port-au-Prince').
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return null
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone
    return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone
  } catch {
    return null
  }
}

/** A time zone as stored (users.timezone): its checked name, or UTC when it is missing or no IANA name this runtime knows. */
export function storedTimeZone(stored: string | null | undefined): string {
  return (stored && checkedTimeZone(stored)) || 'UTC'
}

/** An instant as ISO 8601 in the zone with its offset: 2026-03-29T00:30:00+01:00. */
export function zonedIso(instant: Date, timeZone: string): string {
  return formatDate(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX")
}

/** The instant's calendar day in the zone, 'YYYY-MM-DD'. */
export const localDay = (instant: Date, timeZone: string) => formatDate(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd')

/** The calendar days of [from, to) in the zone, 'YYYY-MM-DD', first to last. */
export function periodDays(from: Date, to: Date, timeZone: string): string[] {
  const last = localDay(new Date(Math.max(from.getTime(), to.getTime() - 1)), timeZone)
  const days: string[] = []
  // Calendar arithmetic on the dates themselves (noon UTC never crosses a day).
  for (let day = new Date(`${localDay(from, timeZone)}T12:00:00Z`); ; day = new Date(day.getTime() + DAY_MS)) {
    const date = day.toISOString().slice(0, 10)
    days.push(date)
    if (date >= last) return days
  }
}
