import { MESSAGES } from '../../../shared/api/messages'
import { DAY_MS, TIME_OPTIONS } from '../../../shared/constants'
import { checkRecurrence, isDateInSlotWindow, localDate, localTime, type Recurrence } from '../../../shared/rules'
import { fieldError, type CreateSlotInput } from './shared'

/**
 * A slot's time and recurrence: timezones, the quarter-hour options, the date window and calendar
 * days (docs/architecture.md, "Plan (assigned slots)", "Times" and "Recurrence").
 */

/** A stored timezone, or UTC when missing or unknown to this runtime. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}

/** The quarter-hour option an 'HH:mm' wall-clock time falls in (floored). */
export function quarterOf(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number]
  return `${String(h).padStart(2, '0')}:${String(Math.floor(m / 15) * 15).padStart(2, '0')}`
}

/** Whether an instant's wall-clock time in the timezone is one of the TIME_OPTIONS (whole minutes). */
export function isOptionInstant(instant: Date, timeZone: string): boolean {
  return instant.getUTCSeconds() === 0 && instant.getUTCMilliseconds() === 0 && TIME_OPTIONS.includes(localTime(instant, timeZone))
}

const DATE_ONLY = (date: string) => Date.parse(`${date}T00:00:00Z`)
/** Calendar days from one 'yyyy-MM-dd' to another. */
export const daysBetween = (from: string, to: string) => Math.round((DATE_ONLY(to) - DATE_ONLY(from)) / DAY_MS)
export const addDaysTo = (date: string, days: number) => new Date(DATE_ONLY(date) + days * DAY_MS).toISOString().slice(0, 10)

/** 400 slotDateOutsideWindow unless the instant's day lies from tomorrow to 90 days ahead in each of the timezones. */
export function requireWindow(time: Date, now: Date, timeZones: Iterable<string>): void {
  for (const tz of timeZones) {
    if (!isDateInSlotWindow(localDate(time, tz), now, tz)) throw fieldError(MESSAGES.slotDateOutsideWindow, 'time')
  }
}

/** Recurrence of the create payload (spec §5): null when there is none. */
export function recurrenceOf(input: Pick<CreateSlotInput, 'recurrenceType' | 'recurrenceInterval' | 'recurrenceCount'>): Recurrence | null {
  if (!input.recurrenceType) return null
  const count = input.recurrenceCount ?? 0
  if (count === 0) return null
  const interval = input.recurrenceInterval ?? 1
  const problem = checkRecurrence({ type: input.recurrenceType, interval, count })
  if (problem) {
    const field = problem === 'type' ? 'recurrenceType' : problem === 'interval' ? 'recurrenceInterval' : 'recurrenceCount'
    throw fieldError(MESSAGES.slotRecurrenceInvalid, field)
  }
  return { type: input.recurrenceType, interval: input.recurrenceType === 'monthly' ? 1 : interval, count }
}
