import { eq } from 'drizzle-orm'
import { API_BASE, USER_PHOTO_PATH } from '../../../shared/api/contract'
import { users } from '../../db/schema'
import { notFound } from '../../errors'
import { removeUserPhotoFiles } from '../userPhotos'
import type { UserDeps } from './types'

/* A user's photo columns and changing them under a row lock (docs/architecture.md, "Notifications and `GET /user`"). */

type PhotoColumns = Pick<typeof users.$inferInsert, 'photoFile' | 'photoContentType' | 'photoVersion' | 'image'>
export const NO_PHOTO: PhotoColumns = { photoFile: null, photoContentType: null, photoVersion: null }
export const PHOTO_ADDRESS_PREFIX = `${API_BASE}${USER_PHOTO_PATH.replace(':userId', '')}`

/**
 * Sets the user's photo columns (and image) under a row lock, so two racing changes cannot both
 * take the same previous file for theirs; the file that stopped being the photo is removed after
 * the commit. `change` gets the current photo and returns the columns to write.
 */
export async function changePhoto(
  deps: Pick<UserDeps, 'db' | 'clock' | 'uploadsDir'>,
  userId: string,
  change: (current: { photoFile: string | null; image: string | null }) => Partial<typeof users.$inferInsert>
) {
  const { db, clock, uploadsDir } = deps
  const replaced = await db.transaction(async (tx) => {
    const [current] = await tx.select({ photoFile: users.photoFile, image: users.image }).from(users).where(eq(users.id, userId)).for('update')
    if (!current) throw notFound('User not found.')
    const changes = change(current)
    await tx.update(users).set({ ...changes, updatedAt: clock.now() }).where(eq(users.id, userId))
    return 'photoFile' in changes && changes.photoFile !== current.photoFile ? current.photoFile : null
  })
  await removeUserPhotoFiles(uploadsDir, [replaced])
}
