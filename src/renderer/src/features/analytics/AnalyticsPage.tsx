import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ComponentProps } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Tab, TabList, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { DocumentEdit20Regular } from '@fluentui/react-icons'
import type { User } from '@shared/domain'
import { paths } from '@shared/routes'
import { useAnalyticsGroups, useAnalyticsPosts, useAnalyticsTimeseries, useDownloadAnalyticsCsv, type AnalyticsGroupKind, type AnalyticsPostsSort } from '@renderer/api/analytics'
import { useUser } from '@renderer/api/user'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { CardsSkeleton, ListSkeleton } from '@renderer/components/Skeletons'
import { useNow } from '@renderer/hooks/useNow'
import { formatDateRange } from '@renderer/lib/formatDate'
import { userTimeZone } from '@renderer/lib/timeZone'
import { AnalyticsFilters, filterScope } from './AnalyticsFilters'
import {
  FILTER_NAMES,
  PERIOD_LABELS,
  analyticsQuery,
  periodDays,
  periodRange,
  readAnalyticsParams,
  writeAnalyticsParams,
  type AnalyticsTab,
  type FilterName,
  type PeriodChoice
} from './analyticsState'
import { ExportButton } from '@renderer/components/ExportButton'
import { GroupsTable } from './GroupsTable'
import { formatCount, formatRate } from './labels'
import { PeriodPicker } from './PeriodPicker'
import { PostDetailsDialog } from './PostDetailsDialog'
import { PostsTable } from './PostsTable'

// The charts library is large: it loads with this chunk's charts only, never with the app's first screen.
const AnalyticsCharts = lazy(() => import('./charts/AnalyticsCharts'))

const SEARCH_PAUSE_MS = 300

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0, maxWidth: '1400px' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalL },
  totals: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: tokens.spacingHorizontalM },
  // A card's look on a plain <div>: a <dl> holds only dt/dd groups in divs without a role (Fluent's Card is a group).
  total: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    minWidth: 0,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4
  },
  totalValue: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase600 },
  muted: { color: tokens.colorNeutralForeground3 },
  tabBar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  tabs: { minWidth: 0, flexWrap: 'wrap' },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // The previous period stays on screen, dimmed, while the next loads.
  stale: { opacity: 0.6 }
})

const TAB_LABELS: Record<AnalyticsTab, string> = { posts: 'Posts', members: 'Members', teams: 'Teams', pages: 'Business pages' }

/** The tabs the viewer's scope gives a meaning to: a member has no per-member table (it would be themselves). */
function visibleTabs(user: User): AnalyticsTab[] {
  return filterScope(user).member ? ['posts', 'members', 'teams', 'pages'] : ['posts', 'teams', 'pages']
}

/** The period's figures in all, from the posts table's totals. */
function Totals({ totals, posts, stale }: { totals: { impressions: number; reactions: number; comments: number; reshares: number; engagementRate: number | null }; posts: number; stale: boolean }) {
  const styles = useStyles()
  const items: [string, string][] = [
    ['Posts', formatCount(posts)],
    ['Impressions', formatCount(totals.impressions)],
    ['Reactions', formatCount(totals.reactions)],
    ['Comments', formatCount(totals.comments)],
    ['Reshares', formatCount(totals.reshares)],
    ['Engagement rate', formatRate(totals.engagementRate)]
  ]
  return (
    <dl className={mergeClasses(styles.totals, stale && styles.stale)} style={{ margin: 0 }} data-testid="analytics-totals">
      {items.map(([label, value]) => (
        <div key={label} className={styles.total}>
          <dt className={styles.muted}>{label}</dt>
          <dd className={styles.totalValue} style={{ margin: 0 }} data-testid={`analytics-total-${label.toLowerCase().replace(/ /g, '-')}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function GroupsPanel({ kind, query }: { kind: AnalyticsGroupKind; query: ReturnType<typeof analyticsQuery> }) {
  const styles = useStyles()
  const groups = useAnalyticsGroups(kind, query)
  if (groups.isError) return <ErrorState onRetry={() => void groups.refetch()} />
  if (!groups.data) return <ListSkeleton label="Loading results…" rows={4} />
  return (
    <div className={mergeClasses(styles.panel, groups.isPlaceholderData && styles.stale)}>
      {groups.data.rows.length === 0 ? (
        <EmptyState message="Nothing published in this period" hint="Choose a longer period, or clear the filters." data-testid={`analytics-${kind}-empty`} />
      ) : (
        <GroupsTable kind={kind} data={groups.data} />
      )}
    </div>
  )
}

type AnalyticsPostsPage = NonNullable<ReturnType<typeof useAnalyticsPosts>['data']>['pages'][number]

/** The period's totals and its charts (loaded with their own chunk), the previous ones dimmed while the next load. */
function Overview({ first, stale, series, timeZone }: { first: AnalyticsPostsPage; stale: boolean; series: ReturnType<typeof useAnalyticsTimeseries>; timeZone: string }) {
  const styles = useStyles()
  return (
    <>
      <Totals totals={first.totals} posts={first.total} stale={stale} />
      {series.isError ? <ErrorState onRetry={() => void series.refetch()} /> : null}
      {series.data ? (
        <Suspense fallback={<CardsSkeleton label="Loading charts…" cards={3} />}>
          <div className={series.isPlaceholderData ? styles.stale : undefined}>
            <AnalyticsCharts data={series.data} timeZone={timeZone} />
          </div>
        </Suspense>
      ) : series.isError ? null : (
        <CardsSkeleton label="Loading charts…" cards={3} />
      )}
    </>
  )
}

interface PostsPanelProps {
  /** The period has no post matching the filters. */
  noPosts: boolean
  filtered: boolean
  onClearFilters: () => void
  stale: boolean
  table: ComponentProps<typeof PostsTable>
}

/** The Posts tab: the table, or what to do when the period (or the filters) leave no post. */
function PostsPanel({ noPosts, filtered, onClearFilters, stale, table }: PostsPanelProps) {
  const styles = useStyles()
  const navigate = useNavigate()
  if (noPosts && !filtered) {
    // A member's team totals stay a tab away: only the posts' part is empty.
    return (
      <EmptyState
        icon={<DocumentEdit20Regular />}
        message="No published posts in this period"
        hint="Publish a post and its results appear here a few hours later"
        action={{ label: 'Create content', onClick: () => void navigate(paths.writePost), 'data-testid': 'analytics-create-content' }}
        data-testid="analytics-empty"
      />
    )
  }
  if (noPosts) {
    return (
      <EmptyState
        message="No posts match these filters"
        hint="Clear the filters or the search to see every post of the period."
        action={{ label: 'Clear filters', onClick: onClearFilters, 'data-testid': 'analytics-clear-filters' }}
        data-testid="analytics-no-match"
      />
    )
  }
  return (
    <div className={mergeClasses(styles.panel, stale && styles.stale)}>
      <PostsTable {...table} />
    </div>
  )
}

/**
 * Analytics (/analytics): the results of published posts over a period in the viewer's time zone —
 * totals, charts, the posts table (sortable, searchable, a page at a time) and per member, team and
 * business page aggregates, each exportable as CSV. Period, filters, sort, tab and the open post
 * live in the address. The server scopes every answer: a member sees their own posts and their
 * team's totals, a team leader their teams' members, an admin everyone.
 */
export default function AnalyticsPage() {
  const user = useUser()
  if (user.isError) return <ErrorState onRetry={() => void user.refetch()} />
  if (!user.data) return <CardsSkeleton label="Loading analytics…" cards={3} />
  return <Analytics user={user.data} />
}

function Analytics({ user }: { user: User }) {
  const styles = useStyles()
  const now = useNow()
  const timeZone = userTimeZone(user)
  const [params, setParams] = useSearchParams()
  const state = readAnalyticsParams(params)
  const tabs = visibleTabs(user)
  const tab = tabs.includes(state.tab) ? state.tab : 'posts'
  const scope = filterScope(user)
  // Filters the viewer's scope has no use for (a member's link with a memberId) are not sent.
  // The query is rebuilt each render; React Query keys it by value, so a new object asks nothing again.
  const filters = { ...state.filters }
  if (!scope.member) delete filters.memberId
  if (!scope.team) delete filters.teamId
  const range = periodRange(state, now, timeZone)
  const query = range ? analyticsQuery(range, timeZone, filters) : null

  const update = useCallback(
    (changes: Parameters<typeof writeAnalyticsParams>[1]) => setParams((prev) => writeAnalyticsParams(prev, changes), { replace: true }),
    [setParams]
  )

  // The search box answers at once; the address (and the request) follow after a pause in typing.
  const search = state.filters.search ?? ''
  const [typing, setTyping] = useState({ value: search, from: search })
  const typed = typing.from === search ? typing.value : search
  useEffect(() => {
    if (typed === search) return
    const timer = setTimeout(() => update({ filters: { search: typed.trim() || null } }), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, search, update])

  const sort = state.sort
  const posts = useAnalyticsPosts(query ?? { from: '', to: '' }, sort, { enabled: query !== null })
  const series = useAnalyticsTimeseries(query ?? { from: '', to: '' }, { enabled: query !== null })
  const download = useDownloadAnalyticsCsv()

  const rows = useMemo(() => posts.data?.pages.flatMap((p) => p.rows) ?? [], [posts.data])
  const first = posts.data?.pages[0]
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = posts
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const onSort = useCallback((next: Required<AnalyticsPostsSort>) => update({ sort: next.sort, order: next.order }), [update])
  const onOpen = useCallback((postId: string) => setParams((prev) => writeAnalyticsParams(prev, { postId })), [setParams])

  const filtered = FILTER_NAMES.some((name) => filters[name] !== undefined)
  const clearFilters = () => {
    setTyping({ value: '', from: '' })
    update({ filters: Object.fromEntries(FILTER_NAMES.map((n) => [n, null])) as Record<FilterName, null> })
  }
  /** The period's first and last days in the viewer's zone: the title, and the export's file name. */
  const fileDay = range ? periodDays(range, timeZone) : null
  // The server's own name for the file (docs/architecture.md, "Analytics"), which the host's save takes.
  const fileName = (table: string) => `pagecrew-analytics-${table}${fileDay ? `-${fileDay.from}-${fileDay.to}` : ''}.csv`

  const onPeriod = (period: PeriodChoice) => {
    if (period === 'custom' && range) {
      // A custom period starts from the one on screen, so both days are filled in.
      const days = periodDays(range, timeZone)
      update({ period, from: days.from, to: days.to })
    } else update({ period })
  }

  const noPosts = first !== undefined && first.total === 0
  const openRow = state.postId ? rows.find((r) => r.postId === state.postId) : undefined

  return (
    <div className={styles.page} data-testid="analytics-page">
      <div className={styles.toolbar}>
        <Text as="h1" size={600} weight="semibold" data-testid="analytics-period-title">
          {fileDay ? formatDateRange(fileDay.from, fileDay.to, 'date') : PERIOD_LABELS.custom}
        </Text>
        <PeriodPicker
          period={state.period}
          customFrom={state.customFrom}
          customTo={state.customTo}
          timeZone={timeZone}
          onPeriod={onPeriod}
          onCustom={(changes) => update(changes)}
        />
      </div>
      <AnalyticsFilters user={user} filters={filters} search={typed} onSearch={(value) => setTyping({ value, from: search })} onChange={(changes) => update({ filters: changes })} />

      {query === null ? (
        <Text className={styles.muted} data-testid="analytics-choose-days">
          Choose the first and the last day of the period.
        </Text>
      ) : posts.isError ? (
        <ErrorState onRetry={() => void posts.refetch()} />
      ) : !first ? (
        <>
          <CardsSkeleton label="Loading results…" cards={3} />
          <ListSkeleton label="Loading posts…" rows={5} />
        </>
      ) : (
        <>
          {noPosts ? null : <Overview first={first} stale={posts.isPlaceholderData} series={series} timeZone={timeZone} />}
          <div className={styles.tabBar}>
            <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => update({ tab: data.value as AnalyticsTab })} aria-label="Results" data-testid="analytics-tabs">
              {tabs.map((t) => (
                <Tab key={t} value={t} data-testid={`analytics-tab-${t}`}>
                  {TAB_LABELS[t]}
                </Tab>
              ))}
            </TabList>
            {tab === 'posts' && noPosts ? null : (
              <ExportButton onExport={() => download(tab, tab === 'posts' ? { ...query, ...sort } : query, fileName(tab))} data-testid="analytics-export" />
            )}
          </div>
          {tab === 'posts' ? (
            <PostsPanel
              noPosts={noPosts}
              filtered={filtered}
              onClearFilters={clearFilters}
              stale={posts.isPlaceholderData}
              table={{ rows, total: first.total, timeZone, sort, onSort, onOpen, onEndReached: loadMore }}
            />
          ) : (
            <GroupsPanel kind={tab} query={query} />
          )}
        </>
      )}
      {state.postId && query ? (
        <PostDetailsDialog postId={state.postId} row={openRow} query={query} timeZone={timeZone} onClose={() => update({ postId: null })} />
      ) : null}
    </div>
  )
}
