import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import type {} from '@fastify/multipart'
import { fileTooBigMessage, MESSAGES } from '../../shared/api/messages'
import { cleanFileNameText } from '../../shared/domain/text'
import { ApiError, badRequest } from '../errors'

/** Images a team may use: the declared content type and the file's first bytes must both say so. */
const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp'
} as const
export type ImageContentType = keyof typeof IMAGE_TYPES

/** The image type the first bytes of a file announce (PNG, JPEG, GIF, WebP), or null. */
export function sniffImageType(head: Uint8Array): ImageContentType | null {
  const b = Buffer.from(head)
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif'
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp'
  return null
}

function imageExtension(type: ImageContentType): string {
  return IMAGE_TYPES[type]
}

export interface UploadedImage {
  /** Where the upload waits under <uploads>/tmp until it is kept (moveInto) or dropped (discard). */
  tempPath: string
  /** The client's file name without any folder part. */
  fileName: string
  contentType: ImageContentType
  size: number
}

interface MultipartForm {
  fields: Record<string, string>
  image: UploadedImage | null
}

class TooBig extends Error {}

/**
 * Reads a multipart/form-data request: text fields into a record, the one file part `fileField`
 * streamed to a temporary file with a byte counter (never buffered whole). A file over `maxBytes`
 * is a 413 '{file name} is too big!'; a file that is not one of `types` (default PNG, JPEG, GIF or
 * WebP; by its content type and by its first bytes) is a 400 `notImage`. Other file parts are refused.
 */
export async function readImageForm(
  request: FastifyRequest,
  options: { uploadsDir: string; maxBytes: number; fileField: string; types?: readonly ImageContentType[]; notImage?: string }
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'Send this form as multipart/form-data.')
  const types: readonly string[] = options.types ?? Object.keys(IMAGE_TYPES)
  const notImage = options.notImage ?? MESSAGES.teamImageNotImage
  const tmpDir = join(options.uploadsDir, 'tmp')
  const fields: Record<string, string> = {}
  let image: UploadedImage | null = null
  const cleanup = async () => {
    if (image) await rm(image.tempPath, { force: true })
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw badRequest(`The field ${part.fieldname} must be text.`)
        fields[part.fieldname] = part.value
        continue
      }
      const fileName = cleanFileNameText(String(part.filename ?? ''))
      if (part.fieldname !== options.fileField) {
        part.file.resume()
        throw badRequest(`Unexpected file field ${part.fieldname}.`)
      }
      if (image) {
        part.file.resume()
        throw badRequest('Send one image only.', { [options.fileField]: 'Send one image only.' })
      }
      if (!types.includes(part.mimetype)) {
        part.file.resume()
        // A browser sends an empty file part when no file was chosen.
        if (fileName === '') continue
        throw badRequest(notImage, { [options.fileField]: notImage })
      }
      await mkdir(tmpDir, { recursive: true })
      const tempPath = join(tmpDir, `${randomUUID()}.part`)
      let size = 0
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length
          if (size > options.maxBytes) callback(new TooBig())
          else callback(null, chunk)
        }
      })
      try {
        await pipeline(part.file, counter, createWriteStream(tempPath))
      } catch (err) {
        await rm(tempPath, { force: true })
        const code = (err as { code?: string }).code
        if (err instanceof TooBig || code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
          throw new ApiError(413, 'too_large', fileTooBigMessage(fileName || 'The file'), { [options.fileField]: fileTooBigMessage(fileName || 'The file') })
        }
        throw err
      }
      if (part.file.truncated) {
        await rm(tempPath, { force: true })
        throw new ApiError(413, 'too_large', fileTooBigMessage(fileName || 'The file'), { [options.fileField]: fileTooBigMessage(fileName || 'The file') })
      }
      const sniffed = await sniffFile(tempPath)
      if (size === 0 || sniffed === null || sniffed !== part.mimetype) {
        await rm(tempPath, { force: true })
        throw badRequest(notImage, { [options.fileField]: notImage })
      }
      image = { tempPath, fileName: fileName || `image.${IMAGE_TYPES[sniffed]}`, contentType: sniffed, size }
    }
  } catch (err) {
    await cleanup()
    throw formReadError(err)
  }
  return { fields, image }
}

const FORM_UNREADABLE = 'The form could not be read (malformed or incomplete multipart/form-data).'
/** What the multipart parser (busboy) throws at a body it cannot read: no or an oversized boundary, a body cut short. */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot)/

/**
 * A multipart read failure as the client's error where it is one (DESIGN.md §3: bad input is a
 * 400, never a 500): too many parts, a form that is not multipart, or one the parser cannot read.
 * Anything else (a full disk) is returned as it is.
 */
export function formReadError(err: unknown): unknown {
  if (err instanceof ApiError) return err
  const code = (err as { code?: string }).code
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('The form has too many parts.')
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE' || code === 'FST_MP_PREMATURE_CLOSE') {
    return badRequest(FORM_UNREADABLE)
  }
  if (err instanceof Error && MALFORMED_MULTIPART.test(err.message)) return badRequest(FORM_UNREADABLE)
  return err
}

async function sniffFile(path: string): Promise<ImageContentType | null> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(16)
    const { bytesRead } = await handle.read(head, 0, 16, 0)
    return sniffImageType(head.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}

/** Keeps an upload: moves it to `<dir>/<uuid>.<ext>` and returns the file name. */
export async function moveInto(image: UploadedImage, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const name = `${randomUUID()}.${imageExtension(image.contentType)}`
  await rename(image.tempPath, join(dir, name))
  return name
}

export async function discard(image: UploadedImage | null): Promise<void> {
  if (image) await rm(image.tempPath, { force: true })
}
