import { useState } from 'react'
import { Button, Spinner, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownload20Regular, ArrowUpload20Regular, CalendarAdd20Regular, ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'
import { useDownloadPlanCsv } from '@renderer/api/planCsv'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { exportDays, instantRange, shiftPeriod, type CalendarView } from './calendarDates'
import { VIEWS, type ScheduleFilters } from './scheduleState'

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', list: 'List' }

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, minWidth: '200px', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  spacer: { flexGrow: 1 }
})

interface PlanToolbarProps {
  view: CalendarView
  /** The day the period on screen is drawn around. */
  anchor: string
  title: string
  filters: ScheduleFilters
  timeZone: string
  /** A step of the history to another view or period (date null: today's). */
  onGo: (changes: { view?: CalendarView; date?: string | null }) => void
  onImport: () => void
  onAssign: () => void
}

/** The Plan's toolbar: Today, the previous and next period, its title, the views, Export and Import CSV, and Assign slot. */
export function PlanToolbar({ view, anchor, title, filters, timeZone, onGo, onImport, onAssign }: PlanToolbarProps) {
  const styles = useStyles()
  const notify = useNotify()
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

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Plan">
      <Button onClick={() => onGo({ date: null })} data-testid="schedule-today">
        Today
      </Button>
      <Button
        appearance="subtle"
        icon={<ChevronLeft20Regular />}
        aria-label={view === 'week' ? 'Previous week' : 'Previous month'}
        onClick={() => onGo({ date: shiftPeriod(view, anchor, -1) })}
        data-testid="schedule-previous"
      />
      <Button
        appearance="subtle"
        icon={<ChevronRight20Regular />}
        aria-label={view === 'week' ? 'Next week' : 'Next month'}
        onClick={() => onGo({ date: shiftPeriod(view, anchor, 1) })}
        data-testid="schedule-next"
      />
      <h2 className={styles.title} aria-live="polite" data-testid="schedule-title">
        {title}
      </h2>
      <div className={styles.spacer} />
      <TabList size="small" selectedValue={view} onTabSelect={(_, data) => onGo({ view: data.value as CalendarView })} aria-label="View" data-testid="schedule-views">
        {VIEWS.map((v) => (
          <Tab key={v} value={v} data-testid={`schedule-view-${v}`}>
            {VIEW_LABELS[v]}
          </Tab>
        ))}
      </TabList>
      <Button icon={exporting ? <Spinner size="tiny" /> : <ArrowDownload20Regular />} disabled={exporting} onClick={() => void exportCsv()} data-testid="schedule-export">
        Export CSV
      </Button>
      <Button icon={<ArrowUpload20Regular />} onClick={onImport} data-testid="schedule-import">
        Import CSV
      </Button>
      <Button appearance="primary" icon={<CalendarAdd20Regular />} onClick={onAssign} data-testid="schedule-assign">
        Assign slot
      </Button>
    </div>
  )
}
