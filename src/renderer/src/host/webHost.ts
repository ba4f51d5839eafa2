import { API_BASE } from '@shared/api/contract'
import type { HostBridge, HostDownload, HostDownloadResult, HostRequest, HostResponse } from '@shared/host'
import { IDEMPOTENCY_KEY_HEADER, apiErrorMessageOf, apiPagePathSchema, externalUrlSchema, hostDownloadSchema, hostRequestSchema, oauthPageUrlSchema } from '@shared/host'

/** The page's own address, and leaving it for another (the OAuth sign-in page). */
interface PageLocation {
  readonly origin: string
  readonly href: string
  assign(url: string): void
}

interface WebHostDeps {
  fetch: typeof fetch
  openWindow: (url: string) => void
  /** Hands a fetched file to the browser's downloads; an <a download> by default. */
  saveFile?: (blob: Blob, fileName: string) => void
  location?: PageLocation
}

/** The browser saves a Blob through a temporary <a download> to its object URL. */
function saveWithLink(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the URL is no longer needed once it has read the Blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const browserDeps = (): WebHostDeps => ({
  // eslint-disable-next-line no-restricted-globals -- the web host is the one place that calls fetch (DESIGN.md §1)
  fetch: (input, init) => fetch(input, init),
  // eslint-disable-next-line no-restricted-globals -- the web host is the one place that opens windows
  openWindow: (url) => void open(url, '_blank', 'noopener')
})

/** The renderer route an OAuth provider sends the browser back to (features/auth/CallbackPage). */
const OAUTH_CALLBACK_PATH = '/callback'

function urlFor(req: Pick<HostRequest, 'path' | 'query'>): string {
  const search = req.query ? new URLSearchParams(req.query).toString() : ''
  return `${API_BASE}${req.path}${search ? `?${search}` : ''}`
}

/** Text fields first, then files, so a server streaming the body has every field before the first file. */
function formDataFor(multipart: NonNullable<HostRequest['multipart']>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(multipart.fields)) form.append(name, value)
  for (const file of multipart.files) {
    form.append(file.field, new File([file.data], file.fileName, { type: file.contentType }))
  }
  return form
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * The HostBridge in a browser: same-origin fetch with the browser's cookies. Every request carries
 * the client header the server requires on state-changing calls (CSRF defence, DESIGN.md §3).
 */
export function createWebHostBridge(deps: WebHostDeps = browserDeps()): HostBridge {
  const page = (): PageLocation => deps.location ?? window.location
  return {
    kind: 'web',
    async request(raw: HostRequest): Promise<HostResponse> {
      const req = hostRequestSchema.parse(raw)
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Pagecrew-Client': 'web' }
      if (req.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = req.idempotencyKey
      let body: string | FormData | undefined
      if (req.multipart) {
        // No Content-Type here: the browser sets multipart/form-data with its boundary.
        body = formDataFor(req.multipart)
      } else if (req.body !== undefined) {
        headers['Content-Type'] = 'application/json'
        body = JSON.stringify(req.body)
      }
      const response = await deps.fetch(urlFor(req), { method: req.method, credentials: 'same-origin', headers, body })
      return { status: response.status, body: await readBody(response) }
    },
    onEvent: () => () => undefined,
    async openExternal(url: string): Promise<void> {
      deps.openWindow(externalUrlSchema.parse(url))
    },
    async openApiPage(path: string): Promise<void> {
      // Same origin as the page: the relative address is the server's.
      deps.openWindow(`${API_BASE}${apiPagePathSchema.parse(path)}`)
    },
    setTheme: async () => undefined,
    ready: async () => undefined,
    async download(raw: HostDownload): Promise<HostDownloadResult> {
      const req = hostDownloadSchema.parse(raw)
      const response = await deps.fetch(urlFor(req), {
        method: 'GET',
        credentials: 'same-origin',
        headers: { Accept: '*/*', 'X-Pagecrew-Client': 'web' }
      })
      if (!response.ok) {
        const message = apiErrorMessageOf(await response.text().catch(() => ''))
        return { status: response.status, saved: false, ...(message ? { message } : {}) }
      }
      ;(deps.saveFile ?? saveWithLink)(await response.blob(), req.fileName)
      return { status: response.status, saved: true }
    },
    beginOAuthRedirect: async () => ({ redirectUri: `${page().origin}${OAUTH_CALLBACK_PATH}` }),
    async openOAuthPage(url: string): Promise<void> {
      // The same tab: the provider sends this tab back to /callback, where the session cookie is.
      page().assign(oauthPageUrlSchema.parse(new URL(url, page().href).href))
    }
  }
}
