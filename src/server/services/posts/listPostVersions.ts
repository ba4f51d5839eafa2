import { desc, eq } from 'drizzle-orm'
import { POLL_DURATION_DEFAULT } from '../../../shared/constants'
import type { PostVersion } from '../../../shared/domain/entities'
import { businessPages, postVersions, users } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { reviewablePost } from './access'
import type { PostDeps } from './types'

/* GET /posts/versions: every kept revision of a post the caller may review, newest first (docs/architecture.md, "Collaborate: reviews, approvals and versions"). */

export async function listPostVersions(deps: Pick<PostDeps, 'db'>, session: OrganizationSession, postId: string): Promise<PostVersion[]> {
  const { db } = deps
  const post = await reviewablePost(db, session, postId)
  const rows = await db
    .select({
      version: postVersions,
      savedBy: { id: users.id, fullName: users.fullName, image: users.image },
      page: { id: businessPages.id, linkedInCompanyName: businessPages.linkedInCompanyName }
    })
    .from(postVersions)
    .leftJoin(users, eq(users.id, postVersions.savedByUserId))
    .leftJoin(businessPages, eq(businessPages.id, postVersions.businessPageId))
    .where(eq(postVersions.postId, post.id))
    .orderBy(desc(postVersions.revision))
  return rows.map(({ version: v, savedBy, page }) => ({
    revision: v.revision,
    text: v.text,
    type: v.type,
    poll: v.poll ? { question: v.poll.question, options: v.poll.options, durationDays: v.poll.durationDays ?? POLL_DURATION_DEFAULT } : null,
    mediaCount: v.mediaIds.length,
    businessPage: page?.id ? page : null,
    // The person who saved it left Pagecrew (their user is gone): the revision stays, unnamed.
    savedBy: savedBy?.id ? savedBy : { id: '', fullName: '', image: null },
    createdAt: v.createdAt.toISOString()
  }))
}
