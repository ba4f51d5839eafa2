import { describe, expect, it } from 'vitest'
import { clampCrop, cropRect, hasTransparency, imageBox, initialCrop, keyPan, MAX_ZOOM, panCrop, photoFileName, zoomCrop } from './photoCrop'

const LANDSCAPE = { width: 1200, height: 800 }
const PORTRAIT = { width: 600, height: 900 }

describe('the photo crop', () => {
  it('starts with the largest centred square: the shorter side, the middle of the longer one', () => {
    expect(cropRect(LANDSCAPE, initialCrop(LANDSCAPE))).toEqual({ x: 200, y: 0, side: 800 })
    expect(cropRect(PORTRAIT, initialCrop(PORTRAIT))).toEqual({ x: 0, y: 150, side: 600 })
    expect(cropRect({ width: 64, height: 64 }, initialCrop({ width: 64, height: 64 }))).toEqual({ x: 0, y: 0, side: 64 })
  })

  it('zooms about the centre: zoom 2 is half the side around the same middle, and zoom stays within 1 to 4', () => {
    const zoomed = zoomCrop(LANDSCAPE, initialCrop(LANDSCAPE), 2)
    expect(cropRect(LANDSCAPE, zoomed)).toEqual({ x: 400, y: 200, side: 400 })
    expect(zoomCrop(LANDSCAPE, zoomed, 10).zoom).toBe(MAX_ZOOM)
    expect(cropRect(LANDSCAPE, zoomCrop(LANDSCAPE, zoomed, 10)).side).toBe(200)
    expect(zoomCrop(LANDSCAPE, zoomed, 0.2).zoom).toBe(1)
  })

  it('pans by the frame’s scale, the picture following the pointer, and never past the image’s edge', () => {
    // Zoom 2 on 1200 × 800: a 400 px square shown in a 200 px frame, so 1 frame pixel is 2 source pixels.
    const zoomed = zoomCrop(LANDSCAPE, initialCrop(LANDSCAPE), 2)
    // Dragging the picture 50 px right shows what was left of it: the crop moves 100 source px left.
    expect(cropRect(LANDSCAPE, panCrop(LANDSCAPE, zoomed, 50, 0, 200))).toEqual({ x: 300, y: 200, side: 400 })
    expect(cropRect(LANDSCAPE, panCrop(LANDSCAPE, zoomed, 0, -25, 200))).toEqual({ x: 400, y: 250, side: 400 })
    // Far beyond the edges: the square stops at the image's corner.
    expect(cropRect(LANDSCAPE, panCrop(LANDSCAPE, zoomed, 10_000, 10_000, 200))).toEqual({ x: 0, y: 0, side: 400 })
    expect(cropRect(LANDSCAPE, panCrop(LANDSCAPE, zoomed, -10_000, -10_000, 200))).toEqual({ x: 800, y: 400, side: 400 })
    // At zoom 1 the shorter side cannot move at all.
    expect(cropRect(LANDSCAPE, panCrop(LANDSCAPE, initialCrop(LANDSCAPE), 0, 40, 200))).toEqual({ x: 200, y: 0, side: 800 })
  })

  it('zooming out near an edge moves the square back inside the image', () => {
    const inCorner = panCrop(LANDSCAPE, zoomCrop(LANDSCAPE, initialCrop(LANDSCAPE), 4), 10_000, 10_000, 200)
    expect(cropRect(LANDSCAPE, inCorner)).toEqual({ x: 0, y: 0, side: 200 })
    expect(cropRect(LANDSCAPE, zoomCrop(LANDSCAPE, inCorner, 1))).toEqual({ x: 0, y: 0, side: 800 })
    expect(clampCrop(LANDSCAPE, { zoom: 1, centerX: -50, centerY: 9999 })).toEqual({ zoom: 1, centerX: 400, centerY: 400 })
  })

  it('moves with the arrow keys, further with Shift, and ignores other keys', () => {
    expect(keyPan('ArrowLeft', false)).toEqual({ dx: -10, dy: 0 })
    expect(keyPan('ArrowDown', true)).toEqual({ dx: 0, dy: 50 })
    expect(keyPan('Enter', false)).toBeNull()
    const zoomed = zoomCrop(LANDSCAPE, initialCrop(LANDSCAPE), 2)
    const { dx, dy } = keyPan('ArrowRight', false)!
    expect(cropRect(LANDSCAPE, panCrop(LANDSCAPE, zoomed, dx, dy, 200)).x).toBe(380)
  })

  it('places the whole image in the frame in percent, so the preview shows exactly the square that is drawn', () => {
    expect(imageBox(LANDSCAPE, initialCrop(LANDSCAPE))).toEqual({ left: -25, top: 0, width: 150, height: 100 })
    expect(imageBox(LANDSCAPE, zoomCrop(LANDSCAPE, initialCrop(LANDSCAPE), 2))).toEqual({ left: -100, top: -50, width: 300, height: 200 })
  })

  it('keeps a photo with transparent pixels as PNG, an opaque one as JPEG, under the chosen name', () => {
    expect(hasTransparency([1, 2, 3, 255, 4, 5, 6, 255])).toBe(false)
    expect(hasTransparency([1, 2, 3, 255, 4, 5, 6, 0])).toBe(true)
    expect(photoFileName('Ada at the beach.webp', 'image/jpeg')).toBe('Ada at the beach.jpg')
    expect(photoFileName('logo.png', 'image/png')).toBe('logo.png')
    expect(photoFileName('.png', 'image/jpeg')).toBe('photo.jpg')
  })
})
