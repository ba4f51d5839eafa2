import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Member } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { businessPageMembers, businessPages, memberships, postTagAssignments, postTags, teamMembers, teams, users } from '../../db/schema'
import { isUuid } from '../ids'

/* One rendering of a member, with their teams, pages and topic tags (docs/architecture.md, "Organizations and members"). */

/** The organization's members among these user ids, in the order given. */
export async function viewMembers(executor: Executor, organizationId: string, userIds: readonly string[]): Promise<Member[]> {
  const ids = [...new Set(userIds)].filter(isUuid)
  if (ids.length === 0) return []
  const rows = await executor
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      image: users.image,
      role: memberships.role,
      status: memberships.status,
      assignedNumberOfPosts: memberships.assignedNumberOfPosts,
      userApprovalFlow: memberships.userApprovalFlow,
      createdAt: memberships.createdAt
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, ids)))
  const teamRows = await executor
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name, isLeader: teamMembers.isLeader })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.organizationId, organizationId), inArray(teamMembers.userId, ids)))
  const pageRows = await executor
    .select({ userId: businessPageMembers.userId, id: businessPages.id, linkedInCompanyName: businessPages.linkedInCompanyName })
    .from(businessPageMembers)
    .innerJoin(businessPages, eq(businessPages.id, businessPageMembers.businessPageId))
    .where(and(eq(businessPageMembers.organizationId, organizationId), inArray(businessPageMembers.userId, ids)))
    .orderBy(asc(businessPages.linkedInCompanyName), asc(businessPages.id))
  const tagRows = await executor
    .select({ userId: postTagAssignments.userId, tagId: postTagAssignments.tagId })
    .from(postTagAssignments)
    .innerJoin(postTags, eq(postTags.id, postTagAssignments.tagId))
    .where(and(eq(postTagAssignments.organizationId, organizationId), inArray(postTagAssignments.userId, ids)))
    .orderBy(asc(sql`lower(${postTags.title})`), asc(postTags.id))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const r = byId.get(id)!
      return {
        id: r.id,
        email: r.email,
        fullName: r.fullName,
        image: r.image,
        role: r.role,
        status: r.status,
        assignedNumberOfPosts: r.assignedNumberOfPosts,
        userApprovalFlow: r.userApprovalFlow,
        teams: teamRows.filter((t) => t.userId === id).map((t) => ({ id: t.id, name: t.name, isLeader: t.isLeader })),
        businessPages: pageRows.filter((p) => p.userId === id).map((p) => ({ id: p.id, linkedInCompanyName: p.linkedInCompanyName })),
        postTags: tagRows.filter((t) => t.userId === id).map((t) => t.tagId),
        createdAt: r.createdAt.toISOString()
      }
    })
}
