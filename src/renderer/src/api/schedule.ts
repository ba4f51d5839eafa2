import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { endpoints, type SlotScope } from '@shared/api/contract'
import { STALE_TIMES } from '@shared/constants'
import type { AssignedSlot, Calendar, ScheduleItem } from '@shared/domain'
import { expandCalendar } from '@shared/domain/compactCalendar'
import { useCallApi, type ResponseOf } from './client'
import { definedFilters, scheduleKeys } from './queryKeys'
import type { InstantRange, ScheduleFilters } from './queryParams'

export type { InstantRange, ScheduleFilters }


/** Rows per page of GET /schedule (the server allows up to 500). */
const SCHEDULE_PAGE_SIZE = 100

/** GET /schedule/calendar: the slots and posts of the month or week views, in [from, to). */
export function calendarQueryOptions(callApi: ReturnType<typeof useCallApi>, range: InstantRange, filters: ScheduleFilters) {
  return {
    queryKey: scheduleKeys.calendar(range, filters),
    // The answer's compact wire shape (issue 16) as the `Calendar` the views and the cache updates use.
    queryFn: async (): Promise<Calendar> =>
      expandCalendar(await callApi(endpoints.getCalendar, { query: { ...definedFilters(filters), from: range.from, to: range.to } })),
    staleTime: STALE_TIMES.schedule
  }
}

export function useCalendar(range: InstantRange, filters: ScheduleFilters, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({ ...calendarQueryOptions(callApi, range, filters), enabled: options.enabled })
}

/** GET /schedule: the time-ordered list, a page at a time by its keyset cursor. */
export function useScheduleList(filters: ScheduleFilters & Partial<InstantRange>, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useInfiniteQuery({
    queryKey: scheduleKeys.list(filters),
    queryFn: ({ pageParam }) =>
      callApi(endpoints.getSchedule, { query: { ...definedFilters(filters), cursor: pageParam, limit: SCHEDULE_PAGE_SIZE } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ResponseOf<typeof endpoints.getSchedule>) => last.nextCursor ?? undefined,
    staleTime: STALE_TIMES.schedule,
    enabled: options.enabled
  })
}

/** The slots a calendar or list answer already holds. */
function slotsIn(data: Calendar | { pages: { items: ScheduleItem[] }[] } | undefined): AssignedSlot[] {
  if (!data) return []
  if ('slots' in data) return data.slots
  return data.pages.flatMap((p) => p.items.flatMap((item) => (item.kind === 'slot' ? [item.slot] : [])))
}

/** A slot already in the cache (any calendar or list page loaded). */
export function cachedSlot(queryClient: QueryClient, slotId: string): AssignedSlot | undefined {
  for (const [, data] of queryClient.getQueriesData<Calendar>({ queryKey: scheduleKeys.calendars() })) {
    const found = data?.slots.find((s) => s.id === slotId)
    if (found) return found
  }
  for (const [, data] of queryClient.getQueriesData<{ pages: { items: ScheduleItem[] }[] }>({ queryKey: scheduleKeys.lists() })) {
    const found = slotsIn(data).find((s) => s.id === slotId)
    if (found) return found
  }
  return undefined
}

/** GET /schedule/assigned-slots answers ranges of at most 100 days. */
const LOOKUP_WINDOW_DAYS = 100
const DAY = 86_400_000

/**
 * Finds one slot for a deep link (`/schedule?slotId=…`, what notifications link to) that is not in
 * a loaded calendar: GET /schedule/assigned-slots lists the viewer's own slots (a slot notification
 * goes to its assignee), first the 100 days from yesterday on, then the 100 days before. Null when
 * it is in neither.
 */
export function fetchSlotForLink(queryClient: QueryClient, callApi: ReturnType<typeof useCallApi>, slotId: string, now: Date) {
  const start = now.getTime() - DAY
  const windows = [
    { from: start, to: start + LOOKUP_WINDOW_DAYS * DAY },
    { from: start - LOOKUP_WINDOW_DAYS * DAY, to: start }
  ]
  return queryClient.fetchQuery({
    queryKey: scheduleKeys.slotLookup(slotId),
    queryFn: async () => {
      for (const w of windows) {
        const query = { from: new Date(w.from).toISOString(), to: new Date(w.to).toISOString() }
        const found = (await callApi(endpoints.listAssignedSlots, { query })).find((s) => s.id === slotId)
        if (found) return found
      }
      return null
    },
    staleTime: STALE_TIMES.assignedSlots
  })
}

/** A slot moved to a new time: this occurrence, or (series) it and the later ones of its series. */
interface SlotMove {
  slot: AssignedSlot
  /** The new instant (ISO) of `slot`. */
  time: string
  scope: SlotScope
  /**
   * The instant each later occurrence of the series moves to (scope 'series'), for the optimistic
   * picture; the server's answer replaces it.
   */
  shiftLater?: (slot: AssignedSlot) => string
}

function movedCalendar(data: Calendar, move: SlotMove): Calendar {
  const { slot, time, scope, shiftLater } = move
  let changed = false
  const slots = data.slots.map((s) => {
    if (s.id === slot.id) {
      changed = true
      return { ...s, time }
    }
    if (scope === 'series' && shiftLater && s.seriesId === slot.seriesId && s.occurrence > slot.occurrence) {
      changed = true
      return { ...s, time: shiftLater(s) }
    }
    return s
  })
  if (!changed) return data
  slots.sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
  return { ...data, slots }
}

function replaceSlots(data: Calendar, updated: AssignedSlot[]): Calendar {
  const byId = new Map(updated.map((s) => [s.id, s]))
  if (!data.slots.some((s) => byId.has(s.id))) return data
  return { ...data, slots: data.slots.map((s) => byId.get(s.id) ?? s) }
}

/**
 * PUT /schedule/assigned-slots/update with a new time: the calendars show the move at once and
 * snap back if the server refuses it; afterwards everything under ['schedule'] is refetched.
 */
export function useMoveSlot() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (move: SlotMove) => callApi(endpoints.updateAssignedSlot, { body: { slotId: move.slot.id, scope: move.scope, time: move.time } }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: scheduleKeys.calendars() })
      const snapshot = queryClient.getQueriesData<Calendar>({ queryKey: scheduleKeys.calendars() })
      queryClient.setQueriesData<Calendar>({ queryKey: scheduleKeys.calendars() }, (data) => (data ? movedCalendar(data, move) : data))
      return { snapshot }
    },
    onSuccess: (answer) => {
      queryClient.setQueriesData<Calendar>({ queryKey: scheduleKeys.calendars() }, (data) => (data ? replaceSlots(data, answer.slots) : data))
    },
    onError: (_error, _move, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all })
  })
}
