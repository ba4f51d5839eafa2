import { pipeline, Readable } from 'node:stream'
import { TZDate } from '@date-fns/tz'
import { format as formatDate } from 'date-fns'
import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { analyticsPostsQuerySchema, analyticsQuerySchema, analyticsTimeseriesQuerySchema } from '../../shared/api/contract'
import { API_BASE } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { DAY_MS } from '../../shared/constants'
import type { AnalyticsGroupRow, AnalyticsGroups, AnalyticsPostRow, AnalyticsPosts, AnalyticsTimeseries, MetricsStatus, MetricTotals, PostType } from '../../shared/domain'
import type { LinkedInAdapter, LinkedInClient } from '../adapters/linkedin/linkedin'
import type { Executor } from '../db/client'
import { rowsOf } from '../db/migrate'
import { badRequest, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession } from './access'
import { csvWriter } from './csv'
import { isUuid } from './ids'
import { postExcerpt } from './postLinks'
import { RANGE_BACKWARDS } from './schedule'

/**
 * Analytics (issue 14): the organization's published posts with their latest results
 * (post_metrics), per post, per member, per team, per business page and over time.
 *
 * Decisions (docs/architecture.md, "Analytics"):
 * - The period is [from, to), at most ANALYTICS_MAX_DAYS long (400 fields.to); to must be after
 *   from (400 fields.to). Posts count by their publishedAt.
 * - Scope. An admin (ADMIN, GHOST) sees everyone. Anyone else sees their own posts and, when they
 *   lead a team, the posts of that team's members: that is the posts table, the timeseries, the
 *   per-member and the per-page aggregates. The per-team aggregate shows the viewer's own team as
 *   a whole (every member's posts, so a MEMBER sees "their team's totals" without the other
 *   members' rows) and, for an admin, every team. Team membership is the current one.
 * - Filters: memberId, teamId, businessPageId and tagId must name something of the session's
 *   organization, else 404 (another organization's ids are "not found", never revealed); an id of
 *   the organization outside the viewer's scope simply matches nothing (an empty answer).
 *   postId on the timeseries is 404 unless the post is published and in scope.
 * - Time zone: `timezone`, else the viewer's (users.timezone), else UTC. An IANA name known to
 *   Intl (offsets such as '+01:00' are refused: PostgreSQL reads their sign the POSIX way), else 400
 *   fields.timezone. Days and weekday × hour are computed by PostgreSQL (`AT TIME ZONE`), so DST
 *   days are 23 or 25 hours long as they should be. Weekday 0 is Monday.
 * - A post without a post_metrics row is 'pending' with zeros; 'unavailable' has zeros too. Members
 *   reached and clicks are null where LinkedIn does not give them. Engagement rate = (reactions +
 *   comments + reshares + clicks) / impressions, null without impressions; totals recompute it
 *   from the summed counts (never an average of rates).
 * - Efficiency: everything is aggregated in SQL over posts_org_published_idx; a request sends a
 *   bounded number of statements (one to resolve the viewer's time zone and the filter ids, then
 *   one or two per answer part), whatever the number of posts.
 * - CSV (format=csv): a header row, then every matching row (the posts export ignores offset and
 *   limit and reads CSV_BATCH rows at a time, so memory stays flat); dates are ISO 8601 with the
 *   requested zone's offset; numbers are plain (engagement rate as a ratio); text that a
 *   spreadsheet would run as a formula gets a quote wherever one could start (services/csv.ts).
 */

type AnalyticsQuery = z.output<typeof analyticsQuerySchema>
type AnalyticsPostsQuery = z.output<typeof analyticsPostsQuerySchema>
type AnalyticsTimeseriesQuery = z.output<typeof analyticsTimeseriesQuerySchema>
export type AnalyticsGroupKind = 'members' | 'teams' | 'pages'

/** A year (and a day for a period that crosses a DST change). */
export const ANALYTICS_MAX_DAYS = 367
export const PERIOD_TOO_LONG = 'Choose a period of at most a year.'
export const UNKNOWN_TIME_ZONE = 'Choose a valid time zone.'
/** Rows read per statement while a posts CSV streams. */
export const CSV_BATCH = 1000
/** Characters of a post's text in the posts table and its CSV. */
const POST_EXCERPT_LENGTH = 120

export interface CsvDownload {
  fileName: string
  body: Readable
}

export interface AnalyticsService {
  posts(session: OrganizationSession, query: AnalyticsPostsQuery): Promise<AnalyticsPosts>
  groups(session: OrganizationSession, kind: AnalyticsGroupKind, query: AnalyticsQuery): Promise<AnalyticsGroups>
  timeseries(session: OrganizationSession, query: AnalyticsTimeseriesQuery): Promise<AnalyticsTimeseries>
  /** `publicBase`: this server's public address, for links to the sandbox's post viewer. */
  postsCsv(session: OrganizationSession, query: AnalyticsPostsQuery, publicBase: string): Promise<CsvDownload>
  groupsCsv(session: OrganizationSession, kind: AnalyticsGroupKind, query: AnalyticsQuery): Promise<CsvDownload>
  timeseriesCsv(session: OrganizationSession, query: AnalyticsTimeseriesQuery): Promise<CsvDownload>
}

/** An IANA zone name this runtime knows, in its canonical spelling; null for anything else. */
export function checkedTimeZone(timeZone: string): string | null {
  // Names only: letters first, then letters, digits, '_', '-', '+' and '/' ('Etc/GMT+1', 'America/Port-au-Prince').
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return null
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone
    return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone
  } catch {
    return null
  }
}

/** A time zone as stored (users.timezone): its checked name, or UTC when it is missing or no IANA name this runtime knows. */
export function storedTimeZone(stored: string | null | undefined): string {
  return (stored && checkedTimeZone(stored)) || 'UTC'
}

/** An instant as ISO 8601 in the zone with its offset: 2026-03-29T00:30:00+01:00. */
export function zonedIso(instant: Date, timeZone: string): string {
  return formatDate(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX")
}

const localDay = (instant: Date, timeZone: string) => formatDate(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd')

/** The calendar days of [from, to) in the zone, 'YYYY-MM-DD', first to last. */
export function periodDays(from: Date, to: Date, timeZone: string): string[] {
  const last = localDay(new Date(Math.max(from.getTime(), to.getTime() - 1)), timeZone)
  const days: string[] = []
  // Calendar arithmetic on the dates themselves (noon UTC never crosses a day).
  for (let day = new Date(`${localDay(from, timeZone)}T12:00:00Z`); ; day = new Date(day.getTime() + DAY_MS)) {
    const date = day.toISOString().slice(0, 10)
    days.push(date)
    if (date >= last) return days
  }
}

/** pagecrew-analytics-posts-2026-11-01-2026-11-30.csv: the period's first and last day in the zone. */
export function csvFileName(kind: string, from: Date, to: Date, timeZone: string): string {
  return `pagecrew-analytics-${kind}-${localDay(from, timeZone)}-${localDay(new Date(Math.max(from.getTime(), to.getTime() - 1)), timeZone)}.csv`
}

/** Engagement rate from summed counts (never an average of rates); null without impressions. */
export const rate = (engagements: number, impressions: number) => (impressions > 0 ? engagements / impressions : null)
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value))
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The request's resolved period, zone and SQL conditions on `p` (posts) and its joins. */
interface Scope {
  from: Date
  to: Date
  timeZone: string
  /** Published posts of the organization in the period, in the viewer's scope, matching the filters. */
  where: SQL
  /** The same without the viewer's author scope (the per-team aggregate scopes by team instead). */
  whereUnscoped: SQL
  teamScope: SQL
}

/** The joins every analytics statement reads from (p: the post, pm: its latest results, u: author, bp: page, tg: slot's tag). */
export const FROM = sql`posts p
  left join post_metrics pm on pm.post_id = p.id
  join users u on u.id = p.author_user_id
  left join business_pages bp on bp.id = p.business_page_id
  left join assigned_slots s on s.id = p.slot_id
  left join post_tags tg on tg.id = s.tag_id`

/** Sums over the rows of FROM as float8 (numbers in both drivers, no int overflow); null sums stay null. */
const SUMS = sql`coalesce(sum(pm.impressions), 0)::float8 as impressions,
  sum(pm.members_reached)::float8 as members_reached,
  coalesce(sum(pm.reactions), 0)::float8 as reactions,
  coalesce(sum(pm.comments), 0)::float8 as comments,
  coalesce(sum(pm.reshares), 0)::float8 as reshares,
  sum(pm.clicks)::float8 as clicks,
  count(p.id)::int as posts`

interface SumsRow {
  impressions: unknown
  members_reached: unknown
  reactions: unknown
  comments: unknown
  reshares: unknown
  clicks: unknown
  posts: unknown
}

function totalsOf(row: SumsRow | undefined): MetricTotals & { posts: number } {
  const impressions = num(row?.impressions)
  const reactions = num(row?.reactions)
  const comments = num(row?.comments)
  const reshares = num(row?.reshares)
  const clicks = numOrNull(row?.clicks)
  return {
    impressions,
    membersReached: numOrNull(row?.members_reached),
    reactions,
    comments,
    reshares,
    clicks,
    engagementRate: rate(reactions + comments + reshares + (clicks ?? 0), impressions),
    posts: num(row?.posts)
  }
}

/** A post's engagements in SQL (the engagement rate's numerator): reactions + comments + reshares + clicks, 0 without results. */
export const POST_ENGAGEMENTS = sql`coalesce(pm.reactions + pm.comments + pm.reshares + coalesce(pm.clicks, 0), 0)`

/** Engagement rate of one post in SQL: null without impressions. */
const ENGAGEMENT_RATE = sql`case when coalesce(pm.impressions, 0) = 0 then null
  else (pm.reactions + pm.comments + pm.reshares + coalesce(pm.clicks, 0))::float8 / pm.impressions end`

const SORT_KEYS: Record<AnalyticsPostsQuery['sort'], SQL> = {
  publishedAt: sql`p.published_at`,
  impressions: sql`coalesce(pm.impressions, 0)`,
  reactions: sql`coalesce(pm.reactions, 0)`,
  comments: sql`coalesce(pm.comments, 0)`,
  reshares: sql`coalesce(pm.reshares, 0)`,
  engagementRate: ENGAGEMENT_RATE,
  author: sql`lower(u.full_name)`
}

interface PostRowSql {
  id: string
  text: string
  type: PostType
  published_at: Date | string
  linked_in_post_urn: string | null
  is_reshare: boolean
  author_id: string
  author_name: string
  author_image: string | null
  page_id: string | null
  page_name: string | null
  tag_id: string | null
  tag_title: string | null
  tag_color: string | null
  status: 'ok' | 'unavailable' | null
  impressions: unknown
  members_reached: unknown
  reactions: unknown
  comments: unknown
  reshares: unknown
  clicks: unknown
  updated_at: Date | string | null
}

/** A post row of FROM as the API gives it; its excerpt postExcerpt's (`excerptLength` characters at most). */
function postRowOf(r: PostRowSql, adapter: Pick<LinkedInAdapter, 'postUrl'>, excerptLength: number | undefined): AnalyticsPostRow {
  const status: MetricsStatus = r.status ?? 'pending'
  const impressions = num(r.impressions)
  const reactions = num(r.reactions)
  const comments = num(r.comments)
  const reshares = num(r.reshares)
  const clicks = numOrNull(r.clicks)
  return {
    postId: r.id,
    excerpt: postExcerpt(r.text, excerptLength),
    author: { id: r.author_id, fullName: r.author_name, image: r.author_image },
    businessPage: r.page_id ? { id: r.page_id, linkedInCompanyName: r.page_name ?? '' } : null,
    type: r.type,
    tag: r.tag_id ? { id: r.tag_id, title: r.tag_title ?? '', color: r.tag_color ?? '' } : null,
    publishedAt: new Date(r.published_at).toISOString(),
    linkedInPostUrl: r.linked_in_post_urn ? adapter.postUrl(r.linked_in_post_urn) : null,
    isReshare: r.is_reshare === true,
    metricsStatus: status,
    metricsUpdatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
    impressions,
    membersReached: numOrNull(r.members_reached),
    reactions,
    comments,
    reshares,
    clicks,
    engagementRate: rate(reactions + comments + reshares + (clicks ?? 0), impressions)
  }
}

/**
 * Posts as analytics rows with their latest results, in one statement: Analytics' posts table and
 * CSV, and the dashboard's last and top posts (the same rows, so the two screens never disagree).
 * `where` and `orderBy` speak of FROM's names (p, pm, u, bp, s, tg); `where` chooses the
 * published posts (p.status = 'PUBLISHED'), and an order that ends with p.id never lets pages overlap.
 */
export async function postResultRows(
  executor: Executor,
  adapter: Pick<LinkedInAdapter, 'postUrl'>,
  query: { where: SQL; orderBy: SQL; offset?: number; limit: number; excerptLength?: number }
): Promise<AnalyticsPostRow[]> {
  const rows = rowsOf<PostRowSql>(
    await executor.execute(sql`select p.id, p.text, p.type, p.published_at, p.linked_in_post_urn, p.reshare_of_urn is not null as is_reshare,
        u.id as author_id, u.full_name as author_name, u.image as author_image,
        bp.id as page_id, bp.linked_in_company_name as page_name,
        tg.id as tag_id, tg.title as tag_title, tg.color as tag_color,
        pm.status, pm.impressions, pm.members_reached, pm.reactions, pm.comments, pm.reshares, pm.clicks, pm.updated_at
      from ${FROM}
      where ${query.where}
      order by ${query.orderBy}
      offset ${query.offset ?? 0} limit ${query.limit}`)
  )
  return rows.map((r) => postRowOf(r, adapter, query.excerptLength))
}

export function createAnalyticsService(deps: { db: Executor; linkedInAdapter: LinkedInClient }): AnalyticsService {
  const { db } = deps

  /**
   * The period, the time zone and the SQL conditions of a request: one statement for the
   * viewer's time zone and the filter ids (404 for ids not of the organization).
   */
  async function scopeOf(session: OrganizationSession, query: AnalyticsQuery & { postId?: string }): Promise<Scope> {
    const from = new Date(query.from)
    const to = new Date(query.to)
    if (to.getTime() <= from.getTime()) throw badRequest(RANGE_BACKWARDS, { to: RANGE_BACKWARDS })
    if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY_MS) throw badRequest(PERIOD_TOO_LONG, { to: PERIOD_TOO_LONG })
    let timeZone: string | null = null
    if (query.timezone !== undefined) {
      timeZone = checkedTimeZone(query.timezone)
      if (!timeZone) throw badRequest(UNKNOWN_TIME_ZONE, { timezone: UNKNOWN_TIME_ZONE })
    }
    const ids: { key: 'memberId' | 'teamId' | 'businessPageId' | 'tagId' | 'postId'; message: string }[] = [
      { key: 'memberId', message: MESSAGES.memberNotFound },
      { key: 'teamId', message: MESSAGES.teamNotFound },
      { key: 'businessPageId', message: MESSAGES.businessPageNotFound },
      { key: 'tagId', message: MESSAGES.tagNotFound },
      { key: 'postId', message: MESSAGES.postNotFound }
    ]
    for (const { key, message } of ids) {
      const id = query[key]
      if (id !== undefined && !isUuid(id)) throw notFound(message)
    }
    const org = session.organization.id
    const viewer = session.userId
    const admin = isAdminSession(session)
    // The viewer's own posts and those of the members of the teams they lead.
    const authorScope = admin
      ? sql`true`
      : sql`(p.author_user_id = ${viewer} or p.author_user_id in (
          select tm.user_id from team_members tm where tm.team_id in (
            select l.team_id from team_members l where l.organization_id = ${org} and l.user_id = ${viewer} and l.is_leader)))`
    const teamScope = admin ? sql`true` : sql`t.id in (select v.team_id from team_members v where v.organization_id = ${org} and v.user_id = ${viewer})`
    const has = (id: string | undefined, check: SQL) => (id === undefined ? sql`true` : check)
    const [found] = rowsOf<{ tz: string | null; member: boolean; team: boolean; page: boolean; tag: boolean; post: boolean }>(
      await db.execute(sql`select
        (select timezone from users where id = ${viewer}) as tz,
        ${has(query.memberId, sql`exists (select 1 from memberships where organization_id = ${org} and user_id = ${query.memberId ?? null})`)} as member,
        ${has(query.teamId, sql`exists (select 1 from teams where organization_id = ${org} and id = ${query.teamId ?? null})`)} as team,
        ${has(query.businessPageId, sql`exists (select 1 from business_pages where organization_id = ${org} and id = ${query.businessPageId ?? null})`)} as page,
        ${has(query.tagId, sql`exists (select 1 from post_tags where organization_id = ${org} and id = ${query.tagId ?? null})`)} as tag,
        ${has(
          query.postId,
          sql`exists (select 1 from posts p where p.organization_id = ${org} and p.id = ${query.postId ?? null} and p.status = 'PUBLISHED' and ${authorScope})`
        )} as post`)
    )
    if (!found?.member) throw notFound(MESSAGES.memberNotFound)
    if (!found.team) throw notFound(MESSAGES.teamNotFound)
    if (!found.page) throw notFound(MESSAGES.businessPageNotFound)
    if (!found.tag) throw notFound(MESSAGES.tagNotFound)
    if (!found.post) throw notFound(MESSAGES.postNotFound)
    timeZone ??= storedTimeZone(found.tz)

    const filters: SQL[] = [
      sql`p.organization_id = ${org}`,
      sql`p.status = 'PUBLISHED'`,
      sql`p.published_at >= ${from.toISOString()}::timestamptz`,
      sql`p.published_at < ${to.toISOString()}::timestamptz`
    ]
    if (query.memberId) filters.push(sql`p.author_user_id = ${query.memberId}`)
    if (query.teamId) filters.push(sql`p.author_user_id in (select f.user_id from team_members f where f.team_id = ${query.teamId})`)
    if (query.businessPageId) filters.push(sql`p.business_page_id = ${query.businessPageId}`)
    if (query.type) filters.push(sql`p.type = ${query.type}`)
    if (query.tagId) filters.push(sql`s.tag_id = ${query.tagId}`)
    if (query.postId) filters.push(sql`p.id = ${query.postId}`)
    if (query.search) {
      const pattern = likePattern(query.search)
      filters.push(
        sql`(p.text ilike ${pattern} or u.full_name ilike ${pattern} or coalesce(bp.linked_in_company_name, '') ilike ${pattern} or coalesce(tg.title, '') ilike ${pattern})`
      )
    }
    const whereUnscoped = sql.join(filters, sql` and `)
    return { from, to, timeZone, where: sql`${whereUnscoped} and ${authorScope}`, whereUnscoped, teamScope }
  }

  /** One page of matching posts in the requested order (ties by id, so pages never overlap). */
  function postPage(scope: Scope, query: AnalyticsPostsQuery, offset: number, limit: number): Promise<AnalyticsPostRow[]> {
    const direction = query.order === 'asc' ? sql`asc` : sql`desc`
    return postResultRows(db, deps.linkedInAdapter, {
      where: scope.where,
      orderBy: sql`${SORT_KEYS[query.sort]} ${direction} nulls last, p.id ${direction}`,
      offset,
      limit,
      excerptLength: POST_EXCERPT_LENGTH
    })
  }

  async function posts(session: OrganizationSession, query: AnalyticsPostsQuery): Promise<AnalyticsPosts> {
    const scope = await scopeOf(session, query)
    const [sums] = rowsOf<SumsRow>(await db.execute(sql`select ${SUMS} from ${FROM} where ${scope.where}`))
    const { posts: total, ...totals } = totalsOf(sums)
    const rows = total > query.offset ? await postPage(scope, query, query.offset, query.limit) : []
    return { rows, total, totals }
  }

  async function groupsIn(scope: Scope, kind: AnalyticsGroupKind): Promise<AnalyticsGroups> {
    let statement: SQL
    if (kind === 'members') {
      statement = sql`select u.id, u.full_name as name, u.image, t.name as detail, ${SUMS}
        from ${FROM}
        left join team_members mt on mt.organization_id = p.organization_id and mt.user_id = p.author_user_id
        left join teams t on t.id = mt.team_id
        where ${scope.where}
        group by u.id, u.full_name, u.image, t.name
        order by lower(u.full_name), u.id`
    } else if (kind === 'teams') {
      statement = sql`select t.id, t.name, t.image_file, t.image_version,
          (select count(*) from team_members c where c.team_id = t.id)::int as members, ${SUMS}
        from ${FROM}
        join team_members mt on mt.organization_id = p.organization_id and mt.user_id = p.author_user_id
        join teams t on t.id = mt.team_id
        where ${scope.whereUnscoped} and ${scope.teamScope}
        group by t.id, t.name, t.image_file, t.image_version
        order by lower(t.name), t.id`
    } else {
      statement = sql`select bp.id, bp.linked_in_company_name as name, bp.image, ${SUMS}
        from ${FROM}
        where ${scope.where} and p.business_page_id is not null
        group by bp.id, bp.linked_in_company_name, bp.image
        order by lower(bp.linked_in_company_name), bp.id`
    }
    const found = rowsOf<
      SumsRow & { id: string; name: string; image?: string | null; detail?: string | null; image_file?: string | null; image_version?: string | null; members?: unknown }
    >(await db.execute(statement))
    const rows: AnalyticsGroupRow[] = found.map((r) => ({
      id: r.id,
      name: r.name,
      image: kind === 'teams' ? (r.image_file ? `${API_BASE}/team/image/${r.id}?v=${r.image_version ?? '0'}` : null) : (r.image ?? null),
      detail: kind === 'members' ? (r.detail ?? null) : kind === 'teams' ? String(num(r.members)) : null,
      ...totalsOf(r)
    }))
    // The rows are one per member, team or page (never one per post): their sums are the totals.
    const sum = (pick: (row: AnalyticsGroupRow) => number | null) => {
      const values = rows.map(pick).filter((v): v is number => v !== null)
      return values.length === 0 ? null : values.reduce((a, b) => a + b, 0)
    }
    const totals = totalsOf({
      impressions: sum((r) => r.impressions),
      members_reached: sum((r) => r.membersReached),
      reactions: sum((r) => r.reactions),
      comments: sum((r) => r.comments),
      reshares: sum((r) => r.reshares),
      clicks: sum((r) => r.clicks),
      posts: sum((r) => r.posts)
    })
    return { rows, totals }
  }

  async function timeseriesIn(session: OrganizationSession, scope: Scope, postId: string | undefined): Promise<AnalyticsTimeseries> {
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
    type Grouped = { by_day: unknown; by_type: unknown; day: string; type: PostType; weekday: unknown; hour: unknown; posts: unknown; impressions: unknown; engagements: unknown }
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

  const metricCells = (m: MetricTotals) => [m.impressions, m.membersReached ?? '', m.reactions, m.comments, m.reshares, m.clicks ?? '', m.engagementRate ?? '']
  const METRIC_HEADERS = ['Impressions', 'Members reached', 'Reactions', 'Comments', 'Reshares', 'Clicks', 'Engagement rate']

  /** A CSV stream of the header row, then the records `source` yields, written as the reader takes them. */
  function csvStream(header: string[], source: Iterable<unknown[]> | AsyncIterable<unknown[]>): Readable {
    const out = csvWriter()
    // A batch failing half-way destroys the download (the client sees it cut short, never a wrong file).
    pipeline(
      Readable.from(
        (async function* () {
          yield header
          yield* source
        })()
      ),
      out,
      () => undefined
    )
    return out
  }

  async function postsCsv(session: OrganizationSession, query: AnalyticsPostsQuery, publicBase: string): Promise<CsvDownload> {
    const scope = await scopeOf(session, query)
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
    const first = await postPage(scope, query, 0, CSV_BATCH)
    async function* records() {
      let batch = first
      let offset = 0
      for (;;) {
        for (const row of batch) yield record(row)
        if (batch.length < CSV_BATCH) return
        offset += CSV_BATCH
        batch = await postPage(scope, query, offset, CSV_BATCH)
      }
    }
    const header = ['Post ID', 'Published at', 'Author', 'Business page', 'Type', 'Topic tag', ...METRIC_HEADERS, 'Metrics', 'LinkedIn URL', 'Text']
    return { fileName: csvFileName('posts', scope.from, scope.to, scope.timeZone), body: csvStream(header, records()) }
  }

  async function groupsCsv(session: OrganizationSession, kind: AnalyticsGroupKind, query: AnalyticsQuery): Promise<CsvDownload> {
    const scope = await scopeOf(session, query)
    const answer = await groupsIn(scope, kind)
    const name = { members: ['Member', 'Team'], teams: ['Team', 'Members'], pages: ['Business page'] }[kind]
    const records = answer.rows.map((r) => {
      const detail = kind === 'members' ? [r.detail] : kind === 'teams' ? [num(r.detail)] : []
      return [r.id, r.name, ...detail, r.posts, ...metricCells(r)]
    })
    return { fileName: csvFileName(kind, scope.from, scope.to, scope.timeZone), body: csvStream(['ID', ...name, 'Posts', ...METRIC_HEADERS], records) }
  }

  async function timeseriesCsv(session: OrganizationSession, query: AnalyticsTimeseriesQuery): Promise<CsvDownload> {
    const scope = await scopeOf(session, query)
    const answer = await timeseriesIn(session, scope, query.postId)
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

  return {
    posts,
    groups: async (session, kind, query) => groupsIn(await scopeOf(session, query), kind),
    timeseries: async (session, query) => timeseriesIn(session, await scopeOf(session, query), query.postId),
    postsCsv,
    groupsCsv,
    timeseriesCsv
  }
}
