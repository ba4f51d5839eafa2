import type { Readable } from 'node:stream'
import { z } from 'zod'
import type { PublishMedia } from '../linkedin'
import { LinkedInUploadError, TokenExpiredError } from '../linkedin'
import { expectOk, json, type RestContext } from './http'

/**
 * Image, document and video uploads. Files stream from storage to LinkedIn (never read whole into
 * memory); videos go up in the byte ranges LinkedIn hands out. A failed upload is a
 * LinkedInUploadError: the post was not created yet.
 */

const VIDEO_POLL_TRIES = 60

const singleUploadSchemas = {
  image: z.object({ value: z.object({ uploadUrl: z.string().min(1), image: z.string().min(1) }) }).transform((a) => ({ uploadUrl: a.value.uploadUrl, urn: a.value.image })),
  document: z
    .object({ value: z.object({ uploadUrl: z.string().min(1), document: z.string().min(1) }) })
    .transform((a) => ({ uploadUrl: a.value.uploadUrl, urn: a.value.document }))
}
const videoUploadSchema = z.object({
  value: z.object({
    video: z.string().min(1),
    uploadToken: z.string(),
    uploadInstructions: z.array(z.object({ uploadUrl: z.string().min(1), firstByte: z.number().int(), lastByte: z.number().int() })).min(1)
  })
})
const videoStatusSchema = z.object({ status: z.string() })

/** Anything going wrong before the post is created leaves nothing published. */
async function beforePost<T>(fileName: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (err) {
    if (err instanceof TokenExpiredError || err instanceof LinkedInUploadError) throw err
    throw new LinkedInUploadError(`LinkedIn did not take ${fileName}: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/**
 * Reads a file stream in consecutive byte ranges (video parts), each of exactly the length asked;
 * a file shorter or longer than its recorded size is an upload error, never a silent truncation.
 */
function byteRanges(source: Readable, fileName: string) {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>
  let rest: Buffer | null = null
  return {
    async *take(length: number): AsyncGenerator<Buffer> {
      let left = length
      while (left > 0) {
        let chunk = rest
        rest = null
        if (!chunk) {
          const next = await iterator.next()
          if (next.done) throw new LinkedInUploadError(`${fileName} is shorter than its recorded size`)
          chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)
        }
        if (chunk.length > left) {
          rest = chunk.subarray(left)
          chunk = chunk.subarray(0, left)
        }
        left -= chunk.length
        yield chunk
      }
    },
    async end(): Promise<void> {
      const extra = rest && rest.length > 0 ? true : !(await iterator.next()).done
      source.destroy()
      if (extra) throw new LinkedInUploadError(`${fileName} is longer than its recorded size`)
    },
    close(): void {
      source.destroy()
    }
  }
}

export async function uploadSingle({ rest, put }: RestContext, kind: 'image' | 'document', media: PublishMedia, owner: string, token: string): Promise<string> {
  return beforePost(media.fileName, async () => {
    const init = expectOk(await rest('POST', `/rest/${kind}s?action=initializeUpload`, token, { initializeUploadRequest: { owner } }), `${kind} upload`)
    const value = json(init, singleUploadSchemas[kind], `${kind} upload`)
    const file = byteRanges(await media.open(), media.fileName)
    try {
      expectOk(await put(value.uploadUrl, media.size, file.take(media.size), token), `the upload of ${media.fileName}`)
      await file.end()
    } finally {
      file.close()
    }
    return value.urn
  })
}

export async function uploadVideo({ rest, put, videoPollMs }: RestContext, media: PublishMedia, owner: string, token: string): Promise<string> {
  return beforePost(media.fileName, async () => {
    const init = expectOk(
      await rest('POST', '/rest/videos?action=initializeUpload', token, {
        initializeUploadRequest: { owner, fileSizeBytes: media.size, uploadCaptions: false, uploadThumbnail: false }
      }),
      'video upload'
    )
    const { value } = json(init, videoUploadSchema, 'video upload')
    const parts = [...value.uploadInstructions].sort((a, b) => a.firstByte - b.firstByte)
    let expected = 0
    for (const part of parts) {
      if (part.firstByte !== expected || part.lastByte < part.firstByte) throw new Error('LinkedIn handed out byte ranges that do not cover the video')
      expected = part.lastByte + 1
    }
    if (expected !== media.size) throw new Error('LinkedIn handed out byte ranges that do not cover the video')
    const file = byteRanges(await media.open(), media.fileName)
    const etags: string[] = []
    try {
      for (const part of parts) {
        const length = part.lastByte - part.firstByte + 1
        const answer = expectOk(await put(part.uploadUrl, length, file.take(length), null), `a part of ${media.fileName}`)
        const etag = answer.headers.etag
        if (typeof etag !== 'string' || !etag) throw new Error(`LinkedIn gave no ETag for a part of ${media.fileName}`)
        etags.push(etag)
      }
      await file.end()
    } finally {
      file.close()
    }
    expectOk(
      await rest('POST', '/rest/videos?action=finalizeUpload', token, {
        finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken, uploadedPartIds: etags }
      }),
      'finishing the video upload'
    )
    // A post may only use the video once LinkedIn has processed it.
    for (let i = 0; i < VIDEO_POLL_TRIES; i++) {
      const status = json(expectOk(await rest('GET', `/rest/videos/${encodeURIComponent(value.video)}`, token), 'the video status'), videoStatusSchema, 'the video status')
      if (status.status === 'AVAILABLE') return value.video
      if (status.status === 'PROCESSING_FAILED') throw new Error(`LinkedIn could not process ${media.fileName}`)
      await new Promise((r) => setTimeout(r, videoPollMs))
    }
    throw new Error(`LinkedIn is still processing ${media.fileName}`)
  })
}
