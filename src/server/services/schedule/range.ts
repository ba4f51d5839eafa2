import { isInstantInRange } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import { DAY_MS } from '../../../shared/constants'
import type { CompactCalendar } from '../../../shared/domain/compactCalendar'
import { badRequest } from '../../errors'
import { isUuid } from '../ids'

/* Ranges, the list view's cursor and when a calendar answer expires (docs/architecture.md, "Plan (assigned slots)"). */

/**
 * When a calendar answer changes without any write: a slot is OPEN until its time and MISSED just
 * after, so the answer holds until the earliest OPEN slot's time has passed (ms; Infinity when it
 * has none). Everything else in it changes only with the Plan version.
 */
export function calendarExpiresAt(calendar: CompactCalendar): number {
  let earliest = Number.POSITIVE_INFINITY
  for (const slot of calendar.slots) {
    if ((slot.status ?? calendar.defaults.status) !== 'OPEN') continue
    earliest = Math.min(earliest, Date.parse(slot.time) + 1)
  }
  return earliest
}

export const CALENDAR_MAX_DAYS = 100
export const RANGE_BACKWARDS = 'The end of the range must be after its start.'
export const CURSOR_INVALID = 'This list position is no longer valid. Reload the list.'

/** [from, to) with to after from and at most `maxDays` long (null: no limit). */
export function checkRange(from: Date, to: Date | null, maxDays: number | null): void {
  if (to === null) return
  if (to.getTime() <= from.getTime()) throw badRequest(RANGE_BACKWARDS, { to: RANGE_BACKWARDS })
  if (maxDays !== null && to.getTime() - from.getTime() > maxDays * DAY_MS) {
    throw badRequest(MESSAGES.calendarRangeTooLong, { to: MESSAGES.calendarRangeTooLong })
  }
}

/** The list view's position: the last item's (time, id), base64url JSON. */
export function encodeCursor(time: Date, id: string): string {
  return Buffer.from(JSON.stringify({ t: time.toISOString(), id })).toString('base64url')
}

export function decodeCursor(cursor: string): { time: Date; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; id?: unknown }
    // A cursor the server could have written: a real instant in the API's [1970, 9000) (year 0 or
    // +275760 reached PostgreSQL and answered 500).
    const time = typeof parsed.t === 'string' && isInstantInRange(parsed.t) ? new Date(parsed.t) : null
    if (time && typeof parsed.id === 'string' && isUuid(parsed.id)) return { time, id: parsed.id }
  } catch {
    // falls through to the 400
  }
  throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
}
