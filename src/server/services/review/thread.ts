import type { ReviewThread } from '../../../shared/domain/entities'
import type { OrganizationSession } from '../sessions'
import { access, requireReviewFlow } from './access'
import type { ReviewContext } from './shared'
import { threadOf } from './threadOf'

/**
 * A post's review as its viewer sees it (GET /review/thread): the request, the feedback, the
 * participants and what the viewer may do.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function thread(ctx: ReviewContext, session: OrganizationSession, postId: string): Promise<ReviewThread> {
  const { db } = ctx
  await requireReviewFlow(ctx, db, session)
  const a = await access(db, session, postId)
  return threadOf(ctx, db, a)
}
