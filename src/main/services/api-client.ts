import { API_BASE, CLIENT_HEADER } from '@shared/api/contract'
import { IDEMPOTENCY_KEY_HEADER, type HostRequest, type HostResponse } from '@shared/host'
import type { CookieJarStore } from './cookie-jar-store'

/**
 * Main's HTTP client for the API server: the renderer's requests arrive here over IPC and go out
 * with the session cookie from main's jar, so the renderer never holds the session.
 */
export interface ApiClient {
  /** Resolves with any HTTP status; rejects only when the server cannot be reached. */
  request(req: HostRequest): Promise<HostResponse>
  /**
   * GETs bytes (team images for the renderer's <img>, see api-image-proxy.ts) with the session
   * cookie. Resolves with any HTTP status; rejects only when the server cannot be reached.
   */
  fetchBinary(path: string, query?: Record<string, string>): Promise<BinaryResponse>
  /** The server's absolute address of an API path (a page to open in the system browser, such as the API reference). */
  urlOf(path: string): Promise<string>
}

export interface BinaryResponse {
  status: number
  /** The response's Content-Type as sent, '' when it had none. */
  contentType: string
  body: Uint8Array
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

interface ApiClientOptions {
  /**
   * The API server's origin, e.g. 'http://127.0.0.1:41234'. A function when it can change (embedded
   * server restarts), answering a promise while it is not known yet (the embedded server starting
   * behind the window): requests wait for it.
   */
  origin: string | (() => string | Promise<string>)
  fetch: FetchLike
  jar: CookieJarStore
  timeoutMs?: number
  /** For requests that move file bytes (multipart uploads up to 200 MB, binary downloads): minutes, not seconds. */
  transferTimeoutMs?: number
}

/** The value of the CSRF-defence header (DESIGN.md §3) that marks requests from the desktop app. */
const DESKTOP_CLIENT = 'desktop'

interface Outgoing {
  method: HostRequest['method']
  /** After the API base, e.g. '/user'. */
  path: string
  query?: Record<string, string>
  accept: string
  body?: RequestBody
  /** Sent as the Idempotency-Key header when set (DESIGN.md §7). */
  idempotencyKey?: string
  timeout: number
}

interface RequestBody {
  /** Unset for FormData: fetch sets multipart/form-data with its boundary. */
  contentType?: string
  data: string | FormData
}

export function createApiClient({ origin, fetch, jar, timeoutMs = 30_000, transferTimeoutMs = 15 * 60_000 }: ApiClientOptions): ApiClient {
  const originOf = typeof origin === 'function' ? origin : () => origin

  const baseOf = async () => (await originOf()).replace(/\/+$/, '')
  const urlFor = (base: string, path: string) => new URL(`${base}${API_BASE}${path}`)

  /** One round trip with the jar's cookies and the client header; Set-Cookie goes back to the jar. */
  async function send({ method, path, query, accept, body, idempotencyKey, timeout }: Outgoing): Promise<Response> {
    const base = await baseOf()
    const url = urlFor(base, path)
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.append(key, value)

    const headers: Record<string, string> = { accept, [CLIENT_HEADER]: DESKTOP_CLIENT }
    // tough-cookie matches cookies by host and path, not port: a Secure-less cookie set by
    // http://127.0.0.1:<port> is sent back there, and a Secure one only over https.
    const cookie = await jar.cookieHeader(url.href)
    if (cookie) headers.cookie = cookie
    if (body?.contentType !== undefined) headers['content-type'] = body.contentType
    if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] = idempotencyKey

    let response: Response
    try {
      response = await fetch(url.href, {
        method,
        headers,
        body: body?.data,
        // A redirect's Set-Cookie would be lost if fetch followed it; the API answers JSON, not redirects.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeout)
      })
    } catch (error) {
      throw new Error(`Cannot reach the Pagecrew server at ${base}.`, { cause: error })
    }
    await jar.storeSetCookies(url.href, response.headers.getSetCookie())
    return response
  }

  return {
    async request(req) {
      const body = requestBody(req)
      const timeout = body?.data instanceof FormData ? transferTimeoutMs : timeoutMs
      const { method, path, query, idempotencyKey } = req
      const response = await send({ method, path, query, accept: 'application/json', body, idempotencyKey, timeout })
      return { status: response.status, body: parseJson(await response.text()) }
    },

    async fetchBinary(path, query) {
      const response = await send({ method: 'GET', path, query, accept: '*/*', timeout: transferTimeoutMs })
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: new Uint8Array(await response.arrayBuffer())
      }
    },

    async urlOf(path) {
      return urlFor(await baseOf(), path).href
    }
  }
}

/**
 * JSON, or multipart/form-data built with Node's FormData so fetch writes the boundary into the
 * Content-Type itself. GET requests carry no body.
 */
function requestBody(req: HostRequest): RequestBody | undefined {
  if (req.method === 'GET') return undefined
  if (req.multipart !== undefined) {
    const form = new FormData()
    for (const [name, value] of Object.entries(req.multipart.fields)) form.append(name, value)
    for (const file of req.multipart.files) form.append(file.field, new Blob([file.data], { type: file.contentType }), file.fileName)
    return { data: form }
  }
  if (req.body !== undefined) return { contentType: 'application/json', data: JSON.stringify(req.body) }
  return undefined
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
