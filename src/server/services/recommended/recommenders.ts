import { and, eq } from 'drizzle-orm'
import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import type { Executor } from '../../db/client'
import { teamMembers } from '../../db/schema'
import { forbidden } from '../../errors'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'

/* Who may use recommended posts (RECOMMEND_POST) and who may recommend, to whom (docs/architecture.md, "Recommended posts"). */

/** The teams the session user leads here (at most one: a user is in one team per organization). */
export async function ledTeams(executor: Executor, session: OrganizationSession): Promise<string[]> {
  const rows = await executor
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, session.organization.id), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
  return rows.map((r) => r.teamId)
}

/** ADMIN or GHOST: null (no limit); a team leader: the teams they lead; anyone else: 403. */
export async function recommenderScope(executor: Executor, session: OrganizationSession): Promise<string[] | null> {
  if (isAdminSession(session)) return null
  const led = await ledTeams(executor, session)
  if (led.length === 0) throw forbidden(RECOMMENDED_MESSAGES.onlyRecommenders)
  return led
}
