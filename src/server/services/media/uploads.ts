import type { Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { fileTooBigMessage, MESSAGES } from '../../../shared/api/messages'
import { media } from '../../db/schema'
import { ApiError, notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import type { MediaRow } from './mediaView'
import type { MediaDeps } from './types'

/* An upload of the session's user, discarding one, and reading bytes within a limit (docs/architecture.md, "Writing and publishing"). */

export class TooBig extends Error {}
export class ChunkCutAtLimit extends Error {}

/** 413 '{file name} is too big!' (spec §5), on the announced size or on the bytes sent past it. */
export const uploadTooBig = (fileName: string, field: 'size' | 'file') =>
  new ApiError(413, 'too_large', fileTooBigMessage(fileName), { [field]: fileTooBigMessage(fileName) })

export async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of stream) {
    const buffer = chunk as Buffer
    total += buffer.length
    if (total > limit) {
      stream.destroy()
      throw new TooBig()
    }
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

export async function ownUpload(deps: Pick<MediaDeps, 'db'>, session: OrganizationSession, uploadId: string): Promise<MediaRow> {
  const { db } = deps
  const [row] = isUuid(uploadId)
    ? await db
        .select()
        .from(media)
        .where(and(eq(media.id, uploadId), eq(media.organizationId, session.organization.id), eq(media.uploaderUserId, session.userId)))
    : []
  if (!row) throw notFound(MESSAGES.uploadNotFound)
  return row
}

export async function discard(deps: Pick<MediaDeps, 'db' | 'storage'>, row: MediaRow): Promise<void> {
  const { db, storage } = deps
  await db.delete(media).where(eq(media.id, row.id))
  await storage.delete(row.storageKey)
  if (row.thumbnailKey) await storage.delete(row.thumbnailKey)
}
