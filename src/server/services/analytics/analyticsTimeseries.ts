import { sql } from 'drizzle-orm'
import type { AnalyticsTimeseries, PostType } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { rowsOf } from '../../db/migrate'
import type { OrganizationActor } from '../actor'
import { FROM, num, numOrNull, rate, type SumsRow } from './metricsSql'
import { scopeOf, type Scope } from './scope'
import { periodDays } from './timeZones'
import type { AnalyticsDeps, AnalyticsTimeseriesQuery } from './types'

/*
 * GET /analytics/timeseries: per local day (every day of the period), per post type and per
 * weekday × hour in one pass, and with postId that post's snapshots (docs/architecture.md, "Analytics").
 */

type Grouped = { by_day: unknown; by_type: unknown; day: string; type: PostType; weekday: unknown; hour: unknown; posts: unknown; impressions: unknown; engagements: unknown }

/** The timeseries of a resolved scope; `postId` adds its snapshots, oldest first. */
export async function timeseriesIn(db: Executor, session: OrganizationActor, scope: Scope, postId: string | undefined): Promise<AnalyticsTimeseries> {
  const tz = scope.timeZone
  // One pass over the posts: per local day, per type and per weekday × hour (grouping sets).
  const [grouped, snapshots] = await Promise.all([
    db.execute(sql`select grouping(b.day) as by_day, grouping(b.type) as by_type, b.day, b.type, b.weekday, b.hour,
        count(*)::int as posts, sum(b.impressions)::float8 as impressions, sum(b.engagements)::float8 as engagements
      from (select to_char(p.published_at at time zone ${tz}, 'YYYY-MM-DD') as day, p.type,
          (extract(isodow from p.published_at at time zone ${tz}) - 1)::int as weekday,
          extract(hour from p.published_at at time zone ${tz})::int as hour,
          coalesce(pm.impressions, 0) as impressions,
          coalesce(pm.reactions + pm.comments + pm.reshares + coalesce(pm.clicks, 0), 0) as engagements
        from ${FROM} where ${scope.where}) b
      group by grouping sets ((b.day), (b.type), (b.weekday, b.hour))
      order by b.day, b.type, b.weekday, b.hour`),
    postId
      ? db.execute(sql`select taken_at, impressions, members_reached, reactions, comments, reshares, clicks
          from post_metric_snapshots where post_id = ${postId} and organization_id = ${session.organization.id} order by taken_at, id`)
      : Promise.resolve({ rows: [] })
  ])
  const rows = rowsOf<Grouped>(grouped)
  const counted = (r: Grouped) => ({ posts: num(r.posts), impressions: num(r.impressions), engagementRate: rate(num(r.engagements), num(r.impressions)) })
  const byDay = new Map(rows.filter((r) => num(r.by_day) === 0).map((r) => [r.day, r]))
  // Every day of the period, zeros included (a JS loop over at most ANALYTICS_MAX_DAYS days, never over posts).
  const dates = new Set(periodDays(scope.from, scope.to, tz))
  for (const day of byDay.keys()) dates.add(day)
  return {
    days: [...dates].sort().map((date) => {
      const r = byDay.get(date)
      return r ? { date, ...counted(r), engagements: num(r.engagements) } : { date, posts: 0, impressions: 0, engagements: 0, engagementRate: null }
    }),
    byType: rows.filter((r) => num(r.by_type) === 0).map((r) => ({ type: r.type, ...counted(r) })),
    heatmap: rows
      .filter((r) => num(r.by_day) === 1 && num(r.by_type) === 1)
      .map((r) => {
        const { posts, engagementRate } = counted(r)
        return { weekday: num(r.weekday), hour: num(r.hour), posts, engagementRate }
      }),
    snapshots: rowsOf<SumsRow & { taken_at: Date | string }>(snapshots).map((r) => ({
      takenAt: new Date(r.taken_at).toISOString(),
      impressions: num(r.impressions),
      membersReached: numOrNull(r.members_reached),
      reactions: num(r.reactions),
      comments: num(r.comments),
      reshares: num(r.reshares),
      clicks: numOrNull(r.clicks)
    }))
  }
}

export async function analyticsTimeseries(deps: AnalyticsDeps, session: OrganizationActor, query: AnalyticsTimeseriesQuery): Promise<AnalyticsTimeseries> {
  return timeseriesIn(deps.db, session, await scopeOf(deps.db, session, query), query.postId)
}
