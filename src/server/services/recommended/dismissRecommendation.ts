import { and, eq } from 'drizzle-orm'
import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import { recommendationDismissals, recommendations } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import { addressedTo } from './addressing'
import type { RecommendedDeps } from './types'

/* POST /recommended/dismiss: the user hides a recommendation addressed to them; repeating it is fine (docs/architecture.md, "Recommended posts"). */

export async function dismissRecommendation(
  deps: Pick<RecommendedDeps, 'db' | 'clock' | 'entitlements'>,
  session: OrganizationSession,
  recommendationId: string
): Promise<void> {
  const { db, clock } = deps
  if (!isUuid(recommendationId)) throw notFound(RECOMMENDED_MESSAGES.notFound)
  const [row] = await db
    .select({ id: recommendations.id })
    .from(recommendations)
    .where(and(eq(recommendations.id, recommendationId), eq(recommendations.organizationId, session.organization.id), addressedTo(session.userId)))
  if (!row) throw notFound(RECOMMENDED_MESSAGES.notFound)
  await db
    .insert(recommendationDismissals)
    .values({ recommendationId: row.id, userId: session.userId, dismissedAt: clock.now() })
    .onConflictDoNothing()
}
