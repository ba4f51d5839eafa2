import { readFile } from 'node:fs/promises'
import { protocol } from 'electron'
import type { ApiImageProxy } from '../services/api-image-proxy'
import { APP_SCHEME, rendererHeaders, resolveRendererFile } from '../services/renderer-assets'

/** Must run before 'ready': app:// behaves like https (standard, secure, fetch, code cache). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
  ])
}

/**
 * Serves the built renderer (out/renderer) at app://pagecrew/, index.html for client routes, with
 * the CSP; app://pagecrew/api/… is answered by the API image proxy (team images, 404 otherwise).
 */
export function serveRenderer(rendererDir: string, apiImages: ApiImageProxy): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const api = await apiImages.answer(request.method, request.url)
    if (api !== null) return new Response(api.body, { status: api.status, headers: api.headers })
    const file = await resolveRendererFile(rendererDir, request.url)
    if (file === null) return new Response('Not found', { status: 404, headers: rendererHeaders('404.txt') })
    return new Response(await readFile(file), { status: 200, headers: rendererHeaders(file) })
  })
}
