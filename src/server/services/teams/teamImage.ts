import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { teams } from '../../db/schema'
import { teamImagesDir } from './images'
import type { TeamDeps, TeamImageFile } from './types'
import { findTeam } from './views'

/* A team's image file, and all of an organization's for deleting it (docs/architecture.md, "Organizations and members"). */

export async function teamImage(deps: Pick<TeamDeps, 'db' | 'uploadsDir'>, organizationId: string, teamId: string): Promise<TeamImageFile | null> {
  const { db } = deps
  const row = await findTeam(db, organizationId, teamId)
  if (!row?.imageFile || !row.imageContentType) return null
  return { path: join(teamImagesDir(deps.uploadsDir), row.imageFile), contentType: row.imageContentType }
}

export async function teamImageFiles(deps: Pick<TeamDeps, 'db' | 'uploadsDir'>, organizationId: string): Promise<string[]> {
  const { db } = deps
  const imagesDir = teamImagesDir(deps.uploadsDir)
  const rows = await db.select({ file: teams.imageFile }).from(teams).where(eq(teams.organizationId, organizationId))
  return rows.flatMap((r) => (r.file ? [join(imagesDir, r.file)] : []))
}
