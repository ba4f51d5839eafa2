import { MEDIA_TYPES } from '../../shared/constants'
import { sniffImageType, type ImageContentType } from './uploads'

/**
 * What a media file really is, from its first bytes. The declared content type of an upload must
 * agree with them (a text file named .png, or a PDF sent as video/mp4, is refused).
 */
type MediaFamily = 'image' | 'isobmff' | 'ebml' | 'pdf' | 'ooxml' | 'ole'

interface SniffedMedia {
  family: MediaFamily
  /** Images: the exact type the bytes announce (it replaces the declared one). */
  imageType: ImageContentType | null
}

/** How many leading bytes sniffMedia and imageDimensions look at (JPEG metadata may come first). */
export const MEDIA_HEAD_BYTES = 256 * 1024

/** ISO BMFF brands that are still images (HEIF/AVIF), not videos. */
const STILL_IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'mif1', 'msf1', 'avif', 'avis'])

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

export function sniffMedia(head: Buffer): SniffedMedia | null {
  const imageType = sniffImageType(head)
  if (imageType) return { family: 'image', imageType }
  const latin = (start: number, end: number) => head.subarray(start, end).toString('latin1')
  if (head.length >= 12 && latin(4, 8) === 'ftyp') {
    return STILL_IMAGE_BRANDS.has(latin(8, 12)) ? null : { family: 'isobmff', imageType: null }
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { family: 'ebml', imageType: null }
  if (latin(0, 5) === '%PDF-') return { family: 'pdf', imageType: null }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return { family: 'ooxml', imageType: null }
  if (head.length >= 8 && head.subarray(0, 8).equals(OLE)) return { family: 'ole', imageType: null }
  return null
}

const FAMILY_OF: Record<string, MediaFamily> = {
  'video/mp4': 'isobmff',
  'video/quicktime': 'isobmff',
  'video/webm': 'ebml',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'ooxml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'ooxml',
  'application/vnd.ms-powerpoint': 'ole',
  'application/msword': 'ole'
}
for (const type of MEDIA_TYPES.image) FAMILY_OF[type] = 'image'

/**
 * The content type to keep for a file declared as `declared` (one of MEDIA_TYPES) whose bytes
 * were sniffed as `sniffed`, or null when they disagree. Images keep the sniffed type (a JPEG
 * named .png is served as the JPEG it is).
 */
export function agreedContentType(declared: string, sniffed: SniffedMedia | null): string | null {
  if (!sniffed) return null
  const type = declared.toLowerCase().split(';')[0]!.trim()
  if (FAMILY_OF[type] !== sniffed.family) return null
  return sniffed.imageType ?? type
}

/** Width and height in pixels from an image's header (no decoding), or null when not found in `head`. */
export function imageDimensions(head: Buffer, type: ImageContentType): { width: number; height: number } | null {
  const ok = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null)
  switch (type) {
    case 'image/png':
      return head.length >= 24 ? ok(head.readUInt32BE(16), head.readUInt32BE(20)) : null
    case 'image/gif':
      return head.length >= 10 ? ok(head.readUInt16LE(6), head.readUInt16LE(8)) : null
    case 'image/webp':
      return webpDimensions(head)
    case 'image/jpeg':
      return jpegDimensions(head)
  }
}

function webpDimensions(head: Buffer): { width: number; height: number } | null {
  if (head.length < 30) return null
  const chunk = head.subarray(12, 16).toString('latin1')
  if (chunk === 'VP8 ') return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 }
  return null
}

/** Walks the JPEG segments to the first start-of-frame marker. */
function jpegDimensions(head: Buffer): { width: number; height: number } | null {
  let i = 2
  while (i + 9 < head.length) {
    if (head[i] !== 0xff) return null
    const marker = head[i + 1]!
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    // Markers without a length: TEM, RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      const height = head.readUInt16BE(i + 5)
      const width = head.readUInt16BE(i + 7)
      return width > 0 && height > 0 ? { width, height } : null
    }
    i += 2 + head.readUInt16BE(i + 2)
  }
  return null
}
