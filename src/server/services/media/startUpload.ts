import { randomUUID } from 'node:crypto'
import { MESSAGES } from '../../../shared/api/messages'
import { MEDIA_CHUNK_BYTES } from '../../../shared/constants'
import { mediaKindOf } from '../../../shared/rules/posts'
import { media } from '../../db/schema'
import { badRequest } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { cleanFileName } from './mediaView'
import type { MediaDeps } from './types'
import { uploadTooBig } from './uploads'

/* POST /posts/media/start: an UPLOADING row whose storage key is its own id (docs/architecture.md, "Writing and publishing"). */

export async function startUpload(
  deps: Pick<MediaDeps, 'db' | 'clock' | 'maxUploadBytes'>,
  session: OrganizationSession,
  input: { fileName: string; size: number; contentType: string }
): Promise<{ uploadId: string; chunkSize: number }> {
  const { db, clock } = deps
  const fileName = cleanFileName(input.fileName)
  if (input.size > deps.maxUploadBytes) throw uploadTooBig(fileName, 'size')
  if (input.size === 0) throw badRequest(MESSAGES.mediaEmpty, { size: MESSAGES.mediaEmpty })
  const kind = mediaKindOf(input.contentType)
  if (!kind) throw badRequest(MESSAGES.mediaTypeUnsupported, { contentType: MESSAGES.mediaTypeUnsupported })
  const id = randomUUID()
  const now = clock.now()
  await db.insert(media).values({
    id,
    organizationId: session.organization.id,
    uploaderUserId: session.userId,
    status: 'UPLOADING',
    kind,
    fileName,
    contentType: input.contentType.toLowerCase().split(';')[0]!.trim(),
    size: input.size,
    receivedBytes: 0,
    storageKey: id,
    createdAt: now,
    updatedAt: now
  })
  return { uploadId: id, chunkSize: MEDIA_CHUNK_BYTES }
}
