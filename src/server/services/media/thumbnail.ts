import { Readable } from 'node:stream'
import { imageDimensions, type sniffMedia } from '../mediaTypes'
import type { MediaRow } from './mediaView'
import type { MediaDeps } from './types'
import { readAll } from './uploads'

/* An image's size from its header and its thumbnail, within the limits (docs/architecture.md, "Writing and publishing"). */

const THUMBNAIL_MAX_PIXELS = 50_000_000
const THUMBNAIL_SOURCE_MAX_BYTES = 64 * 1024 * 1024

export async function thumbnailFor(
  deps: Pick<MediaDeps, 'storage' | 'thumbnailer'>,
  row: MediaRow,
  head: Buffer,
  imageType: NonNullable<ReturnType<typeof sniffMedia>>['imageType']
) {
  const { storage, thumbnailer } = deps
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
