import { useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CalendarAdd20Regular } from '@fluentui/react-icons'
import type { AssignedSlot } from '@shared/domain'
import { useCalendar, useScheduleList } from '@renderer/api/schedule'
import { useUser } from '@renderer/api/user'
import type { EmptyStateAction } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { useNow } from '@renderer/hooks/useNow'
import { browserTimeZone, instantRange, monthGrid, periodTitle, visibleDays, weekDays, zonedClock, type CalendarView } from './calendarDates'
import { entriesByDay } from './entries'
import { ListView } from './ListView'
import { MonthView } from './MonthView'
import { PlanFilterBar } from './PlanFilterBar'
import { PlanImportDialog } from './PlanImportDialog'
import { PlanToolbar } from './PlanToolbar'
import { useKeyboardMove } from './keyboardMove'
import { canMoveSlot, canMoveSlotTo, useSlotMoves } from './moves'
import { ScheduleContext, type ScheduleActions } from './scheduleContext'
import { hasFilters, readScheduleParams, writeScheduleParams, type FilterName } from './scheduleState'
import { ScheduleSlotModal, type AssignSlotPreset } from './slotModal'
import { SlotMenu, type SlotMenuTarget } from './SlotMenu'
import { useSlotLink } from './useSlotLink'
import { WeekView } from './WeekView'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: '100%' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '20px', color: tokens.colorNeutralForeground3 }
})

/** Marks when a view has drawn its data (the Chromium benchmark reads it from the performance timeline). */
function useReadyMark(view: CalendarView, ready: boolean) {
  useEffect(() => {
    if (ready) performance.mark(`pagecrew:schedule-${view}-ready`)
  }, [view, ready])
}

type ModalState = { preset?: AssignSlotPreset; slot?: AssignedSlot }

interface PlanBodyProps {
  view: CalendarView
  anchor: string
  title: string
  calendar: { entries: ReturnType<typeof entriesByDay>; ready: boolean }
  list: ReturnType<typeof useScheduleList>
  listItems: ComponentProps<typeof ListView>['items']
  listReady: boolean
  emptyAction: EmptyStateAction
  emptyHint: string | undefined
}

/** The period on screen: the month's grid, the week's days, or the list (loading, failed, or its rows). */
function PlanBody({ view, anchor, title, calendar, list, listItems, listReady, emptyAction, emptyHint }: PlanBodyProps) {
  if (view === 'list') {
    if (list.isPending) return <LoadingState inline label="Loading the plan…" />
    if (list.isError) return <ErrorState onRetry={() => void list.refetch()} />
    return (
      <ListView
        items={listItems}
        ready={listReady}
        hasNextPage={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        title={title}
        emptyAction={emptyAction}
        emptyHint={emptyHint}
      />
    )
  }
  return view === 'month' ? (
    <MonthView key={anchor.slice(0, 7)} month={anchor} days={monthGrid(anchor)} entries={calendar.entries} ready={calendar.ready} title={title} />
  ) : (
    <WeekView days={weekDays(anchor)} entries={calendar.entries} ready={calendar.ready} title={title} />
  )
}

function PlanScreen({ timeZone, viewerId }: { timeZone: string; viewerId: string }) {
  const styles = useStyles()
  const now = useNow()
  const [params, setParams] = useSearchParams()
  const { view, date, filters, slotId } = readScheduleParams(params)
  const clock = useMemo(() => zonedClock(timeZone), [timeZone])
  const today = clock(now.toISOString()).date
  const anchor = date ?? today
  const title = periodTitle(view, anchor)
  const { first, last } = visibleDays(view, anchor)
  const range = useMemo(() => instantRange({ first, last }, timeZone), [first, last, timeZone])

  const calendar = useCalendar(range, filters, { enabled: view !== 'list' })
  const list = useScheduleList({ ...filters, ...range }, { enabled: view === 'list' })
  const entries = useMemo(() => entriesByDay(calendar.data, clock), [calendar.data, clock])
  const listItems = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data])
  const calendarReady = view !== 'list' && calendar.isSuccess
  const listReady = view === 'list' && list.isSuccess
  useReadyMark(view, calendarReady || listReady)

  // Filters and a handled slot link replace the address; a view or period change is a step Back
  // returns from (and a reload keeps), unless it changes nothing.
  const update = useCallback(
    (changes: Parameters<typeof writeScheduleParams>[1]) => setParams((current) => writeScheduleParams(current, changes), { replace: true }),
    [setParams]
  )
  const go = useCallback(
    (changes: { view?: CalendarView; date?: string | null }) => {
      const next = writeScheduleParams(params, changes)
      if (next.toString() !== params.toString()) setParams(next)
    },
    [params, setParams]
  )

  const [modal, setModal] = useState<ModalState | null>(null)
  const [importing, setImporting] = useState(false)
  const [menu, setMenu] = useState<SlotMenuTarget | null>(null)
  const dragged = useRef<AssignedSlot | null>(null)
  const moves = useSlotMoves({ timeZone, now })
  const { moveToDay, openMoveTo } = moves
  const canMove = useCallback((slot: AssignedSlot) => canMoveSlot(slot, now), [now])
  const canDropOn = useCallback((slot: AssignedSlot, day: string) => canMoveSlotTo(slot, day, now, timeZone), [now, timeZone])
  const keyboard = useKeyboardMove({ canMove, canDropOn, moveToDay, first, last })
  const keyboardMove = keyboard.move

  const actions = useMemo<ScheduleActions>(
    () => ({
      timeZone,
      clock,
      today,
      openCreate: (day) => setModal({ preset: { date: day } }),
      openEdit: (slot) => setModal({ slot }),
      openMenu: (slot, target) => setMenu({ slot, target }),
      canMove,
      beginDrag: (slot) => {
        dragged.current = slot
      },
      endDrag: () => {
        dragged.current = null
      },
      draggedSlot: () => dragged.current,
      canDropOn,
      moveToDay,
      keyboardMove
    }),
    [timeZone, clock, today, canMove, canDropOn, moveToDay, keyboardMove]
  )

  const openSlot = useCallback((slot: AssignedSlot) => setModal({ slot }), [])
  useSlotLink({ slotId, view, range, filters, clock, update, openSlot })

  // An empty Plan says what to do next: assign a slot (the filter bar offers 'Clear filters' when some are set).
  const emptyAction: EmptyStateAction = { label: 'Assign a slot', icon: <CalendarAdd20Regular />, onClick: () => setModal({}), 'data-testid': 'schedule-empty-assign' }
  const emptyHint = hasFilters(filters) ? 'Nothing matches the filters: clear them to see the whole plan.' : undefined

  const calendarEmpty = calendarReady && calendar.data.slots.length === 0 && calendar.data.posts.length === 0
  const hasPosts = (calendar.data?.posts.length ?? 0) > 0 || listItems.some((item) => item.kind === 'post')

  return (
    <ScheduleContext.Provider value={actions}>
      <div className={styles.root} data-testid="schedule-page" data-view={view} data-timezone={timeZone}>
        <PlanToolbar
          view={view}
          anchor={anchor}
          title={title}
          filters={filters}
          timeZone={timeZone}
          onGo={go}
          onImport={() => setImporting(true)}
          onAssign={() => setModal({})}
        />
        <PlanFilterBar
          filters={filters}
          onChange={(changes: Partial<Record<FilterName, string | null>>) => update({ filters: changes })}
          showPostStatuses={hasPosts}
        />
        {view !== 'list' ? (
          <div className={styles.status} aria-live="polite">
            {calendar.isFetching ? <Spinner size="extra-tiny" label="Loading the plan…" /> : null}
            {calendarEmpty && !calendar.isFetching ? (
              <>
                <Text data-testid="schedule-empty">No results found</Text>
                <Button size="small" appearance="subtle" icon={emptyAction.icon} onClick={emptyAction.onClick} data-testid={emptyAction['data-testid']}>
                  {emptyAction.label}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {view !== 'list' && calendar.isError ? <ErrorState onRetry={() => void calendar.refetch()} /> : null}
        <PlanBody
          view={view}
          anchor={anchor}
          title={title}
          calendar={{ entries, ready: calendarReady }}
          list={list}
          listItems={listItems}
          listReady={listReady}
          emptyAction={emptyAction}
          emptyHint={emptyHint}
        />
      </div>
      <SlotMenu menu={menu} onClose={() => setMenu(null)} viewerId={viewerId} now={now} onEdit={openSlot} onMove={openMoveTo} />
      {moves.dialogs}
      {keyboard.live}
      <ScheduleSlotModal open={modal !== null} onClose={() => setModal(null)} preset={modal?.preset} slot={modal?.slot} />
      {importing ? <PlanImportDialog onClose={() => setImporting(false)} /> : null}
    </ScheduleContext.Provider>
  )
}

/**
 * /schedule, the Plan (spec §1, §2, §7): the shared calendar of assigned slots (and posts) as a
 * month, a week or a list, in the viewer's timezone (their profile's, else the browser's), with
 * filters; days open the assign-slot modal, slots open it in edit mode and can be dragged to
 * another day; the viewer's own open slots offer 'Write post' in their menu, and posts open in the
 * editor. View, day, filters live in the address; `?slotId=` opens one slot.
 */
export default function SchedulePage() {
  const user = useUser()
  if (user.isPending) return <LoadingState inline shape="page" label="Loading the plan…" />
  if (user.isError) return <ErrorState onRetry={() => void user.refetch()} />
  const timeZone = user.data.timezone || browserTimeZone()
  return <PlanScreen key={timeZone} timeZone={timeZone} viewerId={user.data.id} />
}
