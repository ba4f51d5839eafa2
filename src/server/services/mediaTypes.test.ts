import { describe, expect, it } from 'vitest'
import { encodePng } from '../testing/images'
import { agreedContentType, imageDimensions, sniffMedia } from './mediaTypes'

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))

describe('sniffMedia and agreedContentType', () => {
  const cases: Array<[string, Buffer, string, string | null]> = [
    ['png as png', encodePng(2, 2), 'image/png', 'image/png'],
    ['png declared as jpeg keeps the real type', encodePng(2, 2), 'image/jpeg', 'image/png'],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]), 'video/mp4', 'video/mp4'],
    ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]), 'video/quicktime', 'video/quicktime'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), 'video/webm', 'video/webm'],
    ['pdf', bytes('%PDF-1.7\n'), 'application/pdf', 'application/pdf'],
    ['pptx', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['legacy doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/msword', 'application/msword'],
    ['text named png', bytes('hello, this is not an image'), 'image/png', null],
    ['pdf sent as a video', bytes('%PDF-1.4'), 'video/mp4', null],
    ['mp4 sent as an image', bytes([0, 0, 0, 0x20], 'ftypisom'), 'image/png', null],
    ['a zip sent as a pdf', bytes([0x50, 0x4b, 0x03, 0x04]), 'application/pdf', null],
    ['HEIC photo sent as mp4', bytes([0, 0, 0, 0x18], 'ftypheic'), 'video/mp4', null]
  ]
  it.each(cases)('%s', (_name, head, declared, expected) => {
    expect(agreedContentType(declared, sniffMedia(head))).toBe(expected)
  })
})

describe('imageDimensions', () => {
  it('reads PNG, GIF and WebP headers', () => {
    expect(imageDimensions(encodePng(640, 360), 'image/png')).toEqual({ width: 640, height: 360 })
    expect(imageDimensions(bytes('GIF89a', [0x20, 0x03, 0x58, 0x02], [0, 0, 0]), 'image/gif')).toEqual({ width: 800, height: 600 })
    const vp8x = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0], [0, 0, 0, 0], [0x7f, 0x07, 0x00], [0x37, 0x04, 0x00], [0, 0])
    expect(imageDimensions(vp8x, 'image/webp')).toEqual({ width: 1920, height: 1080 })
  })

  it('walks JPEG segments (EXIF first) to the frame header', () => {
    const app1 = bytes([0xff, 0xe1, 0x00, 0x10], 'Exif\0\0', new Array(8).fill(0))
    const sof0 = bytes([0xff, 0xc0, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x0f, 0xa0, 0x03], new Array(9).fill(0))
    const jpeg = bytes([0xff, 0xd8], [...app1], [...sof0])
    expect(imageDimensions(jpeg, 'image/jpeg')).toEqual({ width: 4000, height: 3000 })
    expect(imageDimensions(bytes([0xff, 0xd8, 0xff, 0xe1, 0x7f, 0xff]), 'image/jpeg')).toBeNull()
  })
})
