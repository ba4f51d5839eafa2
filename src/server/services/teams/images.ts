import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { moveInto, type UploadedImage } from '../uploads'

/* Team images under uploads/teams (docs/architecture.md, "Organizations and members"). */

export const teamImagesDir = (uploadsDir: string) => join(uploadsDir, 'teams')

/** Keeps an upload under uploads/teams; returns the columns to store, or null when there is none. */
export async function storeImage(imagesDir: string, image: UploadedImage | null) {
  if (!image) return null
  const file = await moveInto(image, imagesDir)
  return { imageFile: file, imageName: image.fileName, imageContentType: image.contentType, imageVersion: randomBytes(4).toString('hex') }
}

export const removeFile = async (imagesDir: string, file: string | null | undefined) => {
  if (file) await rm(join(imagesDir, file), { force: true })
}
