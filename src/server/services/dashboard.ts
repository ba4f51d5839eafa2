import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { AnalyticsPostRow, Dashboard, PostType } from '../../shared/domain'
import { isBehind, monthOf, monthRange } from '../../shared/rules'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { assignedSlots, businessPages, invitations, linkedInConnections, memberships, postMetrics, postTags, posts, teams, users } from '../db/schema'
import type { OrganizationSession } from '../http/route'
import type { LinkedInAdapter } from '../adapters/linkedin/linkedin'
import { isAdminSession } from './access'
import { postExcerpt } from './posts'
import type { ReviewService } from './review'
import { monthStandings, viewerTimeZone } from './teamEffort'

/**
 * The dashboard (issue 14): one request, a fixed number of statements whatever the number of
 * posts (the target is under 150 ms at 20,000 posts on PostgreSQL).
 *
 * Decisions:
 * - The month is the current one in the `timezone` asked for, else the viewer's, else UTC.
 * - me: the target and published posts this month (Team effort's standings, which also give the
 *   team's rank among all teams); the next NEXT_SLOTS open slots from now (no published post
 *   linked; postId: the viewer's latest unpublished post for it, to go on writing); drafts: the
 *   viewer's DRAFT and ASK_FOR_FEEDBACK posts (a failed publication returns to DRAFT, so it waits
 *   here too), the latest DRAFTS changed first, with their count; reviewsWaiting: the count of
 *   Collaborate's "For my review" tab (null without REVIEW_FLOW); lastPosts: the viewer's latest
 *   published posts with their results.
 * - organization (ADMIN and GHOST only): published posts of active members against the sum of
 *   their targets; the top posts published this month by engagements (reactions, comments,
 *   reshares and clicks; then impressions, then newest); members behind (shared/rules isBehind),
 *   furthest behind first, at most MEMBERS_BEHIND.
 * - setup (admins, until every step is done; null otherwise): the viewer's LinkedIn connection,
 *   another member or an invitation, a team, a slot and a post (anyone's) in the organization.
 * - Post rows are analytics rows (analyticsPostRowSchema): metrics 'pending' until the metrics
 *   job first read them; the topic tag is the tag of the slot the post was written for.
 */
export interface DashboardService {
  get(session: OrganizationSession, query: { timezone?: string }): Promise<Dashboard>
}

export const NEXT_SLOTS = 5
export const DRAFTS = 5
export const LAST_POSTS = 5
export const TOP_POSTS = 5
export const MEMBERS_BEHIND = 10

/** (reactions + comments + reshares + clicks); a post without metrics yet has none. */
const engagementsSql = sql<number>`coalesce(${postMetrics.reactions} + ${postMetrics.comments} + ${postMetrics.reshares} + coalesce(${postMetrics.clicks}, 0), 0)`

/** Published posts as analytics rows with their latest metrics: one statement. */
export async function postResultRows(
  executor: Executor,
  adapter: Pick<LinkedInAdapter, 'postUrl'>,
  where: SQL,
  orderBy: SQL[],
  limit: number
): Promise<AnalyticsPostRow[]> {
  const rows = await executor
    .select({
      postId: posts.id,
      head: sql<string>`left(${posts.text}, 400)`,
      type: posts.type,
      publishedAt: posts.publishedAt,
      urn: posts.linkedInPostUrn,
      author: { id: users.id, fullName: users.fullName, image: users.image },
      pageId: businessPages.id,
      pageName: businessPages.linkedInCompanyName,
      tagId: postTags.id,
      tagTitle: postTags.title,
      tagColor: postTags.color,
      metricsStatus: postMetrics.status,
      impressions: postMetrics.impressions,
      membersReached: postMetrics.membersReached,
      reactions: postMetrics.reactions,
      comments: postMetrics.comments,
      reshares: postMetrics.reshares,
      clicks: postMetrics.clicks,
      metricsUpdatedAt: postMetrics.updatedAt
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
    .leftJoin(assignedSlots, eq(assignedSlots.id, posts.slotId))
    .leftJoin(postTags, eq(postTags.id, assignedSlots.tagId))
    .leftJoin(postMetrics, eq(postMetrics.postId, posts.id))
    .where(and(eq(posts.status, 'PUBLISHED'), where))
    .orderBy(...orderBy)
    .limit(limit)
  return rows.map((r) => {
    const impressions = r.impressions ?? 0
    const engagements = (r.reactions ?? 0) + (r.comments ?? 0) + (r.reshares ?? 0) + (r.clicks ?? 0)
    return {
      postId: r.postId,
      excerpt: postExcerpt(r.head),
      author: r.author,
      businessPage: r.pageId && r.pageName !== null ? { id: r.pageId, linkedInCompanyName: r.pageName } : null,
      type: r.type,
      tag: r.tagId && r.tagTitle !== null && r.tagColor !== null ? { id: r.tagId, title: r.tagTitle, color: r.tagColor } : null,
      publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
      linkedInPostUrl: r.urn ? adapter.postUrl(r.urn) : null,
      metricsStatus: r.metricsStatus ?? 'pending',
      metricsUpdatedAt: r.metricsUpdatedAt?.toISOString() ?? null,
      impressions,
      membersReached: r.membersReached ?? null,
      reactions: r.reactions ?? 0,
      comments: r.comments ?? 0,
      reshares: r.reshares ?? 0,
      clicks: r.clicks ?? null,
      engagementRate: impressions > 0 ? engagements / impressions : null
    }
  })
}

export function createDashboardService(deps: {
  db: Database
  clock: Clock
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
  review: Pick<ReviewService, 'requestedCount'>
}): DashboardService {
  const { db, clock } = deps

  async function setupOf(session: OrganizationSession): Promise<NonNullable<Dashboard['setup']>> {
    const organizationId = session.organization.id
    const exists = (query: SQL) => sql<boolean>`exists (${query})`
    const [row] = await db
      .select({
        linkedInConnected: exists(sql`select 1 from ${linkedInConnections} where ${linkedInConnections.userId} = ${session.userId}`),
        invited: exists(
          sql`select 1 from ${memberships} where ${memberships.organizationId} = ${organizationId} and ${memberships.userId} <> ${session.userId}
              union all select 1 from ${invitations} where ${invitations.organizationId} = ${organizationId}`
        ),
        teamCreated: exists(sql`select 1 from ${teams} where ${teams.organizationId} = ${organizationId}`),
        slotAssigned: exists(sql`select 1 from ${assignedSlots} where ${assignedSlots.organizationId} = ${organizationId}`),
        postWritten: exists(sql`select 1 from ${posts} where ${posts.organizationId} = ${organizationId}`)
      })
      .from(sql`(select 1) as one`)
    return row!
  }

  return {
    async get(session, query) {
      const organizationId = session.organization.id
      const me = session.userId
      const admin = isAdminSession(session)
      const timezone = await viewerTimeZone(db, me, query.timezone)
      const now = clock.now()
      const month = monthOf(now, timezone)
      const period = monthRange(month, timezone)
      const standings = await monthStandings(db, organizationId, period)
      const mine = standings.members.find((m) => m.member.id === me)

      const slotRows = await db
        .select({
          id: assignedSlots.id,
          time: assignedSlots.time,
          postType: assignedSlots.postType,
          comment: assignedSlots.comment,
          postId: sql<string | null>`(
            select ${posts.id} from ${posts}
            where ${posts.slotId} = ${assignedSlots.id} and ${posts.authorUserId} = ${me}
            order by ${posts.updatedAt} desc, ${posts.id} limit 1
          )`
        })
        .from(assignedSlots)
        .where(
          and(
            eq(assignedSlots.organizationId, organizationId),
            eq(assignedSlots.assigneeId, me),
            gte(assignedSlots.time, now),
            sql`not exists (select 1 from ${posts} where ${posts.slotId} = ${assignedSlots.id} and ${posts.status} = 'PUBLISHED')`
          )
        )
        .orderBy(asc(assignedSlots.time), asc(assignedSlots.id))
        .limit(NEXT_SLOTS)

      const draftRows = await db
        .select({ postId: posts.id, head: sql<string>`left(${posts.text}, 400)`, updatedAt: posts.updatedAt, total: sql<number>`(count(*) over ())::int` })
        .from(posts)
        .where(and(eq(posts.organizationId, organizationId), eq(posts.authorUserId, me), inArray(posts.status, ['DRAFT', 'ASK_FOR_FEEDBACK'])))
        .orderBy(desc(posts.updatedAt), desc(posts.id))
        .limit(DRAFTS)

      const reviewsWaiting = await deps.review.requestedCount(session)
      const lastPosts = await postResultRows(
        db,
        deps.linkedInAdapter,
        and(eq(posts.organizationId, organizationId), eq(posts.authorUserId, me))!,
        [desc(posts.publishedAt), desc(posts.id)],
        LAST_POSTS
      )
      const myTeam = mine?.teamId ? standings.teams.find((t) => t.team.id === mine.teamId) : undefined

      let organization: Dashboard['organization'] = null
      let setup: Dashboard['setup'] = null
      if (admin) {
        const topPosts = await postResultRows(
          db,
          deps.linkedInAdapter,
          and(eq(posts.organizationId, organizationId), gte(posts.publishedAt, period.from), lt(posts.publishedAt, period.to))!,
          [desc(engagementsSql), sql`coalesce(${postMetrics.impressions}, 0) desc`, desc(posts.publishedAt), desc(posts.id)],
          TOP_POSTS
        )
        const behind = standings.members
          .filter((m) => isBehind(m.published, m.target, period, now))
          .sort((a, b) => a.published / a.target - b.published / b.target || b.target - a.target)
          .slice(0, MEMBERS_BEHIND)
        organization = {
          published: standings.members.reduce((sum, m) => sum + m.published, 0),
          target: standings.members.reduce((sum, m) => sum + m.target, 0),
          topPosts,
          membersBehind: behind.map((m) => ({ member: m.member, published: m.published, target: m.target }))
        }
        const steps = await setupOf(session)
        setup = Object.values(steps).every(Boolean) ? null : steps
      }

      return {
        month,
        me: {
          target: mine?.target ?? 0,
          published: mine?.published ?? 0,
          nextSlots: slotRows.map((s) => ({ id: s.id, time: s.time.toISOString(), postType: s.postType as PostType, comment: s.comment, postId: s.postId })),
          drafts: draftRows.map((d) => ({ postId: d.postId, excerpt: postExcerpt(d.head), updatedAt: d.updatedAt.toISOString() })),
          draftCount: draftRows[0]?.total ?? 0,
          reviewsWaiting,
          lastPosts,
          team: myTeam
            ? { id: myTeam.team.id, name: myTeam.team.name, rank: myTeam.rank, teams: standings.teams.length, shareOfTarget: myTeam.shareOfTarget }
            : null
        },
        organization,
        setup
      }
    }
  }
}
