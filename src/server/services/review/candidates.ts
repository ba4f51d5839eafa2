import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm'
import type { ReviewCandidate } from '../../../shared/domain/entities'
import { memberships, users } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { access, requireAuthor, requireReviewFlow } from './access'
import { CANDIDATES_LIMIT, likePattern, type ReviewContext } from './shared'

/**
 * Whom the author may ask for feedback: the organization's ACTIVE members but the author, the
 * author's team leaders first, at most CANDIDATES_LIMIT.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function candidates(ctx: ReviewContext, session: OrganizationSession, query: { postId: string; search?: string }): Promise<ReviewCandidate[]> {
  const { db } = ctx
  await requireReviewFlow(ctx, db, session)
  const a = await access(db, session, query.postId)
  requireAuthor(a)
  const leaders = a.approvers.leaders
  const search = query.search ? likePattern(query.search) : null
  const isLeader = leaders.length > 0 ? inArray(users.id, leaders) : sql<boolean>`false`
  return db
    .select({ id: users.id, fullName: users.fullName, image: users.image, email: users.email, isTeamLeader: sql<boolean>`${isLeader}` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, session.organization.id),
        eq(memberships.status, 'ACTIVE'),
        ne(memberships.userId, a.post.authorUserId),
        search ? or(ilike(users.fullName, search), ilike(users.email, search)) : undefined
      )
    )
    // The author's team leaders first, then by name (PostgreSQL refuses a constant in ORDER BY: none without leaders).
    .orderBy(...(leaders.length > 0 ? [desc(isLeader)] : []), asc(users.fullName), asc(users.email))
    .limit(CANDIDATES_LIMIT)
}
