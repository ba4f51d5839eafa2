import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, addWeeks, format } from 'date-fns'
import { RECURRENCE_COUNT_MAX, SLOT_WINDOW_DAYS, TIME_OPTIONS, WEEKLY_INTERVAL_MAX } from '../constants'
import type { SlotStatus } from '../domain/entities'

/**
 * Slot dates and recurrence (spec §5, §9; issue 5). Dates are calendar days ('yyyy-MM-dd') in an
 * IANA timezone; times are the 96 quarter-hour options ('HH:mm'). Wall-clock arithmetic happens
 * in the timezone (TZDate), so a weekly 09:00 slot stays at 09:00 local across a DST change.
 */

export type RecurrenceType = 'weekly' | 'monthly'
export interface Recurrence {
  type: RecurrenceType
  interval: number
  /** Occurrences in all, the first included (1–16). */
  count: number
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

/**
 * A slot's status (issues 5, 6): DONE when a published post is linked to it, whatever its time;
 * else MISSED once its time has passed; else OPEN (at its very time it is still OPEN). Derived,
 * never stored: the server works it out for every slot it shows (services/slotView.ts).
 */
export function slotStatus(time: Date | string, now: Date, hasPublishedPost: boolean): SlotStatus {
  if (hasPublishedPost) return 'DONE'
  return new Date(time).getTime() < now.getTime() ? 'MISSED' : 'OPEN'
}

/** The calendar day of an instant in a timezone. */
export function localDate(instant: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd')
}

/** The wall-clock time ('HH:mm') of an instant in a timezone. */
export function localTime(instant: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'HH:mm')
}

/** The first and last assignable days: tomorrow to 90 days ahead, in the timezone (spec §9). */
export function slotDateWindow(now: Date, timeZone: string): { min: string; max: string } {
  const today = new TZDate(now.getTime(), timeZone)
  return { min: format(addDays(today, 1), 'yyyy-MM-dd'), max: format(addDays(today, SLOT_WINDOW_DAYS), 'yyyy-MM-dd') }
}

export function isDateInSlotWindow(date: string, now: Date, timeZone: string): boolean {
  if (!DATE_RE.test(date)) return false
  const { min, max } = slotDateWindow(now, timeZone)
  return date >= min && date <= max
}

/** A preset day for the modal: a past (or today's) or missing preset becomes tomorrow; beyond the window, the last day (spec §5). */
export function presetSlotDate(preset: string | null | undefined, now: Date, timeZone: string): string {
  const { min, max } = slotDateWindow(now, timeZone)
  if (!preset || !DATE_RE.test(preset) || preset < min) return min
  return preset > max ? max : preset
}

export function isTimeOption(time: string): boolean {
  return TIME_OPTIONS.includes(time)
}

/** The instant of a wall-clock day and time in a timezone (a time in a DST gap moves forward). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [hh, mm] = time.split(':').map(Number) as [number, number]
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, timeZone).getTime())
}

/** Every occurrence of a slot, first included, at the same wall-clock time in the timezone. */
export function expandRecurrence(first: Date | string, timeZone: string, recurrence: Recurrence | null): Date[] {
  const start = new TZDate(new Date(first).getTime(), timeZone)
  if (!recurrence || recurrence.count <= 1) return [new Date(start.getTime())]
  const out: Date[] = []
  for (let i = 0; i < recurrence.count; i++) {
    const next = recurrence.type === 'weekly' ? addWeeks(start, i * recurrence.interval) : addMonths(start, i)
    out.push(new Date(next.getTime()))
  }
  return out
}

type RecurrenceProblem = 'type' | 'interval' | 'count'

/** Weekly interval 1–4, monthly interval 1, count 0–16 (spec §5). */
export function checkRecurrence(r: { type: string; interval: number; count: number }): RecurrenceProblem | null {
  if (r.type !== 'weekly' && r.type !== 'monthly') return 'type'
  if (!Number.isInteger(r.count) || r.count < 0 || r.count > RECURRENCE_COUNT_MAX) return 'count'
  if (r.type === 'weekly' && (!Number.isInteger(r.interval) || r.interval < 1 || r.interval > WEEKLY_INTERVAL_MAX)) return 'interval'
  if (r.type === 'monthly' && r.interval !== 1) return 'interval'
  return null
}

/**
 * The recurrence fields of the create payload: sent only when the switch is on and the count is
 * above 0; a monthly interval is always sent as 1 (spec §5).
 */
export function recurrencePayload(input: { enabled: boolean; type: RecurrenceType; interval: number; count: number }): {
  recurrenceType: RecurrenceType | null
  recurrenceInterval: number | null
  recurrenceCount: number | null
} {
  if (!input.enabled || input.count <= 0) return { recurrenceType: null, recurrenceInterval: null, recurrenceCount: null }
  return { recurrenceType: input.type, recurrenceInterval: input.type === 'monthly' ? 1 : input.interval, recurrenceCount: input.count }
}
