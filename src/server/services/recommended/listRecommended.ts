import { and, desc, eq, sql } from 'drizzle-orm'
import type { RecommendedList } from '../../../shared/domain/recommended'
import { recommendationDismissals, recommendations } from '../../db/schema'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'
import { addressedTo, isOpen } from './addressing'
import { ledTeams } from './recommenders'
import type { RecommendedDeps } from './types'
import { recommendationViews } from './views'

/*
 * GET /recommended: `forMe` (open, addressed to the user, not dismissed) and `created` (the user's
 * own; admins and ghosts the organization's), newest first (docs/architecture.md, "Recommended posts": lists).
 */

const LIST_LIMIT = 200

export async function listRecommended(deps: Pick<RecommendedDeps, 'db' | 'clock' | 'entitlements'>, session: OrganizationSession): Promise<RecommendedList> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const now = clock.now()
  const forMe = await db
    .select()
    .from(recommendations)
    .where(
      and(
        eq(recommendations.organizationId, organizationId),
        isOpen(now),
        addressedTo(session.userId),
        sql`not exists (select 1 from ${recommendationDismissals} where ${recommendationDismissals.recommendationId} = ${recommendations.id}
          and ${recommendationDismissals.userId} = ${session.userId})`
      )
    )
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .limit(LIST_LIMIT)
  const admin = isAdminSession(session)
  const created = await db
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.organizationId, organizationId), admin ? undefined : eq(recommendations.createdBy, session.userId)))
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .limit(LIST_LIMIT)
  const canRecommend = admin || (await ledTeams(db, session)).length > 0
  const shown = await recommendationViews(db, session, [...forMe, ...created.filter((c) => !forMe.some((f) => f.id === c.id))])
  const byId = new Map(shown.map((v) => [v.id, v]))
  return { forMe: forMe.map((r) => byId.get(r.id)!), created: created.map((r) => byId.get(r.id)!), canRecommend }
}
