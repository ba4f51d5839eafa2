import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { API_BASE } from '../../../shared/api/contract'
import type { Team } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { teamMembers, teams, users } from '../../db/schema'
import { isUuid } from '../ids'
import type { TeamRow } from './types'

/* A team with its members and leaders, and the look-up (docs/architecture.md, "Organizations and members"). */

const previewURL = (row: TeamRow) => (row.imageFile ? `${API_BASE}/team/image/${row.id}?v=${row.imageVersion ?? '0'}` : null)

export async function views(executor: Executor, rows: TeamRow[]): Promise<Team[]> {
  if (rows.length === 0) return []
  const people = await executor
    .select({ teamId: teamMembers.teamId, id: users.id, fullName: users.fullName, image: users.image, isLeader: teamMembers.isLeader })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, rows.map((r) => r.id)))
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
  return rows.map((row) => {
    const mine = people.filter((p) => p.teamId === row.id)
    const person = (p: (typeof mine)[number]) => ({ id: p.id, fullName: p.fullName, image: p.image })
    return {
      id: row.id,
      name: row.name,
      members: mine.map(person),
      teamLeaders: mine.filter((p) => p.isLeader).map(person),
      requireTag: row.requireTag,
      aISettingTemplateId: row.aiSettingTemplateId,
      previewURL: previewURL(row),
      imageName: row.imageName
    }
  })
}

export async function findTeam(executor: Executor, organizationId: string, teamId: string): Promise<TeamRow | null> {
  if (!isUuid(teamId)) return null
  const [row] = await executor.select().from(teams).where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId))).limit(1)
  return row ?? null
}
