import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostTag } from '../../../shared/domain'
import { teamMembers, teams } from '../../db/schema'
import { notFound } from '../../errors'
import { requireMembers } from '../access'
import { isUuid } from '../ids'
import { tagIdsAssignedTo, views } from './topicTags'
import type { TagDeps } from './types'

/* Topic tags: all of the organization's, a team's members', or some members' (docs/architecture.md, "Organizations and members"). */

export async function listTags(
  deps: Pick<TagDeps, 'db'>,
  organizationId: string,
  filter: { teamId?: string | null; memberIds?: string[] | null }
): Promise<PostTag[]> {
  const { db } = deps
  if (filter.teamId) {
    if (!isUuid(filter.teamId)) throw notFound(MESSAGES.teamNotFound)
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, filter.teamId), eq(teams.organizationId, organizationId)))
      .limit(1)
    if (!team) throw notFound(MESSAGES.teamNotFound)
    const people = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))
    return views(db, organizationId, await tagIdsAssignedTo(db, organizationId, people.map((p) => p.userId)))
  }
  if (filter.memberIds) {
    await requireMembers(db, organizationId, filter.memberIds)
    return views(db, organizationId, await tagIdsAssignedTo(db, organizationId, filter.memberIds))
  }
  return views(db, organizationId)
}
