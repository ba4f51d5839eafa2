import type { TeamEffort } from '../../../shared/domain'
import type { OrganizationSession } from '../sessions'
import { nudgeMember } from './nudgeMember'
import { teamEffort } from './teamEffort'
import type { TeamEffortDeps } from './types'

/*
 * Team effort (issue 14): each team's members against their monthly targets, the leaderboard of
 * teams, and nudges. The dashboard reads the same standings (monthStandings). One use case per
 * file, standings.ts, memberReads.ts, timeZone.ts and messages.ts beneath them; this facade only
 * delegates. The rules are in docs/architecture.md, "Team effort, nudges and the dashboard".
 */

export { nextOpenSlots, nudgedToday } from './memberReads'
export { EFFORT_MESSAGES, NUDGE_TITLE, nudgeMessage, STREAK_WEEKS_MAX, WRITE_POST_LINK } from './messages'
export { monthStandings } from './standings'
export { viewerTimeZone } from './timeZone'
export type { MemberStanding, TeamStanding } from './types'

export interface TeamEffortService {
  effort(session: OrganizationSession, query: { month: string; timezone?: string }): Promise<TeamEffort>
  nudge(session: OrganizationSession, input: { userId: string; month: string }): Promise<void>
}

export function createTeamEffortService(deps: TeamEffortDeps): TeamEffortService {
  return {
    effort: (session, query) => teamEffort(deps, session, query),
    nudge: (session, input) => nudgeMember(deps, session, input)
  }
}
