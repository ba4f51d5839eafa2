import type { AnalyticsPostRow } from '../../../shared/domain'
import type { OrganizationSession } from '../sessions'
import { CSV_BATCH, csvFileName, csvStream, METRIC_HEADERS, metricCells, type CsvDownload } from './csvDownload'
import { postPage } from './postRows'
import { scopeOf } from './scope'
import { zonedIso } from './timeZones'
import type { AnalyticsDeps, AnalyticsPostsQuery } from './types'

/*
 * GET /analytics/posts?format=csv: every matching post (offset and limit ignored), read CSV_BATCH
 * rows per statement while it streams (docs/architecture.md, "Analytics": CSV).
 */

/** `publicBase`: this server's public address, for links to the sandbox's post viewer. */
export async function analyticsPostsCsv(deps: AnalyticsDeps, session: OrganizationSession, query: AnalyticsPostsQuery, publicBase: string): Promise<CsvDownload> {
  const { db } = deps
  const scope = await scopeOf(db, session, query)
  const record = (r: AnalyticsPostRow) => [
    r.postId,
    zonedIso(new Date(r.publishedAt), scope.timeZone),
    r.author.fullName,
    r.businessPage?.linkedInCompanyName,
    r.type,
    r.tag?.title,
    ...metricCells(r),
    r.metricsStatus,
    r.linkedInPostUrl?.startsWith('/') ? `${publicBase}${r.linkedInPostUrl}` : (r.linkedInPostUrl ?? ''),
    r.excerpt
  ]
  // The first batch is read now, so a failing statement is an error answer rather than a cut download.
  const first = await postPage(db, deps.linkedInAdapter, scope, query, 0, CSV_BATCH)
  async function* records() {
    let batch = first
    let offset = 0
    for (;;) {
      for (const row of batch) yield record(row)
      if (batch.length < CSV_BATCH) return
      offset += CSV_BATCH
      batch = await postPage(db, deps.linkedInAdapter, scope, query, offset, CSV_BATCH)
    }
  }
  const header = ['Post ID', 'Published at', 'Author', 'Business page', 'Type', 'Topic tag', ...METRIC_HEADERS, 'Metrics', 'LinkedIn URL', 'Text']
  return { fileName: csvFileName('posts', scope.from, scope.to, scope.timeZone), body: csvStream(header, records()) }
}
