import { and, eq, inArray, lt, notExists, or } from 'drizzle-orm'
import { DAY_MS } from '../../../shared/constants'
import { media, postMedia } from '../../db/schema'
import type { MediaDeps } from './types'

/* Deleting stale uploads and files no post uses, with their files (docs/architecture.md, "Writing and publishing"). */

/** The media cleanup's name among the job runner's kinds. */
export const MEDIA_CLEANUP_JOB = 'media-cleanup'
const UPLOAD_STALE_MS = DAY_MS
const UNUSED_MEDIA_MS = 7 * DAY_MS
const CLEANUP_BATCH = 500

export async function cleanupMedia(deps: Pick<MediaDeps, 'db' | 'clock' | 'storage'>): Promise<number> {
  const { db, clock, storage } = deps
  const now = clock.now().getTime()
  const stale = await db
    .delete(media)
    .where(
      inArray(
        media.id,
        db
          .select({ id: media.id })
          .from(media)
          .where(
            or(
              and(eq(media.status, 'UPLOADING'), lt(media.updatedAt, new Date(now - UPLOAD_STALE_MS))),
              and(
                eq(media.status, 'READY'),
                lt(media.updatedAt, new Date(now - UNUSED_MEDIA_MS)),
                notExists(db.select({ one: postMedia.mediaId }).from(postMedia).where(eq(postMedia.mediaId, media.id)))
              )
            )
          )
          .limit(CLEANUP_BATCH)
      )
    )
    .returning({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
  for (const row of stale) {
    await storage.delete(row.storageKey)
    if (row.thumbnailKey) await storage.delete(row.thumbnailKey)
  }
  return stale.length
}
