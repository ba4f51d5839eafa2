import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import { isUuid } from '../ids'
import { userPhotosDir } from '../userPhotos'
import type { UserDeps } from './types'

/* A user's photo file, for themselves or an ACTIVE colleague (docs/architecture.md, "Notifications and `GET /user`"). */

export async function userPhoto(deps: Pick<UserDeps, 'db' | 'uploadsDir'>, viewerId: string, userId: string): Promise<{ path: string; contentType: string } | null> {
  const { db } = deps
  if (!isUuid(userId) || !isUuid(viewerId)) return null
  // Spelled out: drizzle leaves columns unqualified in a one-table select, and memberships has an "id" too.
  const [row] = await db
    .select({ file: users.photoFile, contentType: users.photoContentType })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`("users"."id" = ${viewerId} or exists (select 1 from "memberships" "viewer" inner join "memberships" "colleague" on "colleague"."organization_id" = "viewer"."organization_id" where "viewer"."user_id" = ${viewerId} and "viewer"."status" = 'ACTIVE' and "colleague"."user_id" = "users"."id" and "colleague"."status" = 'ACTIVE'))`
      )
    )
    .limit(1)
  if (!row?.file || !row.contentType) return null
  return { path: join(userPhotosDir(deps.uploadsDir), row.file), contentType: row.contentType }
}
