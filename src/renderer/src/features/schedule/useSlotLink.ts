import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot } from '@shared/domain'
import { useCallApi } from '@renderer/api/client'
import { cachedSlot, calendarQueryOptions, fetchSlotForLink } from '@renderer/api/schedule'
import { useNotify } from '@renderer/lib/toasts'
import type { CalendarView, ZonedParts } from './calendarDates'
import type { ScheduleFilters, writeScheduleParams } from './scheduleState'
import { preloadSlotModal } from './slotModal'

interface SlotLinkOptions {
  /** `?slotId=`: null when the address names no slot. */
  slotId: string | null
  view: CalendarView
  range: { from: string; to: string }
  filters: ScheduleFilters
  clock: (instant: string) => ZonedParts
  /** Replaces the address (no step of the history). */
  update: (changes: Parameters<typeof writeScheduleParams>[1]) => void
  /** Opens the slot found (a stable function: a state setter). */
  openSlot: (slot: AssignedSlot) => void
}

/**
 * A link to one slot (`?slotId=…`, what notifications point at): find it, show its day, open it;
 * a slot not found is a toast. The slot modal's code is loaded as the Plan opens.
 */
export function useSlotLink({ slotId, view, range, filters, clock, update, openSlot }: SlotLinkOptions) {
  const notify = useNotify()
  const queryClient = useQueryClient()
  const callApi = useCallApi()
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    preloadSlotModal()
    return () => {
      alive.current = false
    }
  }, [])
  const handledLink = useRef<string | null>(null)
  useEffect(() => {
    if (!slotId || handledLink.current === slotId) return
    handledLink.current = slotId
    void (async () => {
      let slot = cachedSlot(queryClient, slotId)
      if (!slot && view !== 'list') {
        // The calendar this view is loading anyway: the slot is often in it.
        const shown = await queryClient.fetchQuery(calendarQueryOptions(callApi, range, filters)).catch(() => null)
        slot = shown?.slots.find((s) => s.id === slotId)
      }
      if (!slot) {
        slot = (await fetchSlotForLink(queryClient, callApi, slotId, new Date()).catch(() => null)) ?? undefined
      }
      if (!alive.current) return
      update({ slotId: null, date: slot ? clock(slot.time).date : undefined })
      if (slot) openSlot(slot)
      else notify({ title: 'Slot not found ⚠️', body: MESSAGES.slotNotFound, intent: 'error' })
    })()
  }, [slotId, view, range, filters, queryClient, callApi, clock, update, notify, openSlot])
}
