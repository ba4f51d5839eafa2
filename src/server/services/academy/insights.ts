import { eq, sql } from 'drizzle-orm'
import type { AcademyInsights } from '../../../shared/domain/academy'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/migrate'
import { users } from '../../db/schema'
import { FROM as ANALYTICS_FROM, POST_ENGAGEMENTS, rate } from '../analytics/metricsSql'
import { storedTimeZone } from '../analytics/timeZones'
import type { OrganizationSession } from '../sessions'

/*
 * The Academy's insights: the organization's published posts of the last INSIGHTS_DAYS days with
 * their latest results, counted as Analytics counts them (docs/architecture.md, "Academy: content,
 * quizzes and certificates").
 */

/** The insights' window. */
const INSIGHTS_DAYS = 180
/** Published posts below which there are no insights (too few to say anything). */
const INSIGHTS_MINIMUM_POSTS = 5
/** Length buckets in words: [min, max] (max null: no upper bound). */
const LENGTH_BUCKETS: readonly { label: string; minWords: number; maxWords: number | null }[] = [
  { label: 'Under 50 words', minWords: 0, maxWords: 49 },
  { label: '50–149 words', minWords: 50, maxWords: 149 },
  { label: '150–299 words', minWords: 150, maxWords: 299 },
  { label: '300 words or more', minWords: 300, maxWords: null }
]

type Row = {
  weekday: unknown
  hour: unknown
  type: string
  words: unknown
  tag_id: string | null
  tag_title: string | null
  tag_color: string | null
  impressions: unknown
  engagements: unknown
}

interface Group<K> {
  key: K
  posts: number
  impressions: number
  engagements: number
}

/** The rows grouped by `keyOf` (null: left out), their posts, impressions and engagements summed. */
function groupBy<K>(rows: readonly Row[], keyOf: (row: Row) => K | null): Group<K>[] {
  const groups = new Map<string, Group<K>>()
  for (const row of rows) {
    const key = keyOf(row)
    if (key === null) continue
    const id = JSON.stringify(key)
    const group = groups.get(id) ?? { key, posts: 0, impressions: 0, engagements: 0 }
    group.posts += 1
    group.impressions += Number(row.impressions)
    group.engagements += Number(row.engagements)
    groups.set(id, group)
  }
  return [...groups.values()]
}

const counted = <K>(g: Group<K>) => ({ posts: g.posts, engagementRate: rate(g.engagements, g.impressions) ?? 0 })
const bestFirst = <T extends { posts: number; engagementRate: number }>(list: T[]) => list.sort((a, b) => b.engagementRate - a.engagementRate || b.posts - a.posts)
const lengthOf = (words: number) => LENGTH_BUCKETS.findIndex((b) => words >= b.minWords && (b.maxWords === null || words <= b.maxWords))

export async function insights(db: Database, clock: Clock, session: OrganizationSession): Promise<AcademyInsights> {
  const now = clock.now()
  const since = new Date(now.getTime() - INSIGHTS_DAYS * 24 * 60 * 60 * 1000)
  const [viewer] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, session.userId))
  const timeZone = storedTimeZone(viewer?.timezone)
  // One row per post (no text): the groupings below are over at most a few thousand rows.
  const rows = rowsOf<Row>(
    await db.execute(sql`select (extract(isodow from p.published_at at time zone ${timeZone}) - 1)::int as weekday,
        extract(hour from p.published_at at time zone ${timeZone})::int as hour,
        p.type,
        case when btrim(p.text) = '' then 0 else coalesce(array_length(regexp_split_to_array(btrim(p.text), '\\s+'), 1), 0) end as words,
        tg.id as tag_id, tg.title as tag_title, tg.color as tag_color,
        coalesce(pm.impressions, 0)::float8 as impressions,
        ${POST_ENGAGEMENTS}::float8 as engagements
      from ${ANALYTICS_FROM}
      where p.organization_id = ${session.organization.id} and p.status = 'PUBLISHED'
        and p.published_at >= ${since.toISOString()}::timestamptz and p.published_at <= ${now.toISOString()}::timestamptz`)
  )
  const empty: AcademyInsights = {
    postCount: rows.length,
    minimumPosts: INSIGHTS_MINIMUM_POSTS,
    bestDays: [],
    bestHours: [],
    postTypes: [],
    lengths: [],
    topics: [],
    timeZone
  }
  if (rows.length < INSIGHTS_MINIMUM_POSTS) return empty

  const byLength = new Map(groupBy(rows, (r) => lengthOf(Number(r.words))).map((g) => [g.key, g]))
  return {
    ...empty,
    bestDays: bestFirst(groupBy(rows, (r) => Number(r.weekday)).map((g) => ({ weekday: g.key, ...counted(g) }))),
    bestHours: bestFirst(groupBy(rows, (r) => Number(r.hour)).map((g) => ({ hour: g.key, ...counted(g) }))),
    postTypes: bestFirst(groupBy(rows, (r) => r.type).map((g) => ({ type: g.key, ...counted(g) }))),
    lengths: LENGTH_BUCKETS.map((bucket, index) => {
      const group = byLength.get(index)
      return { ...bucket, ...(group ? counted(group) : { posts: 0, engagementRate: 0 }) }
    }),
    topics: bestFirst(
      groupBy(rows, (r) => (r.tag_id ? { id: r.tag_id, title: r.tag_title ?? '', color: r.tag_color ?? '' } : null)).map((g) => ({
        tagId: g.key.id,
        title: g.key.title,
        color: g.key.color,
        ...counted(g)
      }))
    )
  }
}
