import { sql, type SQL } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { DAY_MS } from '../../../shared/constants'
import type { Executor } from '../../db/client'
import { rowsOf } from '../../db/migrate'
import { badRequest, notFound } from '../../errors'
import { actsForEveryone, viewerIdOf, type OrganizationActor } from '../actor'
import { isUuid } from '../ids'
import { RANGE_BACKWARDS } from '../schedule'
import { checkedTimeZone, storedTimeZone, UNKNOWN_TIME_ZONE } from './timeZones'
import type { AnalyticsQuery } from './types'

/*
 * A request's period, time zone, viewer scope and filters as SQL conditions, in one statement
 * (docs/architecture.md, "Analytics": period, time zone, scope, filters).
 */

/** A year (and a day for a period that crosses a DST change). */
const ANALYTICS_MAX_DAYS = 367
const PERIOD_TOO_LONG = 'Choose a period of at most a year.'

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The request's resolved period, zone and SQL conditions on `p` (posts) and its joins. */
export interface Scope {
  from: Date
  to: Date
  timeZone: string
  /** Published posts of the organization in the period, in the viewer's scope, matching the filters. */
  where: SQL
  /** The same without the viewer's author scope (the per-team aggregate scopes by team instead). */
  whereUnscoped: SQL
  teamScope: SQL
}

/** The period as instants and the zone the request names (400 fields.to / fields.timezone); null: the viewer's. */
function periodOf(query: AnalyticsQuery): { from: Date; to: Date; timeZone: string | null } {
  const from = new Date(query.from)
  const to = new Date(query.to)
  if (to.getTime() <= from.getTime()) throw badRequest(RANGE_BACKWARDS, { to: RANGE_BACKWARDS })
  if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY_MS) throw badRequest(PERIOD_TOO_LONG, { to: PERIOD_TOO_LONG })
  let timeZone: string | null = null
  if (query.timezone !== undefined) {
    timeZone = checkedTimeZone(query.timezone)
    if (!timeZone) throw badRequest(UNKNOWN_TIME_ZONE, { timezone: UNKNOWN_TIME_ZONE })
  }
  return { from, to, timeZone }
}

/**
 * The period, the time zone and the SQL conditions of a request: one statement for the
 * viewer's time zone and the filter ids (404 for ids not of the organization).
 */
export async function scopeOf(db: Executor, session: OrganizationActor, query: AnalyticsQuery & { postId?: string }): Promise<Scope> {
  const period = periodOf(query)
  const { from, to } = period
  let timeZone = period.timeZone
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
  // An API key (issue 28) reads as the organization: every author and team, in UTC unless the query names a zone.
  const viewer = viewerIdOf(session)
  const admin = actsForEveryone(session)
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

  const whereUnscoped = filtersOf(org, from, to, query)
  return { from, to, timeZone, where: sql`${whereUnscoped} and ${authorScope}`, whereUnscoped, teamScope }
}

/** The organization's published posts in [from, to) that match the query's filters. */
function filtersOf(org: string, from: Date, to: Date, query: AnalyticsQuery & { postId?: string }): SQL {
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
  return sql.join(filters, sql` and `)
}
