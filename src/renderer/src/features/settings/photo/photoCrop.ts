/*
 * The crop dialog's arithmetic, without the DOM. The crop is a square of the source image: at zoom
 * 1 its side is the image's shorter side, at zoom 4 a quarter of it. It is kept by its centre in
 * source pixels, so zooming keeps what is in the middle of the frame where it is, and it never
 * leaves the image (the frame is always full).
 */

export interface ImageSize {
  width: number
  height: number
}

export interface Crop {
  zoom: number
  /** The crop's centre, in source pixels. */
  centerX: number
  centerY: number
}

/** The square to draw, in source pixels. */
interface CropRect {
  x: number
  y: number
  side: number
}

export const MIN_ZOOM = 1
export const MAX_ZOOM = 4
/** Arrow keys move the photo this many frame pixels (with Shift, five times as far). */
const KEY_PAN_STEP = 10

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

const sideAt = (size: ImageSize, zoom: number) => Math.min(size.width, size.height) / clamp(zoom, MIN_ZOOM, MAX_ZOOM)

/** Zoom 1, centred: the largest square in the middle of the image. */
export function initialCrop(size: ImageSize): Crop {
  return { zoom: MIN_ZOOM, centerX: size.width / 2, centerY: size.height / 2 }
}

/** The crop with its zoom within 1 to 4 and its square inside the image. */
export function clampCrop(size: ImageSize, crop: Crop): Crop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM)
  const half = sideAt(size, zoom) / 2
  return { zoom, centerX: clamp(crop.centerX, half, size.width - half), centerY: clamp(crop.centerY, half, size.height - half) }
}

export function cropRect(size: ImageSize, crop: Crop): CropRect {
  const { zoom, centerX, centerY } = clampCrop(size, crop)
  const side = sideAt(size, zoom)
  return { x: centerX - side / 2, y: centerY - side / 2, side }
}

/** A new zoom about the frame's centre (clamped, and moved back inside the image if zooming out would leave it). */
export function zoomCrop(size: ImageSize, crop: Crop, zoom: number): Crop {
  return clampCrop(size, { ...crop, zoom })
}

/**
 * The crop after the photo was dragged (dx, dy) pixels in a frame `frameSide` pixels wide: the
 * picture follows the pointer, so the crop moves the other way, by the frame's scale.
 */
export function panCrop(size: ImageSize, crop: Crop, dx: number, dy: number, frameSide: number): Crop {
  if (frameSide <= 0) return clampCrop(size, crop)
  const current = clampCrop(size, crop)
  const sourcePerFramePixel = sideAt(size, current.zoom) / frameSide
  return clampCrop(size, { ...current, centerX: current.centerX - dx * sourcePerFramePixel, centerY: current.centerY - dy * sourcePerFramePixel })
}

/** How far an arrow key moves the photo, in frame pixels; null for other keys. */
export function keyPan(key: string, shift: boolean): { dx: number; dy: number } | null {
  const step = shift ? KEY_PAN_STEP * 5 : KEY_PAN_STEP
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 }
    case 'ArrowRight':
      return { dx: step, dy: 0 }
    case 'ArrowUp':
      return { dx: 0, dy: -step }
    case 'ArrowDown':
      return { dx: 0, dy: step }
    default:
      return null
  }
}

/** Where the whole image sits in the frame, in percent of the frame's side (any frame size shows the same crop). */
export function imageBox(size: ImageSize, crop: Crop): { left: number; top: number; width: number; height: number } {
  const { x, y, side } = cropRect(size, crop)
  const percent = (value: number) => (value / side) * 100
  return { left: 0 - percent(x), top: 0 - percent(y), width: percent(size.width), height: percent(size.height) }
}

/** Whether RGBA pixels (canvas getImageData) have any that is not fully opaque: then the photo is kept as PNG, not JPEG. */
export function hasTransparency(rgba: ArrayLike<number>): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 255) return true
  return false
}

/** The uploaded file's name: the chosen one's with the encoded type's extension ('me.webp' → 'me.jpg'). */
export function photoFileName(chosen: string, type: 'image/jpeg' | 'image/png'): string {
  const base = chosen.replace(/\.[^./\\]*$/, '') || 'photo'
  return `${base}.${type === 'image/png' ? 'png' : 'jpg'}`
}
