import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { API_BASE } from '../../../shared/api/contract'
import { rankByShare, shareOfTarget, type Period } from '../../../shared/rules'
import type { Executor } from '../../db/client'
import { memberships, posts, teamMembers, teams, users } from '../../db/schema'
import type { MemberStanding, TeamStanding } from './types'

/* The month's standings, which the dashboard reads too (docs/architecture.md, "Team effort, nudges and the dashboard"). */

/** Everyone's published posts against their targets in a period, and the teams ranked: three statements. */
export async function monthStandings(executor: Executor, organizationId: string, period: Period): Promise<{ members: MemberStanding[]; teams: TeamStanding[] }> {
  // The month's published posts counted per author in one pass over posts_org_published_idx.
  const published = executor
    .select({
      authorId: posts.authorUserId,
      n: sql<number>`count(*)::int`.as('n'),
      reshares: sql<number>`(count(*) filter (where ${posts.reshareOfUrn} is not null))::int`.as('reshares')
    })
    .from(posts)
    .where(and(eq(posts.organizationId, organizationId), eq(posts.status, 'PUBLISHED'), gte(posts.publishedAt, period.from), lt(posts.publishedAt, period.to)))
    .groupBy(posts.authorUserId)
    .as('published')
  const memberRows = await executor
    .select({
      id: users.id,
      fullName: users.fullName,
      image: users.image,
      target: memberships.assignedNumberOfPosts,
      teamId: teamMembers.teamId,
      isLeader: teamMembers.isLeader,
      published: sql<number>`coalesce(${published.n}, 0)::int`,
      reshares: sql<number>`coalesce(${published.reshares}, 0)::int`
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(teamMembers, and(eq(teamMembers.organizationId, memberships.organizationId), eq(teamMembers.userId, memberships.userId)))
    .leftJoin(published, eq(published.authorId, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
  const teamRows = await executor
    .select({ id: teams.id, name: teams.name, imageFile: teams.imageFile, imageVersion: teams.imageVersion })
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
  const members: MemberStanding[] = memberRows.map((r) => ({
    member: { id: r.id, fullName: r.fullName, image: r.image },
    target: r.target,
    published: r.published,
    reshares: r.reshares,
    teamId: r.teamId,
    isLeader: r.isLeader ?? false
  }))
  const unranked = teamRows.map((t) => {
    const own = members.filter((m) => m.teamId === t.id)
    return {
      team: { id: t.id, name: t.name, previewURL: t.imageFile ? `${API_BASE}/team/image/${t.id}?v=${t.imageVersion ?? '0'}` : null },
      target: own.reduce((sum, m) => sum + m.target, 0),
      published: own.reduce((sum, m) => sum + m.published, 0),
      shareOfTarget: shareOfTarget(own)
    }
  })
  const ranks = rankByShare(unranked)
  const ranked = unranked.map((t, i) => ({ ...t, rank: ranks[i]! }))
  // By rank (unranked last); the name order of teamRows breaks ties (a stable sort).
  ranked.sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER))
  return { members, teams: ranked }
}
