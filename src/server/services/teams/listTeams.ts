import { asc, eq, sql } from 'drizzle-orm'
import type { Team } from '../../../shared/domain'
import { teams } from '../../db/schema'
import { views } from './views'
import type { TeamDeps } from './types'

/* The organization's teams by name (docs/architecture.md, "Organizations and members"). */

export async function listTeams(deps: Pick<TeamDeps, 'db'>, organizationId: string): Promise<Team[]> {
  const { db } = deps
  const rows = await db
    .select()
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
  return views(db, rows)
}
