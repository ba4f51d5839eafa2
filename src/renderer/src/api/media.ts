import { useCallback } from 'react'
import { useMutation } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { MESSAGES, fileTooBigMessage, mediaOffsetFromMessage } from '@shared/api/messages'
import type { MediaKind, PostMedia } from '@shared/domain/entities'
import type { HostBridge } from '@shared/host'
import { mediaKindOf } from '@shared/rules/posts'
import { useHost } from '@renderer/host/HostContext'
import { isTooBig } from '@renderer/lib/files'
import { ApiError, callApi, callMultipartApi, isApiError, useCallApi } from './client'

/** How often one chunk is sent again after a failure before the upload gives up. */
export const CHUNK_RETRIES = 3
const RETRY_DELAY_MS = 500

/**
 * The upload was refused before or while sending, and the user has already been told with an
 * alert (too big, a type Pagecrew does not take): nothing more to show.
 */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UploadRefused'
  }
}

export function isUploadCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

interface UploadOptions {
  /** After the start and after every chunk: bytes the server holds, of the file's size. */
  onProgress?: (sentBytes: number, totalBytes: number) => void
  /** Stops sending; the server discards uploads that never complete. */
  signal?: AbortSignal
  /** First wait before a failed chunk is sent again; doubles each time. */
  retryDelayMs?: number
}

/**
 * Some systems hand over documents and videos without a type (an empty File.type); the extension
 * then says what the file claims to be, and the server checks the bytes anyway.
 */
const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
}

export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : ''
  return TYPES_BY_EXTENSION[extension] ?? ''
}

/** The kind a chosen file would be uploaded as, or null when Pagecrew does not take its type. */
export function mediaKindOfFile(file: Pick<File, 'name' | 'type'>): MediaKind | null {
  return mediaKindOf(contentTypeOf(file))
}

function cancelled(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError')
}

/** The promise, or a rejection as soon as the signal aborts (a request in flight cannot be recalled, only ignored). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(cancelled())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      }
    )
  })
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return unlessAborted(new Promise<void>((resolve) => setTimeout(resolve, ms)), signal)
}

/**
 * Failures worth sending the same chunk again for: no answer, the server's own trouble, throttling.
 * Not a full disk (507): the server dropped that upload, and only room made later helps.
 */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 408 || error.status === 429 || (error.status >= 500 && error.status !== 507))
}

/**
 * Whether sending a failed upload again (from the start, as Retry does) can succeed: no answer, a
 * timeout, throttling or the server's own trouble, or an upload the server lost or fell out of
 * step with (a new one starts). The file itself refused (its contents do not match its type, too
 * big, a type Pagecrew does not take, empty) or the request refused (no permission) fails again
 * the same way; so does a file that can no longer be read from disk.
 */
export function canRetryUpload(error: unknown): boolean {
  if (isApiError(error)) return isTransient(error) || error.status === 404 || error.status === 409 || error.status === 507
  return !(error instanceof DOMException)
}

/** Where a 409 says the upload continues: its offset field, else the number in its message. */
function resumeOffsetOf(error: ApiError): number | null {
  const field = error.fields.offset
  if (field !== undefined && /^\d+$/.test(field)) return Number(field)
  return mediaOffsetFromMessage(error.message)
}

function refuseTooBig(fileName: string): never {
  const message = fileTooBigMessage(fileName)
  window.alert(message)
  throw new UploadRefused(message)
}

/**
 * Uploads one file as post media (issue 6): start, then chunks of the server's size sent one at a
 * time (each read from the file on its own, so the whole file is never in memory), then complete.
 * Files over 200 MB and types Pagecrew does not take are refused with an alert and no request
 * (spec §5). A chunk that fails for a transient reason is sent again up to CHUNK_RETRIES times
 * with a growing wait; a 409 says where the server's copy ends and the upload continues there.
 */
export async function uploadMedia(host: HostBridge, file: File, options: UploadOptions = {}): Promise<PostMedia> {
  const { onProgress, signal, retryDelayMs = RETRY_DELAY_MS } = options
  if (isTooBig(file)) refuseTooBig(file.name)
  const contentType = contentTypeOf(file)
  if (mediaKindOf(contentType) === null) {
    window.alert(MESSAGES.mediaTypeUnsupported)
    throw new UploadRefused(MESSAGES.mediaTypeUnsupported)
  }
  if (signal?.aborted) throw cancelled()

  const total = file.size
  let started
  try {
    started = await unlessAborted(callApi(host, endpoints.startMediaUpload, { body: { fileName: file.name, size: total, contentType } }), signal)
  } catch (error) {
    if (isApiError(error, 413)) refuseTooBig(file.name)
    throw error
  }
  const { uploadId, chunkSize } = started
  onProgress?.(0, total)

  let offset = 0
  let failures = 0
  while (offset < total) {
    const data = new Uint8Array(await unlessAborted(file.slice(offset, offset + chunkSize).arrayBuffer(), signal))
    try {
      const { received } = await unlessAborted(
        callMultipartApi(host, endpoints.uploadMediaChunk, {
          fields: { uploadId, offset: String(offset) },
          file: { fileName: file.name || 'upload', contentType: contentType || 'application/octet-stream', data }
        }),
        signal
      )
      if (received <= offset || received > total) throw new Error(`The server reports ${received} bytes after a chunk at ${offset}.`)
      offset = received
      failures = 0
      onProgress?.(offset, total)
    } catch (error) {
      if (isUploadCancelled(error)) throw error
      if (isApiError(error, 413)) refuseTooBig(file.name)
      failures += 1
      if (failures > CHUNK_RETRIES) throw error
      const resumeAt = isApiError(error, 409) ? resumeOffsetOf(error) : null
      if (resumeAt !== null && resumeAt <= total) {
        offset = resumeAt
        onProgress?.(offset, total)
      } else if (isTransient(error)) {
        await wait(retryDelayMs * 2 ** (failures - 1), signal)
      } else {
        throw error
      }
    }
  }

  return unlessAborted(callApi(host, endpoints.completeMediaUpload, { body: { uploadId } }), signal)
}

/** uploadMedia bound to the HostBridge in context. */
export function useUploadMedia() {
  const host = useHost()
  return useCallback((file: File, options?: UploadOptions) => uploadMedia(host, file, options), [host])
}

/** PUT /posts/media/update: an image's alt text. */
export function useUpdateMedia() {
  const callApi = useCallApi()
  return useMutation({ mutationFn: (body: { mediaId: string; altText: string }) => callApi(endpoints.updateMedia, { body }) })
}
