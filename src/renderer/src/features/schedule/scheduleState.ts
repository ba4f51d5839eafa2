import { scheduleFilterSchema } from '@shared/api/contract'
import { isDateString, type CalendarView } from './calendarDates'
import type { z } from 'zod'

/** The filters of GET /schedule and /schedule/calendar, as the contract types them. */
export type ScheduleFilters = z.infer<typeof scheduleFilterSchema>
export type FilterName = keyof ScheduleFilters

const FILTER_NAMES: readonly FilterName[] = ['accountId', 'teamId', 'status', 'type']
export const VIEWS: readonly CalendarView[] = ['month', 'week', 'list']
const DEFAULT_VIEW: CalendarView = 'month'

/**
 * Everything the Plan screen keeps in its address, so a reload (or a shared link) shows the same:
 * `?view=week&date=2026-12-01&accountId=…&teamId=…&status=OPEN&type=poll`, and `slotId` for a link
 * that opens one slot (notifications).
 */
interface ScheduleUrlState {
  view: CalendarView
  /** The day the view is anchored on; null means today. */
  date: string | null
  filters: ScheduleFilters
  slotId: string | null
}

export function readScheduleParams(params: URLSearchParams): ScheduleUrlState {
  const view = params.get('view')
  const date = params.get('date')
  const filters: ScheduleFilters = {}
  for (const name of FILTER_NAMES) {
    const value = params.get(name)
    if (!value) continue
    // Each filter on its own: one bad value is dropped, the others still apply.
    const parsed = scheduleFilterSchema.shape[name].safeParse(value)
    if (parsed.success && parsed.data !== undefined) (filters as Record<string, string>)[name] = parsed.data
  }
  return {
    view: VIEWS.includes(view as CalendarView) ? (view as CalendarView) : DEFAULT_VIEW,
    date: isDateString(date) ? date : null,
    filters,
    slotId: params.get('slotId') || null
  }
}

/** The params with some of the state changed; null (or the default) removes a key. */
export function writeScheduleParams(
  current: URLSearchParams,
  changes: Partial<{ view: CalendarView; date: string | null; slotId: string | null }> & { filters?: Partial<Record<FilterName, string | null>> }
): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (key: string, value: string | null | undefined) => {
    if (value === undefined) return
    if (value === null || value === '') next.delete(key)
    else next.set(key, value)
  }
  if (changes.view !== undefined) set('view', changes.view === DEFAULT_VIEW ? null : changes.view)
  set('date', changes.date)
  set('slotId', changes.slotId)
  for (const [name, value] of Object.entries(changes.filters ?? {})) set(name, value)
  return next
}

export function hasFilters(filters: ScheduleFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name] !== undefined)
}
