import { z } from 'zod'
import { MAX_UPLOAD_BYTES, MEDIA_ALT_TEXT_MAX } from '../../constants'
import { postMediaSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { fileTooBigMessage } from '../messages'
import { endpoint, none } from './base'
import { idSchema } from './common'

/* A post's media (issue 6): uploaded in chunks, served from MEDIA_FILE_PATH and MEDIA_THUMBNAIL_PATH. */

export const mediaStartBodySchema = z
  .object({
    fileName: singleLineText().trim().min(1, 'The file needs a name.').max(255),
    size: z.number().int().nonnegative(),
    contentType: singleLineText().trim().max(255)
  })
  .superRefine((v, ctx) => {
    if (v.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', path: ['size'], message: fileTooBigMessage(v.fileName) })
  })
export const MEDIA_CHUNK_FIELD = 'chunk'
export const MEDIA_FILE_PATH = '/posts/media/:mediaId/file'
export const MEDIA_THUMBNAIL_PATH = '/posts/media/:mediaId/thumbnail'

export const mediaEndpoints = {
  /** Media upload, in chunks (progress; nothing buffered whole): start (size checked: 413 '{file name} is too big!'), chunks in order, complete. */
  startMediaUpload: endpoint({
    method: 'POST',
    path: '/posts/media/start',
    query: none,
    body: mediaStartBodySchema,
    response: z.object({ uploadId: z.string(), chunkSize: z.number().int().positive() })
  }),
  /**
   * One chunk: multipart fields uploadId and offset (bytes received so far), file part 'chunk'. An
   * offset other than the bytes received: 409 with mediaOffsetMismatchMessage(received), from which
   * the client resumes (mediaOffsetFromMessage).
   */
  uploadMediaChunk: endpoint({
    method: 'POST',
    path: '/posts/media/chunk',
    query: none,
    body: z.object({ uploadId: idSchema, offset: z.coerce.number().int().nonnegative() }),
    response: z.object({ received: z.number().int().nonnegative() }),
    multipart: { fileField: MEDIA_CHUNK_FIELD }
  }),
  /** All bytes arrived: the type is checked from the file itself, images get a thumbnail. */
  completeMediaUpload: endpoint({
    method: 'POST',
    path: '/posts/media/complete',
    query: none,
    body: z.object({ uploadId: idSchema, altText: multiLineText().trim().max(MEDIA_ALT_TEXT_MAX).default('') }),
    response: postMediaSchema
  }),
  updateMedia: endpoint({
    method: 'PUT',
    path: '/posts/media/update',
    query: none,
    body: z.object({ mediaId: idSchema, altText: multiLineText().trim().max(MEDIA_ALT_TEXT_MAX) }),
    response: postMediaSchema
  })
} as const
