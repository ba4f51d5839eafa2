import { Jimp } from 'jimp'
import { describe, expect, it } from 'vitest'
import { encodePng } from '../testing/images'
import { createThumbnailer } from './thumbnails'

describe('thumbnailer', () => {
  const thumbnailer = createThumbnailer()

  it('shrinks an opaque image to a 480 px wide JPEG and reports the source size', async () => {
    const thumb = await thumbnailer.make(encodePng(1200, 600, (x) => [x % 256, 80, 200, 255]))
    expect(thumb).toMatchObject({ contentType: 'image/jpeg', width: 1200, height: 600 })
    const decoded = await Jimp.read(thumb!.data)
    expect([decoded.bitmap.width, decoded.bitmap.height]).toEqual([480, 240])
  })

  it('keeps transparency as PNG and does not enlarge small images', async () => {
    const thumb = await thumbnailer.make(encodePng(100, 50, (x) => [255, 0, 0, x < 50 ? 0 : 255]))
    expect(thumb?.contentType).toBe('image/png')
    const decoded = await Jimp.read(thumb!.data)
    expect([decoded.bitmap.width, decoded.bitmap.height]).toEqual([100, 50])
    expect(decoded.bitmap.data[3]).toBe(0)
  })

  it('answers null for bytes it cannot decode, and keeps working afterwards', async () => {
    const logged: string[] = []
    const logging = createThumbnailer({ log: (m) => logged.push(m) })
    expect(await logging.make(Buffer.from('RIFF\0\0\0\0WEBPVP8 garbage'))).toBeNull()
    expect(logged).toHaveLength(1)
    expect(await logging.make(encodePng(10, 10))).not.toBeNull()
  })

  it('gives up on an image that takes too long', async () => {
    const impatient = createThumbnailer({ timeoutMs: 1 })
    expect(await impatient.make(encodePng(2000, 2000))).toBeNull()
  })
})
