import { useMemo, useState } from 'react'
import { Button, Caption1, Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components'
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditEntry } from '@shared/domain/audit'
import { DAY_MS } from '@shared/constants'
import { withoutUnchanged } from '@shared/rules/audit'
import { useAuditLog, useDownloadAuditLogCsv, type AuditLogFilters } from '@renderer/api/auditLog'
import { useUser } from '@renderer/api/user'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { VirtualTable, type VirtualColumn } from '@renderer/components/VirtualTable'
import { ExportButton } from '@renderer/components/ExportButton'
import { formatDate } from '@renderer/lib/formatDate'
import { userTimeZone } from '@renderer/lib/timeZone'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  select: { minWidth: '180px' },
  export: { marginLeft: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
  detail: { display: 'flex', flexDirection: 'column', overflow: 'hidden' },
  change: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // A long target (a post's first words, a long name) stays on its line in its row: the rest is in its tooltip.
  target: { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  more: { alignSelf: 'center' }
})

/** The period filter: rolling windows ending now (the log is read newest first). */
const PERIODS = [
  { value: 'all', label: 'All time', days: null },
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '365', label: 'Last 12 months', days: 365 }
] as const
type Period = (typeof PERIODS)[number]['value']

/** A value of an entry's before/after as one short line. */
function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(auditValue).join(', ')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * Each field an entry changed: "role: MEMBER → ADMIN"; a creation shows only the after, a deletion
 * only the before; a field the same on both sides (older entries kept some) is not a change, by the
 * rule the server writes entries with (withoutUnchanged).
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const { before, after } = withoutUnchanged(entry.before, entry.after)
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return keys.map((key) => {
    if (!before) return `${key}: ${auditValue(after?.[key])}`
    if (!after) return `${key}: ${auditValue(before[key])}`
    return `${key}: ${auditValue(before[key])} → ${auditValue(after[key])}`
  })
}

/** The log's columns: time (in the viewer's zone), actor, action, target, and the first two changes. */
function auditColumns(styles: ReturnType<typeof useStyles>, timeZone: string | undefined): VirtualColumn<AuditEntry>[] {
  return [
    { id: 'time', header: 'Time', width: 'minmax(150px, 1fr)', cell: (e) => formatDate(e.createdAt, 'dateTime', { timeZone }) },
    { id: 'actor', header: 'Actor', width: 'minmax(140px, 1fr)', cell: (e) => (e.actor ? e.actor.name || 'A former member' : <span className={styles.muted}>System</span>) },
    { id: 'action', header: 'Action', width: 'minmax(160px, 1fr)', cell: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
    {
      id: 'target',
      header: 'Target',
      width: 'minmax(160px, 1.5fr)',
      cell: (e) => (
        <span className={styles.target} title={e.target.label || undefined} data-testid="audit-target">
          {e.target.label || '—'}
        </span>
      )
    },
    {
      id: 'detail',
      header: 'Change',
      width: 'minmax(240px, 3fr)',
      cell: (e) => {
        const changes = auditChanges(e)
        return (
          <span className={styles.detail} title={changes.join('\n')}>
            {changes.length === 0 ? <span className={styles.muted}>—</span> : null}
            {changes.slice(0, 2).map((c) => (
              <Caption1 key={c} className={styles.change}>
                {c}
              </Caption1>
            ))}
            {changes.length > 2 ? <Caption1 className={styles.muted}>and {changes.length - 2} more</Caption1> : null}
          </span>
        )
      }
    }
  ]
}

/**
 * Settings → Organization → Audit log (issue 17, admins): every change to the organization, newest
 * first, filtered by actor, action and period, loaded as the table scrolls (or with Load more) and
 * exported as CSV with the same filters. Times are in the viewer's time zone.
 */
export function AuditLogSection() {
  const styles = useStyles()
  const user = useUser()
  const timeZone = user.data ? userTimeZone(user.data) : undefined
  const [actorId, setActorId] = useState('')
  const [action, setAction] = useState('')
  const [period, setPeriod] = useState<Period>('all')
  // The period's start is fixed when it is chosen, so the query (and its cache key) stays put.
  const [periodStart, setPeriodStart] = useState<string | null>(null)
  const filters = useMemo<AuditLogFilters>(
    () => ({ actorId: actorId || undefined, action: action || undefined, from: periodStart ?? undefined }),
    [actorId, action, periodStart]
  )
  const log = useAuditLog(filters)
  const download = useDownloadAuditLogCsv()
  const entries = useMemo(() => log.data?.pages.flatMap((p) => p.entries) ?? [], [log.data])
  const actors = log.data?.pages[0]?.actors ?? []

  const choosePeriod = (value: Period) => {
    setPeriod(value)
    const days = PERIODS.find((p) => p.value === value)?.days ?? null
    setPeriodStart(days === null ? null : new Date(Date.now() - days * DAY_MS).toISOString())
  }
  const loadMore = () => {
    if (log.hasNextPage && !log.isFetchingNextPage) void log.fetchNextPage()
  }

  const columns = auditColumns(styles, timeZone)

  return (
    <section className={styles.root} aria-label="Audit log" data-testid="audit-section">
      <Text className={styles.muted}>Every change to the organization, who made it and when. Entries cannot be edited or deleted.</Text>
      <div className={styles.toolbar}>
        <Field label="Actor" size="small">
          <Select size="small" className={styles.select} value={actorId} onChange={(_, d) => setActorId(d.value)} data-testid="audit-filter-actor">
            <option value="">Anyone</option>
            {actors.map((a) => (
              <option key={a.userId} value={a.userId}>
                {a.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Action" size="small">
          <Select size="small" className={styles.select} value={action} onChange={(_, d) => setAction(d.value)} data-testid="audit-filter-action">
            <option value="">All actions</option>
            {AUDIT_ACTION_GROUPS.map((g) => (
              <optgroup key={g.prefix} label={g.label}>
                <option value={g.prefix}>All: {g.label.toLowerCase()}</option>
                {AUDIT_ACTIONS.filter((a) => a.startsWith(g.prefix)).map((a) => (
                  <option key={a} value={a}>
                    {AUDIT_ACTION_LABELS[a]}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </Field>
        <Field label="Period" size="small">
          <Select size="small" className={styles.select} value={period} onChange={(_, d) => choosePeriod(d.value as Period)} data-testid="audit-filter-period">
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </Select>
        </Field>
        <span className={styles.export}>
          <ExportButton onExport={() => download(filters, 'pagecrew-audit-log.csv')} data-testid="audit-export" />
        </span>
      </div>
      {log.isPending ? <LoadingState inline label="Loading the audit log…" /> : null}
      {log.isError && !log.data ? <ErrorState onRetry={() => void log.refetch()} /> : null}
      {log.isSuccess && entries.length === 0 ? (
        <EmptyState
          message="No results found"
          hint={filters.actorId || filters.action || filters.from ? 'No change matches these filters.' : 'Changes to members, teams, tags, pages, templates and the plan will appear here.'}
          data-testid="audit-empty"
        />
      ) : null}
      {entries.length > 0 ? (
        <>
          <VirtualTable
            rows={entries}
            columns={columns}
            getRowId={(e) => e.id}
            label="Audit log"
            rowHeight={56}
            maxHeight={560}
            onEndReached={loadMore}
            data-testid="audit-table"
            rowTestId={(e) => `audit-entry-${e.id}`}
          />
          {log.hasNextPage ? (
            <Button className={styles.more} onClick={loadMore} disabled={log.isFetchingNextPage} data-testid="audit-load-more">
              {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
