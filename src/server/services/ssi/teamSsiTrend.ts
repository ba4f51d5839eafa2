import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import { SSI_MESSAGES, type TeamSsiTrend } from '../../../shared/domain/ssi'
import { memberships, ssiRecords, teamMembers, teams } from '../../db/schema'
import { forbidden } from '../../errors'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'
import { utcMonthStart } from './records'
import type { SsiDeps } from './types'

/* GET /team/ssi: each visible team's monthly average of its members' latest records (docs/architecture.md, "Social Selling Index"). */

export async function teamSsiTrend(deps: Pick<SsiDeps, 'db' | 'clock'>, session: OrganizationSession, months: number): Promise<TeamSsiTrend> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const visible = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, organizationId),
        isAdminSession(session)
          ? undefined
          : inArray(
              teams.id,
              db
                .select({ id: teamMembers.teamId })
                .from(teamMembers)
                .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
            )
      )
    )
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
  if (!isAdminSession(session) && visible.length === 0) throw forbidden(SSI_MESSAGES.onlyLeaders)
  if (visible.length === 0) return { teams: [] }

  const from = utcMonthStart(clock.now(), months - 1)
  const month = sql<string>`to_char(${ssiRecords.recordedAt} at time zone 'UTC', 'YYYY-MM')`
  // Each member's latest record per month: one row per (member, month), read in one statement.
  const latest = await db
    .selectDistinctOn([teamMembers.userId, month], { teamId: teamMembers.teamId, userId: teamMembers.userId, month, score: ssiRecords.score })
    .from(ssiRecords)
    .innerJoin(teamMembers, and(eq(teamMembers.userId, ssiRecords.userId), eq(teamMembers.organizationId, organizationId)))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, ssiRecords.userId), eq(memberships.organizationId, organizationId), eq(memberships.status, 'ACTIVE'))
    )
    .where(
      and(
        inArray(
          teamMembers.teamId,
          visible.map((team) => team.id)
        ),
        gte(ssiRecords.recordedAt, from)
      )
    )
    .orderBy(teamMembers.userId, month, desc(ssiRecords.recordedAt), desc(ssiRecords.id))

  const byTeam = new Map<string, Map<string, number[]>>()
  for (const row of latest) {
    const teamMonths = byTeam.get(row.teamId) ?? new Map<string, number[]>()
    byTeam.set(row.teamId, teamMonths)
    teamMonths.set(row.month, [...(teamMonths.get(row.month) ?? []), row.score])
  }
  return {
    teams: visible.map((team) => ({
      teamId: team.id,
      teamName: team.name,
      points: [...(byTeam.get(team.id) ?? new Map<string, number[]>()).entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([m, scores]) => ({
          month: m,
          // One decimal: an average of whole numbers.
          average: Math.round((scores.reduce((sum, s) => sum + s, 0) / scores.length) * 10) / 10,
          members: scores.length
        }))
    }))
  }
}
