import { and, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm'
import type { RecommendablePost } from '../../../shared/domain/recommended'
import { businessPages, posts, users } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { recommenderScope } from './recommenders'
import type { RecommendedDeps } from './types'

/* GET /recommended/posts: the recommenders' picker of the organization's published posts, newest first, searched by text (docs/architecture.md, "Recommended posts"). */

const RECOMMENDABLE_LIMIT = 50

export async function recommendablePosts(
  deps: Pick<RecommendedDeps, 'db' | 'entitlements' | 'linkedInAdapter'>,
  session: OrganizationSession,
  query: { search?: string }
): Promise<RecommendablePost[]> {
  const { db } = deps
  await recommenderScope(db, session)
  const search = query.search?.trim()
  const rows = await db
    .select({
      postId: posts.id,
      text: posts.text,
      authorName: users.fullName,
      businessPageName: businessPages.linkedInCompanyName,
      publishedAt: posts.publishedAt,
      urn: posts.linkedInPostUrn
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
    .where(
      and(
        eq(posts.organizationId, session.organization.id),
        eq(posts.status, 'PUBLISHED'),
        isNotNull(posts.linkedInPostUrn),
        search ? ilike(posts.text, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined
      )
    )
    .orderBy(sql`${posts.publishedAt} desc nulls last`, desc(posts.id))
    .limit(RECOMMENDABLE_LIMIT)
  return rows.map((r) => ({
    postId: r.postId,
    text: r.text,
    authorName: r.authorName,
    businessPageName: r.businessPageName,
    publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
    linkedInPostUrl: deps.linkedInAdapter.postUrl(r.urn!)
  }))
}
