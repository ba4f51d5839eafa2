import type { OrganizationSession } from '../sessions'
import { groupsIn } from './analyticsGroups'
import { csvFileName, csvStream, METRIC_HEADERS, metricCells, type CsvDownload } from './csvDownload'
import { num } from './metricsSql'
import { scopeOf } from './scope'
import type { AnalyticsDeps, AnalyticsGroupKind, AnalyticsQuery } from './types'

/* GET /analytics/members|teams|pages?format=csv: the group rows as a file (docs/architecture.md, "Analytics": CSV). */

export async function analyticsGroupsCsv(deps: AnalyticsDeps, session: OrganizationSession, kind: AnalyticsGroupKind, query: AnalyticsQuery): Promise<CsvDownload> {
  const scope = await scopeOf(deps.db, session, query)
  const answer = await groupsIn(deps.db, scope, kind)
  const name = { members: ['Member', 'Team'], teams: ['Team', 'Members'], pages: ['Business page'] }[kind]
  const records = answer.rows.map((r) => {
    const detail = kind === 'members' ? [r.detail] : kind === 'teams' ? [num(r.detail)] : []
    return [r.id, r.name, ...detail, r.posts, ...metricCells(r)]
  })
  return { fileName: csvFileName(kind, scope.from, scope.to, scope.timeZone), body: csvStream(['ID', ...name, 'Posts', ...METRIC_HEADERS], records) }
}
