import { analyticsPostsQuerySchema, analyticsQuerySchema } from '@shared/api/contract'
import { lastDays, lastMonth, thisMonth, type Period } from '@shared/rules/periods'
import { localDate, zonedInstant } from '@shared/rules/slots'
import type { AnalyticsPostsSort, AnalyticsQuery } from '@renderer/api/analytics'

/**
 * The Analytics screen's address: `?period=30d&memberId=…&teamId=…&businessPageId=…&type=…&tagId=…
 * &search=…&sort=impressions&order=desc&tab=members`, with `from` and `to` (calendar days) for a
 * custom period, and `postId` for the post whose details are open. A reload or a shared link shows
 * the same; bad values are dropped one by one.
 */

export const PERIOD_CHOICES = ['7d', '30d', '90d', 'thisMonth', 'lastMonth', 'custom'] as const
export type PeriodChoice = (typeof PERIOD_CHOICES)[number]
const DEFAULT_PERIOD: PeriodChoice = '30d'

export const PERIOD_LABELS: Record<PeriodChoice, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom'
}

const TABS = ['posts', 'members', 'teams', 'pages'] as const
export type AnalyticsTab = (typeof TABS)[number]

export const FILTER_NAMES = ['memberId', 'teamId', 'businessPageId', 'type', 'tagId', 'search'] as const
export type FilterName = (typeof FILTER_NAMES)[number]
export type AnalyticsFilters = Partial<Pick<AnalyticsQuery, FilterName>>

interface AnalyticsUrlState {
  period: PeriodChoice
  /** The custom period's first and last days ('yyyy-MM-dd', both included); null when unset. */
  customFrom: string | null
  customTo: string | null
  filters: AnalyticsFilters
  sort: Required<AnalyticsPostsSort>
  tab: AnalyticsTab
  postId: string | null
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const isDate = (value: string | null): value is string => value !== null && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

const DEFAULT_SORT: Required<AnalyticsPostsSort> = { sort: 'publishedAt', order: 'desc' }

export function readAnalyticsParams(params: URLSearchParams): AnalyticsUrlState {
  const period = params.get('period')
  const tab = params.get('tab')
  const filters: AnalyticsFilters = {}
  for (const name of FILTER_NAMES) {
    const value = params.get(name)
    if (!value) continue
    const parsed = analyticsQuerySchema.shape[name].safeParse(value)
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') (filters as Record<string, string>)[name] = parsed.data
  }
  const sort = analyticsPostsQuerySchema.shape.sort.safeParse(params.get('sort') ?? undefined)
  const order = analyticsPostsQuerySchema.shape.order.safeParse(params.get('order') ?? undefined)
  const from = params.get('from')
  const to = params.get('to')
  return {
    period: PERIOD_CHOICES.includes(period as PeriodChoice) ? (period as PeriodChoice) : DEFAULT_PERIOD,
    customFrom: isDate(from) ? from : null,
    customTo: isDate(to) ? to : null,
    filters,
    sort: { sort: sort.success ? sort.data : DEFAULT_SORT.sort, order: order.success ? order.data : DEFAULT_SORT.order },
    tab: TABS.includes(tab as AnalyticsTab) ? (tab as AnalyticsTab) : 'posts',
    postId: params.get('postId') || null
  }
}

type Changes = Partial<{
  period: PeriodChoice
  from: string | null
  to: string | null
  sort: AnalyticsPostsSort['sort'] | null
  order: AnalyticsPostsSort['order'] | null
  tab: AnalyticsTab
  postId: string | null
}> & { filters?: Partial<Record<FilterName, string | null>> }

/** The params with some of the state changed; null, '' or a default removes a key. */
export function writeAnalyticsParams(current: URLSearchParams, changes: Changes): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (key: string, value: string | null | undefined) => {
    if (value === undefined) return
    if (value === null || value === '') next.delete(key)
    else next.set(key, value)
  }
  if (changes.period !== undefined) {
    set('period', changes.period === DEFAULT_PERIOD ? null : changes.period)
    if (changes.period !== 'custom') {
      next.delete('from')
      next.delete('to')
    }
  }
  set('from', changes.from)
  set('to', changes.to)
  set('sort', changes.sort === DEFAULT_SORT.sort ? null : changes.sort)
  set('order', changes.order === DEFAULT_SORT.order ? null : changes.order)
  if (changes.tab !== undefined) set('tab', changes.tab === 'posts' ? null : changes.tab)
  set('postId', changes.postId)
  for (const [name, value] of Object.entries(changes.filters ?? {})) set(name, value)
  return next
}

/** The calendar day after `date` ('yyyy-MM-dd'). */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** Why a custom period cannot be asked for yet; null when it can. */
export function customPeriodProblem(from: string | null, to: string | null): string | null {
  if (from === null || to === null) return 'Choose the first and the last day.'
  if (to < from) return 'The last day comes before the first.'
  return null
}

/**
 * The chosen period as instants [from, to) in the viewer's time zone: the last N days end with
 * today, months are whole calendar months, and a custom period runs from its first day's midnight
 * to the midnight after its last day. Null for a custom period not fully chosen.
 */
export function periodRange(state: Pick<AnalyticsUrlState, 'period' | 'customFrom' | 'customTo'>, now: Date, timeZone: string): Period | null {
  switch (state.period) {
    case '7d':
      return lastDays(7, now, timeZone)
    case '30d':
      return lastDays(30, now, timeZone)
    case '90d':
      return lastDays(90, now, timeZone)
    case 'thisMonth':
      return thisMonth(now, timeZone)
    case 'lastMonth':
      return lastMonth(now, timeZone)
    case 'custom':
      if (customPeriodProblem(state.customFrom, state.customTo) !== null) return null
      return { from: zonedInstant(state.customFrom!, '00:00', timeZone), to: zonedInstant(nextDay(state.customTo!), '00:00', timeZone) }
  }
}

/** The period's first and last days in the zone, to prefill the custom fields from the period shown. */
export function periodDays(period: Period, timeZone: string): { from: string; to: string } {
  return { from: localDate(period.from, timeZone), to: localDate(new Date(period.to.getTime() - 1), timeZone) }
}

/** What every analytics request carries: the period as instants, the zone, and the filters that apply. */
export function analyticsQuery(period: Period, timeZone: string, filters: AnalyticsFilters): AnalyticsQuery {
  return { from: period.from.toISOString(), to: period.to.toISOString(), timezone: timeZone, ...filters }
}
