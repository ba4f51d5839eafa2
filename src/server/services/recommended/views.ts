import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { PostStatus } from '../../../shared/domain/enums'
import type { Recommendation } from '../../../shared/domain/recommended'
import type { Executor } from '../../db/client'
import { posts, recommendationAudience, teams, users } from '../../db/schema'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'
import type { RecommendationRow } from './types'

/* Recommendations as the API shows them, with who reshared (docs/architecture.md, "Recommended posts": lists). */

/** The reshares the recommender sees: those their authors have scheduled or published. */
const SHOWN_RESHARE_STATUSES: PostStatus[] = ['SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED']

/** Recommendations as the API shows them to `session`: a few statements for any number of them. */
export async function recommendationViews(executor: Executor, session: OrganizationSession, rows: readonly RecommendationRow[]): Promise<Recommendation[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const admin = isAdminSession(session)
  const seesReshares = rows.filter((r) => admin || r.createdBy === session.userId).map((r) => r.id)
  const creatorIds = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]
  const creators = creatorIds.length
    ? await executor.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, creatorIds))
    : []
  const audienceRows = await executor
    .select({ recommendationId: recommendationAudience.recommendationId, teamId: teams.id, teamName: teams.name, userId: users.id, fullName: users.fullName })
    .from(recommendationAudience)
    .leftJoin(teams, eq(teams.id, recommendationAudience.teamId))
    .leftJoin(users, eq(users.id, recommendationAudience.userId))
    .where(inArray(recommendationAudience.recommendationId, ids))
  const counts = await executor
    .select({ recommendationId: posts.recommendationId, n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(inArray(posts.recommendationId, ids), eq(posts.status, 'PUBLISHED')))
    .groupBy(posts.recommendationId)
  const mine = await executor
    .select({ recommendationId: posts.recommendationId, postId: posts.id, status: posts.status })
    .from(posts)
    .where(and(inArray(posts.recommendationId, ids), eq(posts.authorUserId, session.userId), eq(posts.organizationId, session.organization.id)))
    .orderBy(desc(posts.createdAt))
  const reshareRows = seesReshares.length
    ? await executor
        .select({ recommendationId: posts.recommendationId, userId: users.id, fullName: users.fullName, postId: posts.id, status: posts.status, publishedAt: posts.publishedAt })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorUserId))
        .where(and(inArray(posts.recommendationId, seesReshares), inArray(posts.status, SHOWN_RESHARE_STATUSES)))
        .orderBy(sql`${posts.publishedAt} desc nulls last`, desc(posts.createdAt))
    : []
  const creatorById = new Map(creators.map((c) => [c.id, c]))
  const countById = new Map(counts.map((c) => [c.recommendationId, c.n]))
  const myById = new Map<string, { postId: string; status: PostStatus }>()
  for (const m of mine) if (m.recommendationId && !myById.has(m.recommendationId)) myById.set(m.recommendationId, { postId: m.postId, status: m.status })
  return rows.map((r) => {
    const audience = audienceRows.filter((a) => a.recommendationId === r.id)
    return {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdBy ? (creatorById.get(r.createdBy) ?? null) : null,
      postId: r.postId,
      linkedInPostUrn: r.linkedInPostUrn,
      linkedInPostUrl: r.linkedInPostUrl,
      previewText: r.previewText,
      previewAuthor: r.previewAuthor,
      note: r.note,
      suggestedComments: r.suggestedComments,
      audience: {
        kind: r.audience,
        teams: audience.flatMap((a) => (a.teamId ? [{ id: a.teamId, name: a.teamName ?? '' }] : [])),
        members: audience.flatMap((a) => (a.userId ? [{ id: a.userId, fullName: a.fullName ?? '' }] : []))
      },
      endsAt: r.endsAt?.toISOString() ?? null,
      myReshare: myById.get(r.id) ?? null,
      reshareCount: countById.get(r.id) ?? 0,
      reshares: reshareRows
        .filter((x) => x.recommendationId === r.id)
        .map((x) => ({ userId: x.userId, fullName: x.fullName, postId: x.postId, status: x.status, publishedAt: x.publishedAt?.toISOString() ?? null }))
    }
  })
}
