import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { media } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'
import type { MediaDeps, MediaFile } from './types'

/* Reading a READY file or its thumbnail: any member of the organization (docs/architecture.md, "Writing and publishing"). */

export async function mediaFile(deps: Pick<MediaDeps, 'db' | 'storage'>, organizationId: string, mediaId: string, which: 'file' | 'thumbnail'): Promise<MediaFile> {
  const { db, storage } = deps
  const [row] = isUuid(mediaId)
    ? await db
        .select()
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.organizationId, organizationId), eq(media.status, 'READY')))
    : []
  const key = which === 'file' ? row?.storageKey : row?.thumbnailKey
  const stored = row && key ? await storage.stat(key) : null
  if (!row || !key || !stored) throw notFound(MESSAGES.mediaNotFound)
  return {
    kind: which === 'file' ? row.kind : 'image',
    fileName: row.fileName,
    contentType: which === 'file' ? row.contentType : key.endsWith('.png') ? 'image/png' : 'image/jpeg',
    size: stored.size,
    open: (range) => storage.openRead(key, range)
  }
}
