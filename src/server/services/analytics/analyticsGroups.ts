import { sql, type SQL } from 'drizzle-orm'
import { API_BASE } from '../../../shared/api/contract'
import type { AnalyticsGroupRow, AnalyticsGroups } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { rowsOf } from '../../db/migrate'
import type { OrganizationActor } from '../actor'
import { FROM, num, SUMS, totalsOf, type SumsRow } from './metricsSql'
import { scopeOf, type Scope } from './scope'
import type { AnalyticsDeps, AnalyticsGroupKind, AnalyticsQuery } from './types'

/*
 * GET /analytics/members, /teams and /pages: the results per member, team or business page; the
 * per-team aggregate scopes by team, not by author (docs/architecture.md, "Analytics": scope).
 */

function statementOf(scope: Scope, kind: AnalyticsGroupKind): SQL {
  if (kind === 'members') {
    return sql`select u.id, u.full_name as name, u.image, t.name as detail, ${SUMS}
      from ${FROM}
      left join team_members mt on mt.organization_id = p.organization_id and mt.user_id = p.author_user_id
      left join teams t on t.id = mt.team_id
      where ${scope.where}
      group by u.id, u.full_name, u.image, t.name
      order by lower(u.full_name), u.id`
  }
  if (kind === 'teams') {
    return sql`select t.id, t.name, t.image_file, t.image_version,
        (select count(*) from team_members c where c.team_id = t.id)::int as members, ${SUMS}
      from ${FROM}
      join team_members mt on mt.organization_id = p.organization_id and mt.user_id = p.author_user_id
      join teams t on t.id = mt.team_id
      where ${scope.whereUnscoped} and ${scope.teamScope}
      group by t.id, t.name, t.image_file, t.image_version
      order by lower(t.name), t.id`
  }
  return sql`select bp.id, bp.linked_in_company_name as name, bp.image, ${SUMS}
    from ${FROM}
    where ${scope.where} and p.business_page_id is not null
    group by bp.id, bp.linked_in_company_name, bp.image
    order by lower(bp.linked_in_company_name), bp.id`
}

/** The groups of `kind` in a resolved scope, with their totals. */
export async function groupsIn(db: Executor, scope: Scope, kind: AnalyticsGroupKind): Promise<AnalyticsGroups> {
  const found = rowsOf<
    SumsRow & { id: string; name: string; image?: string | null; detail?: string | null; image_file?: string | null; image_version?: string | null; members?: unknown }
  >(await db.execute(statementOf(scope, kind)))
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

export async function analyticsGroups(deps: AnalyticsDeps, session: OrganizationActor, kind: AnalyticsGroupKind, query: AnalyticsQuery): Promise<AnalyticsGroups> {
  return groupsIn(deps.db, await scopeOf(deps.db, session, query), kind)
}
