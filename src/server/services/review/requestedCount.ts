import { and, eq, sql } from 'drizzle-orm'
import { posts, reviewRequests } from '../../db/schema'
import { isAdminSession } from '../access'
import { reviewFlowHeld } from '../approval'
import type { OrganizationSession } from '../sessions'
import { tabConditions } from './inboxTabs'
import type { ReviewContext } from './shared'

/**
 * The count of the inbox's "requested" tab, for the dashboard (issue 14); null without
 * REVIEW_FLOW.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function requestedCount(ctx: ReviewContext, session: OrganizationSession): Promise<number | null> {
  const { db, clock } = ctx
  if (!(await reviewFlowHeld(db, session.organization.id, clock.now()))) return null
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .leftJoin(reviewRequests, and(eq(reviewRequests.postId, posts.id), eq(reviewRequests.open, true)))
    .where(and(eq(posts.organizationId, session.organization.id), tabConditions(db, session, isAdminSession(session)).requested))
  return row?.n ?? 0
}
