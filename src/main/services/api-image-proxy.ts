import { API_BASE } from '@shared/api/contract'
import type { ApiClient } from './api-client'
import { createSenderCheck } from './ipc-handlers'
import { consoleLog, type Log } from './log'

/**
 * The renderer shows team images as `<img src="/api/team/image/<teamId>?v=<hash>">` (people's
 * photos as /api/user/photo/<userId>?v=<hash>, post media as /api/posts/media/<id>/thumbnail or
 * /file), API addresses that need the session
 * cookie. In the desktop app that resolves to app://pagecrew/api/…, where there is no API and no
 * cookie, so main answers it: it fetches the image through the ApiClient (and so main's cookie
 * jar) and hands back the bytes. Only GETs of allowlisted image paths pass; everything else under
 * /api/ is a 404, so the renderer's API calls still go through the HostBridge and nothing else of
 * the API is reachable from a URL. src/main/electron/renderer-protocol.ts and the desktop e2e
 * harness both answer /api/ through this service.
 */
export interface ApiImageProxy {
  /** The answer for a renderer-origin URL under /api/, or null when the URL is not for the API (a renderer file). */
  answer(method: string, requestUrl: string): Promise<AssetResponse | null>
}

interface AssetResponse {
  status: number
  headers: Record<string, string>
  /** null for answers without a body (refusals, upstream errors). */
  body: Uint8Array | null
}

interface ApiImageProxyOptions {
  api: Pick<ApiClient, 'fetchBinary'>
  /** The renderer's origins (app://pagecrew); URLs on other origins are not answered. */
  rendererOrigins: readonly string[]
  log?: Log
}

/**
 * The image paths the renderer may load from the API: team images, people's photos (User.image,
 * USER_PHOTO_PATH), and post media's thumbnails and files (the write-post screen shows only images
 * from these; a video or document answered here is refused below, as it is not an image).
 */
const API_IMAGE_PATHS: readonly RegExp[] = [
  /^\/api\/team\/image\/[0-9a-f-]{36}$/,
  /^\/api\/user\/photo\/[0-9a-f-]{36}$/,
  /^\/api\/posts\/media\/[0-9a-f-]{36}\/(?:thumbnail|file)$/
]
/** The cache buster `v` the API puts on image addresses (a content hash); no other query. */
const VERSION_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/

/** Served types. SVG is safe as an <img> (no script runs there) and API_IMAGE_CSP covers opening one as a page. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/svg+xml', 'image/x-icon'])

/**
 * An image is served on the app's own origin; should anything open one as a page (an SVG), it
 * runs no script and loads nothing.
 */
export const API_IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

const NOT_FOUND: AssetResponse = refusal(404)

export function createApiImageProxy({ api, rendererOrigins, log = consoleLog('api-images') }: ApiImageProxyOptions): ApiImageProxy {
  const onRendererOrigin = createSenderCheck(rendererOrigins)

  return {
    async answer(method, requestUrl) {
      let url: URL
      try {
        url = new URL(requestUrl)
      } catch {
        return null
      }
      if (!onRendererOrigin(url.href) || !(url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`))) return null

      const version = versionOf(url.searchParams)
      if (method !== 'GET' || !API_IMAGE_PATHS.some((path) => path.test(url.pathname)) || version === false) return NOT_FOUND

      let upstream: Awaited<ReturnType<ApiClient['fetchBinary']>>
      try {
        upstream = await api.fetchBinary(url.pathname.slice(API_BASE.length), version === undefined ? undefined : { v: version })
      } catch {
        // The server is unreachable: a broken image, as a browser would show.
        return refusal(502)
      }
      if (upstream.status === 401 || upstream.status === 403 || upstream.status === 404) return refusal(upstream.status)
      if (upstream.status !== 200) return refusal(502)

      const type = mediaType(upstream.contentType)
      if (!IMAGE_TYPES.has(type)) {
        log.warn(`Refused ${url.pathname}: the server answered ${JSON.stringify(upstream.contentType.slice(0, 100))}, not an image.`)
        return refusal(502)
      }
      return {
        status: 200,
        headers: {
          'content-type': type,
          'cache-control': 'private, max-age=300',
          'x-content-type-options': 'nosniff',
          'content-security-policy': API_IMAGE_CSP
        },
        body: upstream.body
      }
    }
  }
}

/** The `v` value; undefined without a query; false for anything else (other keys, repeats, odd values). */
function versionOf(params: URLSearchParams): string | undefined | false {
  const entries = [...params]
  if (entries.length === 0) return undefined
  if (entries.length > 1) return false
  const [key, value] = entries[0]!
  return key === 'v' && VERSION_PATTERN.test(value) ? value : false
}

/** 'image/png' from 'Image/PNG; charset=binary'. */
function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase()
}

function refusal(status: number): AssetResponse {
  return {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    body: null
  }
}
