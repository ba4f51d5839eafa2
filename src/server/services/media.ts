import { randomUUID } from 'node:crypto'
import { Readable, Transform, pipeline } from 'node:stream'
import { and, eq, inArray, lt, notExists, or } from 'drizzle-orm'
import { API_BASE, MEDIA_FILE_PATH, MEDIA_THUMBNAIL_PATH } from '../../shared/api/contract'
import { fileTooBigMessage, mediaOffsetMismatchMessage, MESSAGES } from '../../shared/api/messages'
import { DAY_MS, MEDIA_CHUNK_BYTES } from '../../shared/constants'
import type { MediaKind, PostMedia } from '../../shared/domain/entities'
import { cleanFileNameText } from '../../shared/domain/text'
import { mediaKindOf } from '../../shared/rules/posts'
import type { MediaStorage } from '../adapters/storage/storage'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { media, postMedia } from '../db/schema'
import { ApiError, badRequest, conflict, isStorageFull, notFound, storageFull } from '../errors'
import type { OrganizationSession } from './sessions'
import { isUuid } from './ids'
import { agreedContentType, imageDimensions, MEDIA_HEAD_BYTES, sniffMedia } from './mediaTypes'
import type { Thumbnailer } from './thumbnails'
import type { JobKind } from '../jobs/runner'

/**
 * Post media (issue 6): chunked uploads into the storage adapter, checked and thumbnailed on
 * completion.
 *
 * Decisions:
 * - start: the announced size over the limit is a 413 '{file name} is too big!' (spec §5), an empty
 *   file a 400, a content type Pagecrew does not take a 400 (mediaTypeUnsupported). The row is
 *   UPLOADING; its storage key is its own id (never anything the user sent).
 * - chunk: only the uploader, in the organization of the upload. `offset` must equal the bytes
 *   received so far, else 409 naming the offset to resume from (fields.offset). The chunk streams
 *   into storage at that offset with a byte counter: a byte past the announced size is a 413 '{file
 *   name} is too big!' and nothing of that chunk counts. Two requests with the same offset: the
 *   first to record its bytes wins, the other gets the 409. A full disk (ENOSPC, a quota) is a 507
 *   MESSAGES.storageFull and the whole upload is removed, its file too, so the space comes back.
 * - complete: every byte must have arrived (409 otherwise). The first bytes must agree with the
 *   declared type (a text file named .png is a 400 and is deleted). Images take the type their
 *   bytes announce, their size from the header, and a thumbnail (≤ 480 px wide) unless they are
 *   over 50 megapixels or 64 MB or cannot be decoded (then thumbnailUrl is null). Completing twice
 *   answers the same media.
 * - Reading: any member of the organization may read a READY file (posts are shared on the
 *   Plan); the routes add the headers.
 * - Cleanup: uploads with no chunk for 24 hours, and finished files no post has used for 7 days,
 *   are deleted with their files.
 */
export type MediaRow = typeof media.$inferSelect

export interface MediaFile {
  kind: MediaKind
  fileName: string
  contentType: string
  size: number
  open(range?: { start: number; end: number }): Promise<Readable>
}

export interface MediaService {
  readonly storage: MediaStorage
  start(session: OrganizationSession, input: { fileName: string; size: number; contentType: string }): Promise<{ uploadId: string; chunkSize: number }>
  appendChunk(session: OrganizationSession, input: { uploadId: string; offset: number }, source: Readable): Promise<{ received: number }>
  complete(session: OrganizationSession, input: { uploadId: string; altText: string }): Promise<PostMedia>
  update(session: OrganizationSession, input: { mediaId: string; altText: string }): Promise<PostMedia>
  /** A READY file of the organization (or its thumbnail); 404 otherwise. */
  file(organizationId: string, mediaId: string, which: 'file' | 'thumbnail'): Promise<MediaFile>
  /** Deletes stale uploads and unused files; answers how many media were removed. */
  cleanup(): Promise<number>
  /** cleanup() as a kind of the job runner (jobs/runner.ts): at start, then hourly. */
  readonly cleanupJob: JobKind
}

/** The media cleanup's name among the job runner's kinds. */
export const MEDIA_CLEANUP_JOB = 'media-cleanup'
export const UPLOAD_STALE_MS = DAY_MS
export const UNUSED_MEDIA_MS = 7 * DAY_MS
export const THUMBNAIL_MAX_PIXELS = 50_000_000
export const THUMBNAIL_SOURCE_MAX_BYTES = 64 * 1024 * 1024
const CLEANUP_BATCH = 500

/** The API path of a media file or its thumbnail. */
export function mediaUrl(path: typeof MEDIA_FILE_PATH | typeof MEDIA_THUMBNAIL_PATH, mediaId: string): string {
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

class TooBig extends Error {}
class ChunkCutAtLimit extends Error {}

/** 413 '{file name} is too big!' (spec §5), on the announced size or on the bytes sent past it. */
export const uploadTooBig = (fileName: string, field: 'size' | 'file') =>
  new ApiError(413, 'too_large', fileTooBigMessage(fileName), { [field]: fileTooBigMessage(fileName) })

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
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

export function createMediaService(deps: {
  db: Database
  clock: Clock
  storage: MediaStorage
  thumbnailer: Thumbnailer
  maxUploadBytes: number
}): MediaService {
  const { db, clock, storage, thumbnailer } = deps

  async function ownUpload(session: OrganizationSession, uploadId: string): Promise<MediaRow> {
    const [row] = isUuid(uploadId)
      ? await db
          .select()
          .from(media)
          .where(and(eq(media.id, uploadId), eq(media.organizationId, session.organization.id), eq(media.uploaderUserId, session.userId)))
      : []
    if (!row) throw notFound(MESSAGES.uploadNotFound)
    return row
  }

  async function discard(row: MediaRow): Promise<void> {
    await db.delete(media).where(eq(media.id, row.id))
    await storage.delete(row.storageKey)
    if (row.thumbnailKey) await storage.delete(row.thumbnailKey)
  }

  async function thumbnailFor(row: MediaRow, head: Buffer, imageType: NonNullable<ReturnType<typeof sniffMedia>>['imageType']) {
    const header = imageType ? imageDimensions(head, imageType) : null
    const result = { width: header?.width ?? null, height: header?.height ?? null, thumbnailKey: null as string | null }
    if (header && header.width * header.height > THUMBNAIL_MAX_PIXELS) return result
    if (row.size > THUMBNAIL_SOURCE_MAX_BYTES) return result
    const thumbnail = await thumbnailer.make(await readAll(await storage.openRead(row.storageKey), THUMBNAIL_SOURCE_MAX_BYTES))
    if (!thumbnail) return result
    const key = `${row.id}.thumb.${thumbnail.contentType === 'image/png' ? 'png' : 'jpg'}`
    await storage.append(key, 0, Readable.from([thumbnail.data]))
    return { width: thumbnail.width, height: thumbnail.height, thumbnailKey: key }
  }

  const service: MediaService = {
    storage,

    async start(session, input) {
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
    },

    async appendChunk(session, input, source) {
      let row: MediaRow
      try {
        row = await ownUpload(session, input.uploadId)
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
          await discard(row)
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
        const current = await ownUpload(session, row.id)
        throw conflict(mediaOffsetMismatchMessage(current.receivedBytes), { offset: String(current.receivedBytes) })
      }
      return { received }
    },

    async complete(session, input) {
      const row = await ownUpload(session, input.uploadId)
      if (row.status === 'READY') return toMediaView(row)
      if (row.receivedBytes !== row.size) {
        throw conflict(MESSAGES.uploadIncomplete(row.receivedBytes, row.size), { offset: String(row.receivedBytes) })
      }
      const stored = await storage.stat(row.storageKey)
      if (!stored || stored.size !== row.size) {
        await discard(row)
        throw notFound(MESSAGES.uploadNotFound)
      }
      const head = await readAll(await storage.openRead(row.storageKey, { start: 0, end: Math.min(row.size, MEDIA_HEAD_BYTES) - 1 }), MEDIA_HEAD_BYTES)
      const sniffed = sniffMedia(head)
      const contentType = agreedContentType(row.contentType, sniffed)
      if (!sniffed || !contentType) {
        await discard(row)
        throw badRequest(MESSAGES.mediaContentMismatch, { file: MESSAGES.mediaContentMismatch })
      }
      const image = row.kind === 'image' ? await thumbnailFor(row, head, sniffed.imageType) : { width: null, height: null, thumbnailKey: null }
      const [ready] = await db
        .update(media)
        .set({ status: 'READY', contentType, ...image, altText: input.altText, updatedAt: clock.now() })
        .where(and(eq(media.id, row.id), eq(media.status, 'UPLOADING')))
        .returning()
      if (ready) return toMediaView(ready)
      // Completed by a parallel request meanwhile (same bytes, same thumbnail key).
      return toMediaView(await ownUpload(session, row.id))
    },

    async update(session, input) {
      const [row] = isUuid(input.mediaId)
        ? await db
            .update(media)
            .set({ altText: input.altText, updatedAt: clock.now() })
            .where(
              and(
                eq(media.id, input.mediaId),
                eq(media.organizationId, session.organization.id),
                eq(media.uploaderUserId, session.userId),
                eq(media.status, 'READY')
              )
            )
            .returning()
        : []
      if (!row) throw notFound(MESSAGES.mediaNotFound)
      return toMediaView(row)
    },

    async file(organizationId, mediaId, which) {
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
    },

    async cleanup() {
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
    },

    cleanupJob: {
      name: MEDIA_CLEANUP_JOB,
      intervalMs: 60 * 60_000,
      async run() {
        await service.cleanup()
        return false
      }
    }
  }
  return service
}
