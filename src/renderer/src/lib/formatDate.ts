/**
 * The one way the renderer writes dates and times (issue 12): Intl, in the user's locale (the
 * browser's or the desktop's languages) and time zone (the profile's, else the browser's). Every
 * screen uses these styles, so a date reads the same everywhere. Times are 24-hour in every locale,
 * as the spec's time options are ('00:00' … '23:45', §2) and the Plan's are.
 *
 * A value is an instant (an ISO string with a time, or a Date), placed in the time zone; or a
 * calendar day 'yyyy-MM-dd' (the Plan's days, already in the viewer's zone), written as that day
 * whatever the zone.
 */

type DateValue = string | Date

export type DateStyle =
  /** '3 December 2026' (en-GB), 'December 3, 2026' (en-US) */
  | 'date'
  /** 'Thursday, 3 December 2026': a day in full, e.g. a calendar day's name */
  | 'dateLong'
  /** 'Thu 3 Dec': a day near now, in a list */
  | 'dateShort'
  /** 'Thu, 3 Dec 2026, 10:30' */
  | 'dateTime'
  /** 'Thu 3 Dec, 10:30': this year's date and time */
  | 'dateTimeShort'
  /** '10:30' */
  | 'time'
  /** 'Thursday' */
  | 'weekday'
  /** 'Thu' */
  | 'weekdayShort'
  /** '3' */
  | 'dayOfMonth'
  /** '3 Dec' */
  | 'dayMonth'
  /** 'December 2026' */
  | 'monthYear'

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  dateLong: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  dateShort: { weekday: 'short', day: 'numeric', month: 'short' },
  dateTime: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  dateTimeShort: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekday: { weekday: 'long' },
  weekdayShort: { weekday: 'short' },
  dayOfMonth: { day: 'numeric' },
  dayMonth: { day: 'numeric', month: 'short' },
  monthYear: { month: 'long', year: 'numeric' }
}

interface DateFormatOptions {
  /** The user's time zone (User.timezone); null or absent: the browser's. Ignored for calendar days. */
  timeZone?: string | null
  /** Only to pin a locale (tests); the user's otherwise. */
  locale?: string | readonly string[]
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

/** The user's locales, most preferred first: the browser's (or the desktop's) languages, else Intl's default. */
export function userLocales(): readonly string[] | undefined {
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  const languages = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : undefined
  return languages && languages.length > 0 ? languages : undefined
}

// Intl formatters are slow to make and the Plan writes thousands of dates: one per locale, style and zone.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(style: DateStyle | Intl.DateTimeFormatOptions, locales: readonly string[] | undefined, timeZone: string | undefined) {
  const key = `${(locales ?? []).join(',')}|${typeof style === 'string' ? style : JSON.stringify(style)}|${timeZone ?? ''}`
  let made = formatters.get(key)
  if (!made) {
    const options = typeof style === 'string' ? STYLES[style] : style
    try {
      made = new Intl.DateTimeFormat(locales as string[] | undefined, { ...options, timeZone })
    } catch {
      // An unknown zone (a stale profile): the browser's rather than nothing.
      made = new Intl.DateTimeFormat(locales as string[] | undefined, options)
    }
    formatters.set(key, made)
  }
  return made
}

function localesOf(options: DateFormatOptions): readonly string[] | undefined {
  const { locale } = options
  if (locale === undefined) return userLocales()
  return typeof locale === 'string' ? [locale] : locale
}

/** The instant to format and the zone to place it in; a calendar day is noon UTC of that day, written in UTC. */
function resolve(value: DateValue, options: DateFormatOptions): { date: Date; timeZone: string | undefined } {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number]
    return { date: new Date(Date.UTC(y, m - 1, d, 12)), timeZone: 'UTC' }
  }
  return { date: typeof value === 'string' ? new Date(value) : value, timeZone: options.timeZone ?? undefined }
}

/** A date or time in one of the app's styles. */
export function formatDate(value: DateValue, style: DateStyle = 'date', options: DateFormatOptions = {}): string {
  const { date, timeZone } = resolve(value, options)
  if (Number.isNaN(date.getTime())) return ''
  return formatter(style, localesOf(options), timeZone).format(date)
}

/** Two dates as one range, the shared parts written once: '7 – 13 December 2026', '30 November – 6 December 2026'. */
export function formatDateRange(first: DateValue, last: DateValue, style: 'date' | 'dateLong' | 'dateShort' = 'date', options: DateFormatOptions = {}): string {
  const a = resolve(first, options)
  const b = resolve(last, options)
  // ICU sets the dash between thin spaces; plain ones match the app's other ' – '.
  return formatter(style, localesOf(options), a.timeZone).formatRange(a.date, b.date).replace(/\u2009/g, ' ')
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago or ahead, where that reads better than a date (a sent email, a notification):
 * 'now', '5 minutes ago', 'yesterday', 'in 3 days', 'last month'.
 */
export function formatRelative(value: DateValue, now: Date, options: Pick<DateFormatOptions, 'locale'> = {}): string {
  const at = typeof value === 'string' ? Date.parse(value) : value.getTime()
  if (Number.isNaN(at)) return ''
  const diff = at - now.getTime()
  const size = Math.abs(diff)
  const rtf = new Intl.RelativeTimeFormat(localesOf(options) as string[] | undefined, { numeric: 'auto' })
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    size < MINUTE
      ? [0, 'second']
      : size < HOUR
        ? [diff / MINUTE, 'minute']
        : size < DAY
          ? [diff / HOUR, 'hour']
          : size < 7 * DAY
            ? [diff / DAY, 'day']
            : size < 30 * DAY
              ? [diff / (7 * DAY), 'week']
              : size < 365 * DAY
                ? [diff / (30 * DAY), 'month']
                : [diff / (365 * DAY), 'year']
  return rtf.format(Math.trunc(amount), unit)
}

/** An instant as a calendar date in the user's timezone (DESIGN.md §3), or the browser's without one. */
export function formatDay(instant: string, timezone: string | null): string {
  return formatDate(instant, 'date', { timeZone: timezone })
}

/** 'past_due' -> 'Past due'. */
export function planStatusLabel(status: string): string {
  if (status === 'trialing' || status === 'on_trial') return 'Trial'
  const words = status.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
