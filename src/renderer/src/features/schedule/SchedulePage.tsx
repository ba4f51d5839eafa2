import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import {
  CalendarAdd20Regular,
  CalendarArrowRight20Regular,
  ChevronLeft20Regular,
  ChevronRight20Regular,
  DocumentEdit20Regular,
  Edit20Regular,
  ArrowDownload20Regular,
  ArrowUpload20Regular,
  Filter20Regular
} from '@fluentui/react-icons'
import { MESSAGES } from '@shared/api/messages'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'
import type { AssignedSlot } from '@shared/domain'
import { useCallApi } from '@renderer/api/client'
import { useDownloadPlanCsv } from '@renderer/api/planCsv'
import { cachedSlot, calendarQueryOptions, fetchSlotForLink, useCalendar, useScheduleList } from '@renderer/api/schedule'
import { useUser } from '@renderer/api/user'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import type { EmptyStateAction } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { useNow } from '@renderer/hooks/useNow'
import { browserTimeZone, exportDays, instantRange, monthGrid, periodTitle, shiftPeriod, visibleDays, weekDays, zonedClock, type CalendarView } from './calendarDates'
import { canWritePostFor, entriesByDay, slotWritePath } from './entries'
import { ListView } from './ListView'
import { MonthView } from './MonthView'
import { PlanImportDialog } from './PlanImportDialog'
import { canMoveSlot, canMoveSlotTo, useSlotMoves } from './moves'
import { ScheduleContext, type ScheduleActions } from './scheduleContext'
import { ScheduleFilters } from './ScheduleFilters'
import { VIEWS, hasFilters, readScheduleParams, writeScheduleParams, type FilterName } from './scheduleState'
import { ScheduleSlotModal, preloadSlotModal, type AssignSlotPreset } from './slotModal'
import { WeekView } from './WeekView'

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', list: 'List' }

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: '100%' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, minWidth: '200px', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  spacer: { flexGrow: 1 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '20px', color: tokens.colorNeutralForeground3 }
})

/** Marks when a view has drawn its data (the Chromium benchmark reads it from the performance timeline). */
function useReadyMark(view: CalendarView, ready: boolean) {
  useEffect(() => {
    if (ready) performance.mark(`pagecrew:schedule-${view}-ready`)
  }, [view, ready])
}

type ModalState = { preset?: AssignSlotPreset; slot?: AssignedSlot }

function PlanScreen({ timeZone, viewerId }: { timeZone: string; viewerId: string }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const queryClient = useQueryClient()
  const callApi = useCallApi()
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

  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filterCount = Object.values(filters).filter((value) => value !== undefined).length
  const [modal, setModal] = useState<ModalState | null>(null)
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const downloadCsv = useDownloadPlanCsv()
  // The period on screen (the month, not the grid's neighbouring days) and the filters, as the server reads them.
  const exportCsv = async () => {
    setExporting(true)
    try {
      const days = exportDays(view, anchor)
      if (await downloadCsv(instantRange(days, timeZone), filters, timeZone, `pagecrew-plan-${days.first}-${days.last}.csv`)) notify({ title: 'Plan exported ✅' })
    } catch (error) {
      notify(failureToast('Plan not exported ⚠️', error))
    } finally {
      setExporting(false)
    }
  }
  const [menu, setMenu] = useState<{ slot: AssignedSlot; target: HTMLElement } | null>(null)
  const dragged = useRef<AssignedSlot | null>(null)
  const moves = useSlotMoves({ timeZone, now })
  const { moveToDay, openMoveTo } = moves

  const actions = useMemo<ScheduleActions>(
    () => ({
      timeZone,
      clock,
      today,
      openCreate: (day) => setModal({ preset: { date: day } }),
      openEdit: (slot) => setModal({ slot }),
      openMenu: (slot, target) => setMenu({ slot, target }),
      canMove: (slot) => canMoveSlot(slot, now),
      beginDrag: (slot) => {
        dragged.current = slot
      },
      endDrag: () => {
        dragged.current = null
      },
      draggedSlot: () => dragged.current,
      canDropOn: (slot, day) => canMoveSlotTo(slot, day, now, timeZone),
      moveToDay
    }),
    [timeZone, clock, today, now, moveToDay]
  )

  // A link to one slot (`?slotId=…`, what notifications point at): find it, show its day, open it.
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
      if (slot) setModal({ slot })
      else notify({ title: 'Slot not found ⚠️', body: MESSAGES.slotNotFound, intent: 'error' })
    })()
  }, [slotId, view, range, filters, queryClient, callApi, clock, update, notify])

  const closeMenu = (restoreFocus: boolean) => {
    if (restoreFocus && menu?.target.isConnected) menu.target.focus()
    setMenu(null)
  }
  const menuSlot = menu?.slot

  // An empty Plan says what to do next: assign a slot (the filter bar offers 'Clear filters' when some are set).
  const emptyAction: EmptyStateAction = { label: 'Assign a slot', icon: <CalendarAdd20Regular />, onClick: () => setModal({}), 'data-testid': 'schedule-empty-assign' }
  const emptyHint = hasFilters(filters) ? 'Nothing matches the filters: clear them to see the whole plan.' : undefined

  const body = (() => {
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
      <MonthView key={anchor.slice(0, 7)} month={anchor} days={monthGrid(anchor)} entries={entries} ready={calendarReady} title={title} />
    ) : (
      <WeekView days={weekDays(anchor)} entries={entries} ready={calendarReady} title={title} />
    )
  })()

  const calendarEmpty = calendarReady && calendar.data.slots.length === 0 && calendar.data.posts.length === 0
  const hasPosts = (calendar.data?.posts.length ?? 0) > 0 || listItems.some((item) => item.kind === 'post')

  return (
    <ScheduleContext.Provider value={actions}>
      <div className={styles.root} data-testid="schedule-page" data-view={view} data-timezone={timeZone}>
        <div className={styles.toolbar} role="toolbar" aria-label="Plan">
          <Button onClick={() => go({ date: null })} data-testid="schedule-today">
            Today
          </Button>
          <Button
            appearance="subtle"
            icon={<ChevronLeft20Regular />}
            aria-label={view === 'week' ? 'Previous week' : 'Previous month'}
            onClick={() => go({ date: shiftPeriod(view, anchor, -1) })}
            data-testid="schedule-previous"
          />
          <Button
            appearance="subtle"
            icon={<ChevronRight20Regular />}
            aria-label={view === 'week' ? 'Next week' : 'Next month'}
            onClick={() => go({ date: shiftPeriod(view, anchor, 1) })}
            data-testid="schedule-next"
          />
          <h2 className={styles.title} aria-live="polite" data-testid="schedule-title">
            {title}
          </h2>
          <div className={styles.spacer} />
          <TabList
            size="small"
            selectedValue={view}
            onTabSelect={(_, data) => go({ view: data.value as CalendarView })}
            aria-label="View"
            data-testid="schedule-views"
          >
            {VIEWS.map((v) => (
              <Tab key={v} value={v} data-testid={`schedule-view-${v}`}>
                {VIEW_LABELS[v]}
              </Tab>
            ))}
          </TabList>
          <Button
            icon={exporting ? <Spinner size="tiny" /> : <ArrowDownload20Regular />}
            disabled={exporting}
            onClick={() => void exportCsv()}
            data-testid="schedule-export"
          >
            Export CSV
          </Button>
          <Button icon={<ArrowUpload20Regular />} onClick={() => setImporting(true)} data-testid="schedule-import">
            Import CSV
          </Button>
          <Button appearance="primary" icon={<CalendarAdd20Regular />} onClick={() => setModal({})} data-testid="schedule-assign">
            Assign slot
          </Button>
        </div>
        {/* On a phone the five filters would push the calendar below the fold: they open from a button that counts those set. */}
        {small ? (
          <div>
            <Button
              icon={<Filter20Regular />}
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((open) => !open)}
              data-testid="schedule-filters-toggle"
            >
              {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
            </Button>
          </div>
        ) : null}
        {!small || filtersOpen ? (
          <ScheduleFilters
            filters={filters}
            onChange={(changes: Partial<Record<FilterName, string | null>>) => update({ filters: changes })}
            showPostStatuses={hasPosts}
          />
        ) : null}
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
        {body}
      </div>
      <Menu
        open={menu !== null}
        onOpenChange={(_, data) => {
          if (!data.open) closeMenu(true)
        }}
        positioning={{ target: menu?.target ?? null, position: 'below', align: 'start' }}
      >
        <MenuPopover data-testid="slot-menu">
          <MenuList>
            {menuSlot && canWritePostFor(menuSlot, viewerId) ? (
              <MenuItem
                icon={<DocumentEdit20Regular />}
                onClick={() => {
                  closeMenu(false)
                  void navigate(slotWritePath(menuSlot.id))
                }}
                data-testid="slot-menu-write"
              >
                Write post
              </MenuItem>
            ) : null}
            <MenuItem
              icon={<Edit20Regular />}
              onClick={() => {
                closeMenu(false)
                if (menuSlot) setModal({ slot: menuSlot })
              }}
              data-testid="slot-menu-edit"
            >
              Edit slot
            </MenuItem>
            <MenuItem
              icon={<CalendarArrowRight20Regular />}
              disabled={!menuSlot || !canMoveSlot(menuSlot, now)}
              onClick={() => {
                closeMenu(false)
                if (menuSlot) openMoveTo(menuSlot)
              }}
              data-testid="slot-menu-move"
            >
              Move to…
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {moves.dialogs}
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
