import { fileTooBigMessage, MESSAGES } from '@shared/api/messages'
import { MAX_PHOTO_BYTES, PHOTO_MIN_SIDE, PHOTO_TYPES, PHOTO_UPLOAD_SIDE } from '@shared/constants'
import type { UploadFile } from '@renderer/api/client'
import { cropRect, hasTransparency, photoFileName, type Crop, type ImageSize } from './photoCrop'

/** A file that cannot be the photo, with the message to show (the server's texts). */
export class PhotoProblem extends Error {}

/** A chosen file, decoded: the crop dialog shows `url` and draws `image`. */
export interface ChosenPhoto {
  file: File
  image: HTMLImageElement
  /** An object URL, revoked when the dialog closes. */
  url: string
  size: ImageSize
}

/**
 * The largest file the app opens to crop: a phone or camera photo. Only the 512-pixel crop is sent
 * (at most MAX_PHOTO_BYTES), so the chosen file may be far larger than what the server keeps.
 */
export const PHOTO_SOURCE_MAX_BYTES = 25 * 1024 * 1024

/** Why a file cannot be a photo (the server's texts), or null: checked before anything is decoded or sent. */
export function photoFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return MESSAGES.photoNotImage
  if (file.size > PHOTO_SOURCE_MAX_BYTES) return fileTooBigMessage(file.name)
  return null
}

/** Decodes a chosen file; rejects with the message to show when it is no image the browser can read, or too small. */
export async function decodePhoto(file: File): Promise<ChosenPhoto> {
  const url = URL.createObjectURL(file)
  const image = new Image()
  image.src = url
  try {
    await image.decode()
  } catch {
    URL.revokeObjectURL(url)
    throw new PhotoProblem(MESSAGES.photoUnreadable)
  }
  const size = { width: image.naturalWidth, height: image.naturalHeight }
  const problem = size.width === 0 || size.height === 0 ? MESSAGES.photoUnreadable : Math.min(size.width, size.height) < PHOTO_MIN_SIDE ? MESSAGES.photoTooSmall : null
  if (problem) {
    URL.revokeObjectURL(url)
    throw new PhotoProblem(problem)
  }
  return { file, image, url, size }
}

/**
 * Draws the crop at 512 × 512 and encodes it: JPEG at quality 0.9, or PNG when the source has
 * transparent pixels there (JPEG would turn them black). Refused like the server would, before it
 * is sent, should it come out over 2 MB.
 */
export async function encodeCroppedPhoto(photo: ChosenPhoto, crop: Crop): Promise<UploadFile> {
  const canvas = document.createElement('canvas')
  canvas.width = PHOTO_UPLOAD_SIDE
  canvas.height = PHOTO_UPLOAD_SIDE
  const context = canvas.getContext('2d')
  if (!context) throw new PhotoProblem(MESSAGES.photoUnreadable)
  context.imageSmoothingQuality = 'high'
  const { x, y, side } = cropRect(photo.size, crop)
  context.drawImage(photo.image, x, y, side, side, 0, 0, PHOTO_UPLOAD_SIDE, PHOTO_UPLOAD_SIDE)
  // Only PNG and WebP can hold transparency.
  const mayBeTransparent = photo.file.type !== 'image/jpeg'
  const type = mayBeTransparent && hasTransparency(context.getImageData(0, 0, PHOTO_UPLOAD_SIDE, PHOTO_UPLOAD_SIDE).data) ? 'image/png' : 'image/jpeg'
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9))
  if (!blob) throw new PhotoProblem(MESSAGES.photoUnreadable)
  // A browser that cannot write the type asked for writes PNG.
  const contentType = blob.type === 'image/png' ? 'image/png' : 'image/jpeg'
  const fileName = photoFileName(photo.file.name, contentType)
  if (blob.size > MAX_PHOTO_BYTES) throw new PhotoProblem(fileTooBigMessage(fileName))
  return { fileName, contentType, data: new Uint8Array(await blob.arrayBuffer()) }
}
