import type { OrganizationSession } from '../sessions'
import { timeseriesIn } from './analyticsTimeseries'
import { csvFileName, csvStream, METRIC_HEADERS, type CsvDownload } from './csvDownload'
import { scopeOf } from './scope'
import { zonedIso } from './timeZones'
import type { AnalyticsDeps, AnalyticsTimeseriesQuery } from './types'

/* GET /analytics/timeseries?format=csv: the period's days, or with postId the post's snapshots (docs/architecture.md, "Analytics": CSV). */

export async function analyticsTimeseriesCsv(deps: AnalyticsDeps, session: OrganizationSession, query: AnalyticsTimeseriesQuery): Promise<CsvDownload> {
  const scope = await scopeOf(deps.db, session, query)
  const answer = await timeseriesIn(deps.db, session, scope, query.postId)
  if (query.postId) {
    const records = answer.snapshots.map((s) => [
      zonedIso(new Date(s.takenAt), scope.timeZone),
      s.impressions,
      s.membersReached ?? '',
      s.reactions,
      s.comments,
      s.reshares,
      s.clicks ?? ''
    ])
    return {
      fileName: csvFileName('post', scope.from, scope.to, scope.timeZone),
      body: csvStream(['Taken at', ...METRIC_HEADERS.slice(0, -1)], records)
    }
  }
  const records = answer.days.map((d) => [d.date, d.posts, d.impressions, d.engagements, d.engagementRate ?? ''])
  return {
    fileName: csvFileName('days', scope.from, scope.to, scope.timeZone),
    body: csvStream(['Date', 'Posts', 'Impressions', 'Engagements', 'Engagement rate'], records)
  }
}
