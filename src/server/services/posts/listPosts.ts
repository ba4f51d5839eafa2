import { and, desc, eq } from 'drizzle-orm'
import type { Post } from '../../../shared/domain/entities'
import type { PostStatus } from '../../../shared/domain/enums'
import { posts } from '../../db/schema'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import type { PostDeps } from './types'
import { postViews } from './views'

/* GET /posts: the user's own posts in the organization, most recently changed first (docs/architecture.md, "Posts on the server"). */

const POST_LIST_LIMIT = 500

export async function listPosts(
  deps: Pick<PostDeps, 'db' | 'clock' | 'linkedInAdapter'>,
  session: OrganizationSession,
  query: { status?: PostStatus; slotId?: string }
): Promise<Post[]> {
  const { db } = deps
  if (query.slotId && !isUuid(query.slotId)) return []
  const rows = await db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.organizationId, session.organization.id),
        eq(posts.authorUserId, session.userId),
        query.status ? eq(posts.status, query.status) : undefined,
        query.slotId ? eq(posts.slotId, query.slotId) : undefined
      )
    )
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(POST_LIST_LIMIT)
  return postViews(deps)(db, rows)
}
