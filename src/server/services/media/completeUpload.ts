import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostMedia } from '../../../shared/domain/entities'
import { media } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { agreedContentType, MEDIA_HEAD_BYTES, sniffMedia } from '../mediaTypes'
import type { OrganizationSession } from '../sessions'
import { toMediaView } from './mediaView'
import { thumbnailFor } from './thumbnail'
import type { MediaDeps } from './types'
import { discard, ownUpload, readAll } from './uploads'

/* POST /posts/media/complete: every byte arrived, the first bytes agree with the type, images thumbnailed (docs/architecture.md, "Writing and publishing"). */

export async function completeUpload(
  deps: Pick<MediaDeps, 'db' | 'clock' | 'storage' | 'thumbnailer'>,
  session: OrganizationSession,
  input: { uploadId: string; altText: string }
): Promise<PostMedia> {
  const { db, clock, storage } = deps
  const row = await ownUpload(deps, session, input.uploadId)
  if (row.status === 'READY') return toMediaView(row)
  if (row.receivedBytes !== row.size) {
    throw conflict(MESSAGES.uploadIncomplete(row.receivedBytes, row.size), { offset: String(row.receivedBytes) })
  }
  const stored = await storage.stat(row.storageKey)
  if (!stored || stored.size !== row.size) {
    await discard(deps, row)
    throw notFound(MESSAGES.uploadNotFound)
  }
  const head = await readAll(await storage.openRead(row.storageKey, { start: 0, end: Math.min(row.size, MEDIA_HEAD_BYTES) - 1 }), MEDIA_HEAD_BYTES)
  const sniffed = sniffMedia(head)
  const contentType = agreedContentType(row.contentType, sniffed)
  if (!sniffed || !contentType) {
    await discard(deps, row)
    throw badRequest(MESSAGES.mediaContentMismatch, { file: MESSAGES.mediaContentMismatch })
  }
  const image = row.kind === 'image' ? await thumbnailFor(deps, row, head, sniffed.imageType) : { width: null, height: null, thumbnailKey: null }
  const [ready] = await db
    .update(media)
    .set({ status: 'READY', contentType, ...image, altText: input.altText, updatedAt: clock.now() })
    .where(and(eq(media.id, row.id), eq(media.status, 'UPLOADING')))
    .returning()
  if (ready) return toMediaView(ready)
  // Completed by a parallel request meanwhile (same bytes, same thumbnail key).
  return toMediaView(await ownUpload(deps, session, row.id))
}
