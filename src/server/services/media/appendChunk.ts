import { Transform, pipeline, type Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { mediaOffsetMismatchMessage, MESSAGES } from '../../../shared/api/messages'
import { media } from '../../db/schema'
import { ApiError, conflict, isStorageFull, storageFull } from '../../errors'
import type { OrganizationSession } from '../sessions'
import type { MediaRow } from './mediaView'
import type { MediaDeps } from './types'
import { ChunkCutAtLimit, discard, ownUpload, TooBig, uploadTooBig } from './uploads'

/* POST /posts/media/chunk: a chunk streamed into storage at the offset received so far (docs/architecture.md, "Writing and publishing"). */

export async function appendChunk(
  deps: Pick<MediaDeps, 'db' | 'clock' | 'storage'>,
  session: OrganizationSession,
  input: { uploadId: string; offset: number },
  source: Readable
): Promise<{ received: number }> {
  const { db, clock, storage } = deps
  let row: MediaRow
  try {
    row = await ownUpload(deps, session, input.uploadId)
    if (row.status !== 'UPLOADING') throw conflict(mediaOffsetMismatchMessage(row.receivedBytes), { offset: String(row.receivedBytes) })
    if (input.offset !== row.receivedBytes) throw conflict(mediaOffsetMismatchMessage(row.receivedBytes), { offset: String(row.receivedBytes) })
  } catch (error) {
    source.resume()
    throw error
  }
  const room = row.size - row.receivedBytes
  let counted = 0
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted += chunk.length
      callback(counted > room ? new TooBig() : null, counted > room ? undefined : chunk)
    },
    // The multipart parser cuts a file part at its size limit and ends it as if nothing
    // happened (only `truncated` tells): fail the write, or the cut chunk would count as received.
    flush(callback) {
      callback((source as { truncated?: boolean }).truncated ? new ChunkCutAtLimit() : null)
    }
  })
  let written: number
  try {
    written = await storage.append(row.storageKey, input.offset, pipeline(source, limiter, () => undefined))
  } catch (error) {
    if (error instanceof TooBig) throw uploadTooBig(row.fileName, 'file')
    if (error instanceof ChunkCutAtLimit || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, 'too_large', MESSAGES.uploadChunkTooBig, { file: MESSAGES.uploadChunkTooBig })
    }
    // A full disk (issue 16): the upload goes, its bytes too, so the space comes back; the
    // client starts again once there is room.
    if (isStorageFull(error)) {
      await discard(deps, row)
      throw storageFull()
    }
    throw error
  }
  const received = input.offset + written
  const updated = await db
    .update(media)
    .set({ receivedBytes: received, updatedAt: clock.now() })
    .where(and(eq(media.id, row.id), eq(media.status, 'UPLOADING'), eq(media.receivedBytes, input.offset)))
    .returning({ id: media.id })
  if (updated.length === 0) {
    const current = await ownUpload(deps, session, row.id)
    throw conflict(mediaOffsetMismatchMessage(current.receivedBytes), { offset: String(current.receivedBytes) })
  }
  return { received }
}
