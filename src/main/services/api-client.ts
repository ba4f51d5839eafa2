import { API_BASE, CLIENT_HEADER } from '@shared/api/contract'
import type { HostRequest, HostResponse } from '@shared/host'
import type { CookieJarStore } from './cookie-jar-store'

/**
 * Main's HTTP client for the API server: the renderer's requests arrive here over IPC and go out
 * with the session cookie from main's jar, so the renderer never holds the session.
 */
export interface ApiClient {
  /** Resolves with any HTTP status; rejects only when the server cannot be reached. */
  request(req: HostRequest): Promise<HostResponse>
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export interface ApiClientOptions {
  /** The API server's origin, e.g. 'http://127.0.0.1:41234'. A function when it can change (embedded server restarts). */
  origin: string | (() => string)
  fetch: FetchLike
  jar: CookieJarStore
  timeoutMs?: number
}

/** The value of the CSRF-defence header (DESIGN.md §3) that marks requests from the desktop app. */
export const DESKTOP_CLIENT = 'desktop'

export function createApiClient({ origin, fetch, jar, timeoutMs = 30_000 }: ApiClientOptions): ApiClient {
  const originOf = typeof origin === 'function' ? origin : () => origin

  return {
    async request(req) {
      const base = originOf().replace(/\/+$/, '')
      const url = new URL(`${base}${API_BASE}${req.path}`)
      for (const [key, value] of Object.entries(req.query ?? {})) url.searchParams.append(key, value)

      const headers: Record<string, string> = { accept: 'application/json', [CLIENT_HEADER]: DESKTOP_CLIENT }
      // tough-cookie matches cookies by host and path, not port: a Secure-less cookie set by
      // http://127.0.0.1:<port> is sent back there, and a Secure one only over https.
      const cookie = await jar.cookieHeader(url.href)
      if (cookie) headers.cookie = cookie
      const hasBody = req.body !== undefined && req.method !== 'GET'
      if (hasBody) headers['content-type'] = 'application/json'

      let response: Response
      try {
        response = await fetch(url.href, {
          method: req.method,
          headers,
          body: hasBody ? JSON.stringify(req.body) : undefined,
          // A redirect's Set-Cookie would be lost if fetch followed it; the API answers JSON, not redirects.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs)
        })
      } catch (error) {
        throw new Error(`Cannot reach the Pagecrew server at ${base}.`, { cause: error })
      }

      await jar.storeSetCookies(url.href, response.headers.getSetCookie())
      return { status: response.status, body: parseJson(await response.text()) }
    }
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
