import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import type { Executor } from '../../db/client'
import { forbidden } from '../../errors'
import { isAdminSession, teamsLedBy } from '../access'
import type { OrganizationSession } from '../sessions'

/* Who may use recommended posts (RECOMMEND_POST) and who may recommend, to whom (docs/architecture.md, "Recommended posts"). */

/** The teams the session user leads here. */
export const ledTeams = (executor: Executor, session: OrganizationSession): Promise<string[]> => teamsLedBy(executor, session.organization.id, session.userId)

/** ADMIN or GHOST: null (no limit); a team leader: the teams they lead; anyone else: 403. */
export async function recommenderScope(executor: Executor, session: OrganizationSession): Promise<string[] | null> {
  if (isAdminSession(session)) return null
  const led = await ledTeams(executor, session)
  if (led.length === 0) throw forbidden(RECOMMENDED_MESSAGES.onlyRecommenders)
  return led
}
