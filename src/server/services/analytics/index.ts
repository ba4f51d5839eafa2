import type { AnalyticsGroups, AnalyticsPosts, AnalyticsTimeseries } from '../../../shared/domain'
import type { OrganizationActor } from '../actor'
import type { OrganizationSession } from '../sessions'
import { analyticsGroups } from './analyticsGroups'
import { analyticsPosts } from './analyticsPosts'
import { analyticsTimeseries } from './analyticsTimeseries'
import type { CsvDownload } from './csvDownload'
import { analyticsGroupsCsv } from './analyticsGroupsCsv'
import { analyticsPostsCsv } from './analyticsPostsCsv'
import { analyticsTimeseriesCsv } from './analyticsTimeseriesCsv'
import type { AnalyticsDeps, AnalyticsGroupKind, AnalyticsPostsQuery, AnalyticsQuery, AnalyticsTimeseriesQuery } from './types'

/*
 * Analytics (issue 14): the organization's published posts with their latest results
 * (post_metrics), per post, per member, per team, per business page and over time, as JSON or CSV.
 * One use case per file; this facade only delegates. The rules are in docs/architecture.md, "Analytics".
 */

export { CSV_BATCH, csvFileName, type CsvDownload } from './csvDownload'
export { FROM, POST_ENGAGEMENTS, rate } from './metricsSql'
export { postResultRows } from './postRows'
export { checkedTimeZone, periodDays, storedTimeZone, UNKNOWN_TIME_ZONE, zonedIso } from './timeZones'
export type { AnalyticsDeps, AnalyticsGroupKind } from './types'

export interface AnalyticsService {
  posts(session: OrganizationActor, query: AnalyticsPostsQuery): Promise<AnalyticsPosts>
  groups(session: OrganizationActor, kind: AnalyticsGroupKind, query: AnalyticsQuery): Promise<AnalyticsGroups>
  timeseries(session: OrganizationActor, query: AnalyticsTimeseriesQuery): Promise<AnalyticsTimeseries>
  /** `publicBase`: this server's public address, for links to the sandbox's post viewer. */
  postsCsv(session: OrganizationSession, query: AnalyticsPostsQuery, publicBase: string): Promise<CsvDownload>
  groupsCsv(session: OrganizationSession, kind: AnalyticsGroupKind, query: AnalyticsQuery): Promise<CsvDownload>
  timeseriesCsv(session: OrganizationSession, query: AnalyticsTimeseriesQuery): Promise<CsvDownload>
}

export function createAnalyticsService(deps: AnalyticsDeps): AnalyticsService {
  return {
    posts: (session, query) => analyticsPosts(deps, session, query),
    groups: (session, kind, query) => analyticsGroups(deps, session, kind, query),
    timeseries: (session, query) => analyticsTimeseries(deps, session, query),
    postsCsv: (session, query, publicBase) => analyticsPostsCsv(deps, session, query, publicBase),
    groupsCsv: (session, kind, query) => analyticsGroupsCsv(deps, session, kind, query),
    timeseriesCsv: (session, query) => analyticsTimeseriesCsv(deps, session, query)
  }
}
