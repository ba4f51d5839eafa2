import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { MESSAGES } from '../../shared/api/messages'
import { PHOTO_MAX_SIDE, PHOTO_MIN_SIDE } from '../../shared/constants'
import { afterRequestCommit } from '../db/requestTransaction'
import { badRequest } from '../errors'
import { imageDimensions, MEDIA_HEAD_BYTES } from './mediaTypes'
import type { UploadedImage } from './uploads'

/** Profile photos live in <uploads>/users, one file per user (users.photo_file). */
export function userPhotosDir(uploadsDir: string): string {
  return join(uploadsDir, 'users')
}

/**
 * Removes photo files whose rows are gone or point elsewhere: once the request's transaction has
 * committed (a rolled-back delete keeps its file). A file already gone is fine.
 */
export async function removeUserPhotoFiles(uploadsDir: string, files: readonly (string | null | undefined)[]): Promise<void> {
  const names = files.filter((f): f is string => typeof f === 'string' && f !== '')
  if (names.length === 0) return
  await afterRequestCommit(async () => {
    for (const name of names) await rm(join(userPhotosDir(uploadsDir), name), { force: true }).catch(() => undefined)
  })
}

/**
 * A photo must be square and 64 to 2048 pixels a side, read from its header: a 400 with the reason
 * otherwise (an image whose header gives no size is unreadable).
 */
export async function checkPhotoDimensions(image: UploadedImage, field: string): Promise<void> {
  const handle = await open(image.tempPath, 'r')
  let head: Buffer
  try {
    const buffer = Buffer.alloc(Math.min(MEDIA_HEAD_BYTES, image.size))
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    head = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  const size = imageDimensions(head, image.contentType)
  const problem = !size
    ? MESSAGES.photoUnreadable
    : size.width !== size.height
      ? MESSAGES.photoNotSquare
      : size.width < PHOTO_MIN_SIDE
        ? MESSAGES.photoTooSmall
        : size.width > PHOTO_MAX_SIDE
          ? MESSAGES.photoTooLarge
          : null
  if (problem) throw badRequest(problem, { [field]: problem })
}
