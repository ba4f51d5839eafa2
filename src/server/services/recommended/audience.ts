import { and, eq, inArray } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import type { Executor } from '../../db/client'
import { memberships, teamMembers, teams } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import type { CreateRecommendationInput } from './types'

/* A new recommendation's audience: everyone, teams or members, and the ACTIVE members it reaches (docs/architecture.md, "Recommended posts": audience). */

/**
 * The audience as rows to store and the ACTIVE members to notify. Teams and members must be of
 * the organization (404); a leader's must be their own teams and those teams' members (403).
 */
export async function audienceOf(executor: Executor, session: OrganizationSession, input: CreateRecommendationInput, led: string[] | null) {
  const organizationId = session.organization.id
  const active = eq(memberships.status, 'ACTIVE')
  if (input.audience === 'everyone') {
    if (led) throw forbidden(RECOMMENDED_MESSAGES.onlyYourTeams)
    const rows = await executor
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), active))
    return { teamIds: [] as string[], memberIds: [] as string[], notify: rows.map((r) => r.userId) }
  }
  if (input.audience === 'teams') {
    const teamIds = [...new Set(input.teamIds)]
    if (teamIds.length === 0) throw badRequest(RECOMMENDED_MESSAGES.audienceTeamsMissing, { teamIds: RECOMMENDED_MESSAGES.audienceTeamsMissing })
    if (!teamIds.every(isUuid)) throw notFound(MESSAGES.teamNotFound)
    const found = await executor
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, teamIds)))
    if (found.length !== teamIds.length) throw notFound(MESSAGES.teamNotFound)
    if (led && !teamIds.every((id) => led.includes(id))) throw forbidden(RECOMMENDED_MESSAGES.onlyYourTeams)
    const rows = await executor
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(memberships, and(eq(memberships.userId, teamMembers.userId), eq(memberships.organizationId, teamMembers.organizationId)))
      .where(and(inArray(teamMembers.teamId, teamIds), active))
    return { teamIds, memberIds: [] as string[], notify: rows.map((r) => r.userId) }
  }
  const memberIds = [...new Set(input.memberIds)]
  if (memberIds.length === 0) throw badRequest(RECOMMENDED_MESSAGES.audienceMembersMissing, { memberIds: RECOMMENDED_MESSAGES.audienceMembersMissing })
  if (!memberIds.every(isUuid)) throw notFound(MESSAGES.memberNotFound)
  const found = await executor
    .select({ userId: memberships.userId, status: memberships.status, teamId: teamMembers.teamId })
    .from(memberships)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, memberships.userId), eq(teamMembers.organizationId, memberships.organizationId)))
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, memberIds)))
  if (found.length !== memberIds.length) throw notFound(MESSAGES.memberNotFound)
  if (led && !found.every((m) => m.teamId !== null && led.includes(m.teamId))) throw forbidden(RECOMMENDED_MESSAGES.onlyYourTeams)
  return { teamIds: [] as string[], memberIds, notify: found.filter((m) => m.status === 'ACTIVE').map((m) => m.userId) }
}
