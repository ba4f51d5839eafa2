import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm'
import type { Dashboard, PostType } from '../../shared/domain'
import { isBehind, monthOf, monthRange } from '../../shared/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { assignedSlots, invitations, linkedInConnections, memberships, posts, teams } from '../db/schema'
import type { OrganizationSession } from './sessions'
import type { LinkedInAdapter } from '../adapters/linkedin/linkedin'
import { isAdminSession } from './access'
import { postResultRows } from './analytics'
import { postExcerpt } from './postLinks'
import type { ReviewService } from './review'
import { monthStandings, viewerTimeZone } from './teamEffort'
import { slotIsNotDone } from '../db/slotDone'

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
 * - Post rows are Analytics' rows (its postResultRows): metrics 'pending' until the metrics
 *   job first read them; the topic tag is the tag of the slot the post was written for.
 */
export interface DashboardService {
  get(session: OrganizationSession, query: { timezone?: string }): Promise<Dashboard>
}

const NEXT_SLOTS = 5
const DRAFTS = 5
const LAST_POSTS = 5
const TOP_POSTS = 5
const MEMBERS_BEHIND = 10

/** Most engagements (reactions + comments + reshares + clicks), then impressions, then newest; on analytics' FROM names. */
const TOP_ORDER = sql`coalesce(pm.reactions + pm.comments + pm.reshares + coalesce(pm.clicks, 0), 0) desc, coalesce(pm.impressions, 0) desc,
  p.published_at desc, p.id desc`

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
            slotIsNotDone()
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
      const lastPosts = await postResultRows(db, deps.linkedInAdapter, {
        where: sql`p.organization_id = ${organizationId} and p.status = 'PUBLISHED' and p.author_user_id = ${me}`,
        orderBy: sql`p.published_at desc, p.id desc`,
        limit: LAST_POSTS
      })
      const myTeam = mine?.teamId ? standings.teams.find((t) => t.team.id === mine.teamId) : undefined

      let organization: Dashboard['organization'] = null
      let setup: Dashboard['setup'] = null
      if (admin) {
        const topPosts = await postResultRows(db, deps.linkedInAdapter, {
          where: sql`p.organization_id = ${organizationId} and p.status = 'PUBLISHED'
            and p.published_at >= ${period.from.toISOString()}::timestamptz and p.published_at < ${period.to.toISOString()}::timestamptz`,
          orderBy: TOP_ORDER,
          limit: TOP_POSTS
        })
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
