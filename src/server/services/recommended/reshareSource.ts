import { and, eq } from 'drizzle-orm'
import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import type { Executor } from '../../db/client'
import { recommendations } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import { addressedTo } from './addressing'
import type { RecommendationRow } from './types'

/* What a reshare (services/posts/reshare.ts) needs of its recommendation (docs/architecture.md, "Recommended posts": reshares). */

/**
 * What a reshare needs of its recommendation (posts service): one of the session's organization
 * addressed to the user (404 otherwise) and open (400 ended); its row is locked for the rest of the
 * transaction, so two reshares of one user cannot both pass the one-reshare check.
 */
export async function reshareSource(tx: Executor, session: Pick<OrganizationSession, 'userId'> & { organization: { id: string } }, recommendationId: string, now: Date): Promise<RecommendationRow> {
  if (!isUuid(recommendationId)) throw notFound(RECOMMENDED_MESSAGES.notFound)
  const [row] = await tx
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.id, recommendationId), eq(recommendations.organizationId, session.organization.id), addressedTo(session.userId)))
    .for('update')
  if (!row) throw notFound(RECOMMENDED_MESSAGES.notFound)
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) throw badRequest(RECOMMENDED_MESSAGES.ended, { recommendationId: RECOMMENDED_MESSAGES.ended })
  return row
}
