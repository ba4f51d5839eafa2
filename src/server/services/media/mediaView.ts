import { and, eq, inArray } from 'drizzle-orm'
import { API_BASE, MEDIA_FILE_PATH, MEDIA_THUMBNAIL_PATH } from '../../../shared/api/contract'
import type { PostMedia } from '../../../shared/domain/entities'
import { cleanFileNameText } from '../../../shared/domain/text'
import type { Executor } from '../../db/client'
import { media } from '../../db/schema'
import { isUuid } from '../ids'

/* A media row, its view and addresses, and the media a post may use (docs/architecture.md, "Writing and publishing"). */

export type MediaRow = typeof media.$inferSelect

/** The API path of a media file or its thumbnail. */
function mediaUrl(path: typeof MEDIA_FILE_PATH | typeof MEDIA_THUMBNAIL_PATH, mediaId: string): string {
  return `${API_BASE}${path.replace(':mediaId', mediaId)}`
}

export function toMediaView(row: MediaRow): PostMedia {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    altText: row.altText,
    url: mediaUrl(MEDIA_FILE_PATH, row.id),
    thumbnailUrl: row.thumbnailKey ? mediaUrl(MEDIA_THUMBNAIL_PATH, row.id) : null
  }
}

/** The file's own name (no folders, no control or bidi characters), at most 255 characters. */
export function cleanFileName(name: string): string {
  return cleanFileNameText(name) || 'file'
}

/** READY media of `ids` that this user uploaded in this organization, in no particular order. */
export async function usableMedia(executor: Executor, organizationId: string, userId: string, ids: readonly string[]): Promise<MediaRow[]> {
  const valid = ids.filter(isUuid)
  if (valid.length === 0) return []
  return executor
    .select()
    .from(media)
    .where(and(inArray(media.id, valid), eq(media.organizationId, organizationId), eq(media.uploaderUserId, userId), eq(media.status, 'READY')))
}
