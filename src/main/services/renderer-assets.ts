import { stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

/**
 * The packaged renderer is served from `app://pagecrew/…` (a privileged standard scheme) rather
 * than file://, so it has a real origin for the sender checks and the CSP, and client-side routes
 * such as app://pagecrew/settings load index.html.
 */
export const APP_SCHEME = 'app'
const APP_HOST = 'pagecrew'
export const APP_RENDERER_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_RENDERER_URL = `${APP_RENDERER_ORIGIN}/`

/**
 * Stripe's pricing table (the plan dialog, when the team server uses Stripe) is a script and a
 * frame from js.stripe.com; the desktop CSP is static, so it allows that origin whichever billing
 * provider the server has. Its checkout links leave the window for the system browser (window.ts).
 */
const STRIPE_JS_ORIGIN = 'https://js.stripe.com'

export const RENDERER_CSP = [
  "default-src 'self'",
  `script-src 'self' ${STRIPE_JS_ORIGIN}`,
  `frame-src ${STRIPE_JS_ORIGIN}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'"
].join('; ')

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8'
}

/** The Content-Type for a renderer file; unknown types are served as bytes, never sniffed. */
function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** Headers on every app:// response. */
export function rendererHeaders(file: string): Record<string, string> {
  return {
    'content-type': contentTypeFor(file),
    'content-security-policy': RENDERER_CSP,
    'x-content-type-options': 'nosniff'
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/**
 * The file under `rootDir` that answers `requestUrl`, index.html for a client-side route
 * (a path without a file extension), or null (404) for anything else: other hosts, missing
 * assets, and paths that would leave `rootDir`.
 */
export async function resolveRendererFile(rootDir: string, requestUrl: string): Promise<string | null> {
  let url: URL
  let pathname: string
  try {
    url = new URL(requestUrl)
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || pathname.includes('\0')) return null

  const root = resolve(rootDir)
  const file = resolve(root, `.${pathname.replaceAll('\\', '/')}`)
  if (file !== root && !file.startsWith(root + sep)) return null
  if (file !== root && (await isFile(file))) return file
  if (extname(pathname) !== '') return null
  const index = resolve(root, 'index.html')
  return (await isFile(index)) ? index : null
}
