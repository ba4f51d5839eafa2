import { sql } from 'drizzle-orm'
import type { AnalyticsPosts } from '../../../shared/domain'
import { rowsOf } from '../../db/migrate'
import type { OrganizationActor } from '../actor'
import { FROM, SUMS, totalsOf, type SumsRow } from './metricsSql'
import { postPage } from './postRows'
import { scopeOf } from './scope'
import type { AnalyticsDeps, AnalyticsPostsQuery } from './types'

/* GET /analytics/posts: one page of the matching posts, sorted on the server, with the total and totals of all of them (docs/architecture.md, "Analytics"). */

export async function analyticsPosts(deps: AnalyticsDeps, session: OrganizationActor, query: AnalyticsPostsQuery): Promise<AnalyticsPosts> {
  const { db } = deps
  const scope = await scopeOf(db, session, query)
  const [sums] = rowsOf<SumsRow>(await db.execute(sql`select ${SUMS} from ${FROM} where ${scope.where}`))
  const { posts: total, ...totals } = totalsOf(sums)
  const rows = total > query.offset ? await postPage(db, deps.linkedInAdapter, scope, query, query.offset, query.limit) : []
  return { rows, total, totals }
}
