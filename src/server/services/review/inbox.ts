import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { ReviewInbox } from '../../../shared/domain/entities'
import { businessPages, memberships, posts, reviewFeedback, reviewRequests, reviewReviewers, users } from '../../db/schema'
import { forbidden, planLimit } from '../../errors'
import { isAdminSession, leadsATeam } from '../access'
import { reviewFlowHeld } from '../approval'
import { postExcerpt } from '../postLinks'
import type { OrganizationSession } from '../sessions'
import { priorityRankSql, prioritySql, stageSql, tabConditions } from './inboxTabs'
import { INBOX_LIMIT, likePattern, REVIEW_MESSAGES, type ReviewContext, type ReviewInboxQuery } from './shared'

/**
 * The /collaborate inbox (GET /review/inbox): "For my review", "My posts" and "Team", at most
 * INBOX_LIMIT posts with every tab's count, in a fixed number of statements whatever the number of
 * posts. "My posts" works without REVIEW_FLOW.
 * Decisions: docs/architecture.md, "Collaborate: reviews, approvals and versions".
 */
export async function inbox(ctx: ReviewContext, session: OrganizationSession, query: ReviewInboxQuery): Promise<ReviewInbox> {
  const { db, clock } = ctx
  const flowHeld = await reviewFlowHeld(db, session.organization.id, clock.now())
  if (query.view !== 'mine' && !flowHeld) throw planLimit(MESSAGES.reviewNotIncluded)
  const admin = isAdminSession(session)
  const leads = admin || (await leadsATeam(db, session.organization.id, session.userId))
  if (query.view === 'team' && !leads) throw forbidden(REVIEW_MESSAGES.noTeamToReview)

  const tabs = tabConditions(db, session, admin)
  const openRequest = and(eq(reviewRequests.postId, posts.id), eq(reviewRequests.open, true))
  const inOrganization = eq(posts.organizationId, session.organization.id)
  const search = query.search ? likePattern(query.search) : null
  const filters = and(
    inOrganization,
    tabs[query.view],
    query.priority ? sql`${prioritySql} = ${query.priority}` : undefined,
    query.status ? sql`${stageSql} = ${query.status}` : undefined,
    search ? or(ilike(posts.text, search), ilike(users.fullName, search)) : undefined
  )
  const order =
    query.view === 'mine'
      ? [desc(posts.updatedAt), desc(posts.id)]
      : [asc(priorityRankSql), sql`${reviewRequests.dueAt} asc nulls last`, sql`coalesce(${reviewRequests.requestedAt}, ${posts.updatedAt}) asc`, asc(posts.id)]
  const rows = await db
    .select({
      postId: posts.id,
      stage: stageSql,
      status: posts.status,
      type: posts.type,
      // Enough of the text for the excerpt, not the whole post.
      head: sql<string>`left(${posts.text}, 400)`,
      author: { id: users.id, fullName: users.fullName, image: users.image },
      pageId: businessPages.id,
      pageName: businessPages.linkedInCompanyName,
      approvalFlow: memberships.userApprovalFlow,
      approvalStatus: posts.approvalStatus,
      request: {
        priority: reviewRequests.priority,
        dueAt: reviewRequests.dueAt,
        requestedAt: reviewRequests.requestedAt,
        message: reviewRequests.message
      },
      reviewerCount: sql<number>`(select count(*) from ${reviewReviewers} where ${reviewReviewers.postId} = ${posts.id})::int`,
      openFeedback: sql<number>`(select count(*) from ${reviewFeedback} where ${reviewFeedback.postId} = ${posts.id} and ${reviewFeedback.parentId} is null and ${reviewFeedback.status} = 'OPEN')::int`,
      scheduledAt: posts.scheduledAt,
      publishedAt: posts.publishedAt,
      failureReason: posts.failureReason,
      updatedAt: posts.updatedAt,
      total: sql<number>`(count(*) over ())::int`
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(memberships, and(eq(memberships.organizationId, posts.organizationId), eq(memberships.userId, posts.authorUserId)))
    .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
    .leftJoin(reviewRequests, openRequest)
    .where(filters)
    .orderBy(...order)
    .limit(INBOX_LIMIT)
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`
  const [counts] = await db
    .select({ requested: count(tabs.requested), mine: count(tabs.mine), team: count(tabs.team) })
    .from(posts)
    .leftJoin(reviewRequests, openRequest)
    .where(inOrganization)
  return {
    items: rows.map((r) => ({
      postId: r.postId,
      stage: r.stage,
      status: r.status,
      type: r.type,
      excerpt: postExcerpt(r.head),
      author: r.author,
      businessPage: r.pageId && r.pageName !== null ? { id: r.pageId, linkedInCompanyName: r.pageName } : null,
      approval: { required: flowHeld && r.approvalFlow === true, status: r.approvalStatus ?? null },
      request: r.request
        ? {
            priority: r.request.priority,
            dueAt: r.request.dueAt?.toISOString() ?? null,
            requestedAt: r.request.requestedAt.toISOString(),
            message: r.request.message,
            reviewerCount: r.reviewerCount
          }
        : null,
      openFeedback: r.openFeedback,
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      failureReason: r.failureReason,
      updatedAt: r.updatedAt.toISOString()
    })),
    total: rows[0]?.total ?? 0,
    counts: { requested: counts?.requested ?? 0, mine: counts?.mine ?? 0, team: leads ? (counts?.team ?? 0) : null }
  }
}
