import { useCallback } from 'react'
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { analyticsQuerySchema, endpoints, type QueryOf } from '@shared/api/contract'
import type { AnalyticsPosts } from '@shared/domain'
import { useHost } from '@renderer/host/HostContext'
import { downloadApiFile, useCallApi } from './client'
import { analyticsKeys } from './queryKeys'

/*
 * Analytics (issue 14): the posts table a page at a time, the per member / team / page aggregates,
 * the charts' time series, and CSV exports. Results change only as the metrics job reads LinkedIn
 * (hours apart), so answers are kept a minute and the previous period stays on screen while the
 * next loads.
 */

const ANALYTICS_STALE_TIME = 60_000
/** Rows per request of the posts table: one screenful and a half of scrolling. */
const ANALYTICS_POSTS_PAGE = 100

/** Period, zone and filters: what every analytics endpoint takes. */
export type AnalyticsQuery = Omit<z.input<typeof analyticsQuerySchema>, 'format'>
export type AnalyticsPostsSort = Pick<QueryOf<typeof endpoints.analyticsPosts>, 'sort' | 'order'>
export type AnalyticsGroupKind = 'members' | 'teams' | 'pages'

const GROUP_ENDPOINTS = {
  members: endpoints.analyticsMembers,
  teams: endpoints.analyticsTeams,
  pages: endpoints.analyticsPages
} as const

/** GET /analytics/posts: pages of `ANALYTICS_POSTS_PAGE` rows by offset, loaded as the table scrolls. */
export function useAnalyticsPosts(query: AnalyticsQuery, sort: AnalyticsPostsSort, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useInfiniteQuery({
    queryKey: analyticsKeys.posts({ ...query, ...sort }),
    queryFn: ({ pageParam }) => callApi(endpoints.analyticsPosts, { query: { ...query, ...sort, offset: pageParam, limit: ANALYTICS_POSTS_PAGE } }),
    initialPageParam: 0,
    getNextPageParam: (last: AnalyticsPosts, pages: AnalyticsPosts[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0)
      return last.rows.length > 0 && loaded < last.total ? loaded : undefined
    },
    staleTime: ANALYTICS_STALE_TIME,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true
  })
}

/** GET /analytics/members | teams | pages: one aggregate, for the tab in view. */
export function useAnalyticsGroups(kind: AnalyticsGroupKind, query: AnalyticsQuery, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: analyticsKeys.groups(kind, query),
    queryFn: () => callApi(GROUP_ENDPOINTS[kind], { query }),
    staleTime: ANALYTICS_STALE_TIME,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true
  })
}

/** GET /analytics/timeseries: per day, per type and weekday × hour for the period; with postId, that post's snapshots. */
export function useAnalyticsTimeseries(query: AnalyticsQuery & { postId?: string }, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: analyticsKeys.timeseries(query),
    queryFn: () => callApi(endpoints.analyticsTimeseries, { query }),
    staleTime: ANALYTICS_STALE_TIME,
    placeholderData: query.postId === undefined ? keepPreviousData : undefined,
    enabled: options.enabled ?? true
  })
}

type AnalyticsExport = 'posts' | AnalyticsGroupKind

const EXPORT_PATHS: Record<AnalyticsExport, string> = {
  posts: endpoints.analyticsPosts.path,
  members: endpoints.analyticsMembers.path,
  teams: endpoints.analyticsTeams.path,
  pages: endpoints.analyticsPages.path
}

/**
 * Saves a table as CSV: the server streams it (format=csv) with the same period and filters as the
 * table on screen, through the host (the renderer never fetches itself). Resolves false when the
 * user cancelled the desktop's save dialog; rejects with an ApiError when the server refused.
 */
export function useDownloadAnalyticsCsv() {
  const host = useHost()
  return useCallback(
    (table: AnalyticsExport, query: AnalyticsQuery & Partial<AnalyticsPostsSort>, fileName: string): Promise<boolean> =>
      downloadApiFile(host, EXPORT_PATHS[table], { ...query, format: 'csv' }, fileName),
    [host]
  )
}
