import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LINKEDIN_CONNECT_TTL_MS } from '@shared/constants'
import type { OAuthRedirect } from '@shared/host'
import { consoleLog, type Log } from './log'
import { OAUTH_CALLBACK_ROUTE, oauthCallbackRoute, parseOAuthCallback } from './oauth-callback'
import { realTimers, type Timers } from './ports'

/**
 * The desktop's OAuth redirect (RFC 8252 §7.3, loopback interface redirection): connecting
 * LinkedIn happens in the system browser, which comes back to http://127.0.0.1:<port>/callback.
 * One listener at a time, on a random port, for LINKEDIN_CONNECT_TTL_MS (as long as the server
 * keeps the OAuth state); the first valid answer is handed on as the renderer route
 * /callback?code=…&state=… and the listener closes. The browser tab gets a short page saying so.
 *
 * The state is checked by the server, so a forged request from another local program can only
 * fail to connect; the Host check keeps web pages that rebind a DNS name to 127.0.0.1 out.
 */
export interface OAuthLoopback {
  /** Listens (or keeps the listener that is already waiting, for another 10 minutes) and answers its redirect URI. */
  begin(): Promise<OAuthRedirect>
  /** Stops listening (app quit). */
  close(): Promise<void>
}

interface OAuthLoopbackOptions {
  /** Receives the validated renderer route, e.g. '/callback?code=…&state=…'. */
  onCallback: (route: string) => void
  ttlMs?: number
  timers?: Timers
  log?: Log
}

const LOOPBACK_HOST = '127.0.0.1'

const PAGE_STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;display:flex;align-items:center;justify-content:center;min-height:90vh;margin:0;color:#242424;background:#fafafa}' +
  'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;font-weight:600}'

function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${title}</h1><p>${message}</p></main></body></html>`
}

const CONNECTING_PAGE = page('Pagecrew', 'Pagecrew is connecting your LinkedIn account. You can close this tab.')
const NOT_CONNECTED_PAGE = page('Pagecrew', 'LinkedIn did not connect your account. Return to Pagecrew to see why. You can close this tab.')
const INVALID_PAGE = page('Pagecrew', 'This is not an answer Pagecrew can use. Start connecting LinkedIn again from Pagecrew.')
const DONE_PAGE = page('Pagecrew', 'Pagecrew already has this answer. You can close this tab.')

function send(res: ServerResponse, status: number, body: string, contentType = 'text/html; charset=utf-8'): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    // The page has no script and loads nothing; the address bar holds the code, so no Referer either.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff'
  })
  res.end(body)
}

export function createOAuthLoopback({ onCallback, ttlMs = LINKEDIN_CONNECT_TTL_MS, timers = realTimers, log = consoleLog('oauth-loopback') }: OAuthLoopbackOptions): OAuthLoopback {
  let current: { server: Server; redirect: OAuthRedirect; timer: unknown; answered: boolean } | null = null
  let starting: Promise<OAuthRedirect> | null = null

  function stop(listener: NonNullable<typeof current>): Promise<void> {
    if (current === listener) current = null
    timers.clearTimeout(listener.timer)
    return new Promise((resolve) => {
      listener.server.close(() => resolve())
      // Keep-alive connections from the browser would hold the port open.
      listener.server.closeIdleConnections()
    })
  }

  function handle(listener: NonNullable<typeof current>, port: number, req: IncomingMessage, res: ServerResponse): void {
    const host = req.headers.host
    if (host !== `${LOOPBACK_HOST}:${port}` && host !== `localhost:${port}`) {
      send(res, 421, 'Misdirected request', 'text/plain; charset=utf-8')
      return
    }
    const url = new URL(req.url ?? '/', `http://${LOOPBACK_HOST}:${port}`)
    if (url.pathname !== OAUTH_CALLBACK_ROUTE) {
      send(res, 404, 'Not found', 'text/plain; charset=utf-8')
      return
    }
    if (req.method !== 'GET') {
      send(res, 405, 'Method not allowed', 'text/plain; charset=utf-8')
      return
    }
    if (listener.answered) {
      send(res, 409, DONE_PAGE)
      return
    }
    const callback = parseOAuthCallback(url.searchParams)
    if (callback === null) {
      log.warn('Ignored an OAuth answer that is not a code or an error with a state.')
      send(res, 400, INVALID_PAGE)
      return
    }
    listener.answered = true
    res.on('finish', () => void stop(listener))
    send(res, 200, 'code' in callback ? CONNECTING_PAGE : NOT_CONNECTED_PAGE)
    onCallback(oauthCallbackRoute(callback))
  }

  async function listen(): Promise<OAuthRedirect> {
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, LOOPBACK_HOST, () => {
        server.off('error', reject)
        resolve()
      })
    })
    const { port } = server.address() as AddressInfo
    const listener = { server, redirect: { redirectUri: `http://${LOOPBACK_HOST}:${port}${OAUTH_CALLBACK_ROUTE}` }, timer: null as unknown, answered: false }
    server.on('request', (req: IncomingMessage, res: ServerResponse) => handle(listener, port, req, res))
    server.on('error', (error) => log.error('The OAuth loopback listener failed.', error))
    listener.timer = timers.setTimeout(() => void stop(listener), ttlMs)
    current = listener
    return listener.redirect
  }

  return {
    async begin() {
      if (current !== null && !current.answered) {
        const listener = current
        timers.clearTimeout(listener.timer)
        listener.timer = timers.setTimeout(() => void stop(listener), ttlMs)
        return listener.redirect
      }
      // Two clicks at once share one listener.
      starting ??= listen().finally(() => {
        starting = null
      })
      return starting
    },
    async close() {
      if (current !== null) await stop(current)
    }
  }
}
