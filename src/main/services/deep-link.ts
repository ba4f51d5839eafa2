import { z } from 'zod'
import { isDeepLinkPath, paths } from '@shared/routes'
import { consoleLog, type Log } from './log'
import { oauthCallbackRoute, parseOAuthCallback, type OAuthCallback } from './oauth-callback'
import type { EmitPort, WindowPort } from './ports'

/**
 * `pagecrew://open?orgid=<organizationWorkOSId>&path=/schedule` links (DESIGN.md §1), and
 * `pagecrew://callback?code=…&state=…`, where an OAuth provider may send the user back after
 * connecting LinkedIn. Every link from the OS goes through the one allowlisting parser below and
 * becomes a typed value or null; the router then hands the renderer a route (with `?orgid=`, which
 * the renderer's orgid auto-switch of spec §4 handles as it does on the web; or /callback's query).
 */
export const DEEP_LINK_SCHEME = 'pagecrew'

type DeepLink =
  | {
      orgid?: string
      /** One of DEEP_LINK_PATHS, derived from the route registry (src/shared/routes.ts). */
      path: string
    }
  | { callback: OAuthCallback }

const MAX_LINK_LENGTH = 2048
/** Where a link without `path` goes. */
const DEFAULT_PATH = paths.dashboard

const linkTextSchema = z
  .string()
  .max(MAX_LINK_LENGTH)
  // Printable ASCII only: no spaces, control characters or raw Unicode look-alikes.
  .regex(/^[\x21-\x7e]+$/)
  .regex(new RegExp(`^${DEEP_LINK_SCHEME}://`, 'i'))

const linkShapeSchema = z.object({
  protocol: z.literal(`${DEEP_LINK_SCHEME}:`),
  username: z.literal(''),
  password: z.literal(''),
  hostname: z.enum(['open', 'callback']),
  port: z.literal(''),
  // Some platforms hand over `pagecrew://open/?…`.
  pathname: z.enum(['', '/']),
  hash: z.literal('')
})

const openParamsSchema = z.strictObject({
  orgid: z.string().regex(/^org_[A-Za-z0-9]{1,64}$/).optional(),
  path: z.string().max(256).refine(isDeepLinkPath).default(DEFAULT_PATH)
})

/** The link as a typed value, or null when it is anything but the one allowed form. */
export function parseDeepLink(url: unknown): DeepLink | null {
  const text = linkTextSchema.safeParse(url)
  if (!text.success) return null
  let parsed: URL
  try {
    parsed = new URL(text.data)
  } catch {
    return null
  }
  const shape = linkShapeSchema.safeParse({
    protocol: parsed.protocol,
    username: parsed.username,
    password: parsed.password,
    hostname: parsed.hostname,
    port: parsed.port,
    pathname: parsed.pathname,
    hash: parsed.hash
  })
  if (!shape.success) return null
  if (shape.data.hostname === 'callback') {
    const callback = parseOAuthCallback(parsed.searchParams)
    return callback === null ? null : { callback }
  }
  const params: Record<string, string> = {}
  for (const [key, value] of parsed.searchParams) {
    if (Object.prototype.hasOwnProperty.call(params, key)) return null
    params[key] = value
  }
  const open = openParamsSchema.safeParse(params)
  if (!open.success) return null
  const { orgid, path } = open.data
  return orgid === undefined ? { path } : { orgid, path }
}

/** The renderer route for a link: `/settings?orgid=org_…`, or `/callback?code=…&state=…`. */
export function deepLinkRoute(link: DeepLink): string {
  if ('callback' in link) return oauthCallbackRoute(link.callback)
  return link.orgid === undefined ? link.path : `${link.path}?orgid=${link.orgid}`
}

/** The first `pagecrew://` argument of a command line (Windows and Linux pass links that way). */
export function findDeepLinkArg(argv: readonly string[]): string | undefined {
  const prefix = `${DEEP_LINK_SCHEME}:`
  return argv.find((arg) => arg.slice(0, prefix.length).toLowerCase() === prefix)
}

export interface DeepLinkRouter {
  /** A link from macOS `open-url` (or anywhere else). Returns whether it was accepted. */
  handleUrl(url: string): boolean
  /** A route main already validated (the OAuth loopback's answer): delivered and queued like a link's. */
  openRoute(route: string): void
  /** A command line from launch or `second-instance`. Returns whether it carried an accepted link. */
  handleArgv(argv: readonly string[]): boolean
  /** The renderer can take events now: queued links are delivered in order. */
  ready(): void
  /** The renderer is loading a new document (reload, first load): queue links until it is ready again. */
  loading(): void
}

interface DeepLinkRouterOptions {
  emit: EmitPort
  window: WindowPort
  log?: Log
  /** Links kept while the renderer is loading; older ones are dropped beyond this. */
  maxQueued?: number
}

export function createDeepLinkRouter({ emit, window, log = consoleLog('deep-link'), maxQueued = 10 }: DeepLinkRouterOptions): DeepLinkRouter {
  let isReady = false
  const queue: string[] = []

  function handleUrl(url: string): boolean {
    const link = parseDeepLink(url)
    if (link === null) {
      log.warn(`Refused deep link ${JSON.stringify(String(url).slice(0, 200))}: not a pagecrew://open link to an allowed page nor a pagecrew://callback.`)
      return false
    }
    openRoute(deepLinkRoute(link))
    return true
  }

  function openRoute(path: string): void {
    if (isReady) {
      emit({ type: 'navigate', path })
    } else {
      queue.push(path)
      if (queue.length > maxQueued) queue.shift()
    }
    window.focus()
  }

  return {
    handleUrl,
    openRoute,
    handleArgv(argv) {
      const url = findDeepLinkArg(argv)
      return url === undefined ? false : handleUrl(url)
    },
    ready() {
      isReady = true
      for (const path of queue.splice(0)) emit({ type: 'navigate', path })
    },
    loading() {
      isReady = false
    }
  }
}
