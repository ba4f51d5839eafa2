import { z } from 'zod'

/**
 * The desktop app's own settings (electron-store in the app, a Map in tests): which server to use
 * and where the window was. Values read back are validated, so a hand-edited or stale file can
 * only fall back to defaults, never crash the app or point it somewhere unexpected.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

export interface WindowBounds {
  x?: number
  y?: number
  width: number
  height: number
  maximized: boolean
}

interface Settings {
  /** The team server's origin, or undefined for the embedded server. */
  getServerUrl(): string | undefined
  /** Throws on anything but an http(s) origin; undefined goes back to the embedded server. */
  setServerUrl(url: string | undefined): void
  getWindowBounds(): WindowBounds | undefined
  setWindowBounds(bounds: WindowBounds): void
}

/** An http(s) origin such as 'https://pagecrew.example.com' (no path, query, credentials). */
export const serverUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .transform((raw, ctx) => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter the server address, e.g. https://pagecrew.example.com' })
      return z.NEVER
    }
    const isOrigin = (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === ''
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !isOrigin) {
      ctx.addIssue({ code: 'custom', message: 'The server address must be an http(s) origin, e.g. https://pagecrew.example.com' })
      return z.NEVER
    }
    return url.origin
  })

const MIN_WIDTH = 400
const MIN_HEIGHT = 300
const coordinate = z.number().int().min(-100_000).max(100_000)
const windowBoundsSchema = z.object({
  x: coordinate.optional(),
  y: coordinate.optional(),
  width: z.number().int().min(MIN_WIDTH).max(100_000),
  height: z.number().int().min(MIN_HEIGHT).max(100_000),
  maximized: z.boolean().default(false)
})

const SERVER_URL = 'serverUrl'
const WINDOW_BOUNDS = 'windowBounds'

export function createSettings(store: KeyValueStore): Settings {
  return {
    getServerUrl() {
      const stored = store.get(SERVER_URL)
      if (stored === undefined) return undefined
      const parsed = serverUrlSchema.safeParse(stored)
      return parsed.success ? parsed.data : undefined
    },
    setServerUrl(url) {
      if (url === undefined) store.delete(SERVER_URL)
      else store.set(SERVER_URL, serverUrlSchema.parse(url))
    },
    getWindowBounds() {
      const parsed = windowBoundsSchema.safeParse(store.get(WINDOW_BOUNDS))
      return parsed.success ? parsed.data : undefined
    },
    setWindowBounds(bounds) {
      const parsed = windowBoundsSchema.safeParse(bounds)
      if (parsed.success) store.set(WINDOW_BOUNDS, parsed.data)
    }
  }
}

interface Area {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The saved bounds, without their position when it is no longer on any display (a monitor was
 * unplugged), so the window opens centred instead of off-screen.
 */
export function onScreenBounds(bounds: WindowBounds, workAreas: readonly Area[]): WindowBounds {
  if (bounds.x === undefined || bounds.y === undefined) return bounds
  const { x, y } = bounds
  // Enough of the title bar must be on a display to grab it.
  const grabbable = workAreas.some((a) => x + bounds.width - 100 >= a.x && x + 100 <= a.x + a.width && y >= a.y && y + 40 <= a.y + a.height)
  if (grabbable) return bounds
  const { x: _x, y: _y, ...size } = bounds
  return size
}
