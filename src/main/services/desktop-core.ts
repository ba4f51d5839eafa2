import { join } from 'node:path'
import { createApiClient, type ApiClient, type FetchLike } from './api-client'
import { createApiImageProxy, type ApiImageProxy } from './api-image-proxy'
import { openCookieJarStore, type CookieJarStore } from './cookie-jar-store'
import { createDeepLinkRouter, type DeepLinkRouter } from './deep-link'
import { createIpcHandlers, createSenderCheck, type IpcHandlers } from './ipc-handlers'
import { consoleLog, type Log } from './log'
import { createOAuthLoopback, type OAuthLoopback } from './oauth-loopback'
import type { BadgePort, EmitPort, NotifierPort, SaveFilePort, ShellPort, ThemePort, Timers, TrayPort, WindowPort } from './ports'
import { APP_RENDERER_ORIGIN } from './renderer-assets'
import type { SecretBox } from './secret-box'
import { createUnreadWatcher, type UnreadWatcher } from './unread-watcher'

/**
 * The desktop app's main-process behaviour without Electron: cookie jar, API client, unread
 * watcher, deep-link router, IPC handlers and API image proxy, wired together. The Electron app
 * builds it with real ports (src/main/electron/app.ts); the desktop e2e harness (DESIGN.md §6)
 * builds it in plain Node with recording fakes for the ports, binds `ipc` to the page and answers
 * its /api/team/image/… requests with `apiImages`.
 *
 *   const core = await createDesktopCore({
 *     apiOrigin: 'http://127.0.0.1:4680',          // or () => origin, when it can change
 *     dataDir: tmpDir,                              // the encrypted jar: <dataDir>/session-cookies.bin
 *     secretBox: createKeySecretBox(randomBytes(32)),
 *     fetch: globalThis.fetch,
 *     ports: {
 *       tray: { setUnreadCount(n) {} },             // tooltip text: unreadTooltip(n)
 *       badge: { setCount(n) {} },
 *       notifier: { show({ id, title, body }, onClick) {} },  // call onClick() to simulate a click
 *       window: { focus() {} },
 *       shell: { async openExternal(url) {} },
 *       theme: { setTheme(theme) {} },
 *       files: { async save(fileName, bytes) { return true } },  // false: the save dialog was cancelled
 *       emit: (event) => {}                         // HostEvent for the renderer: navigate | unread
 *     },
 *     trustedRendererOrigins: ['http://127.0.0.1:4680'],  // the page's origin; default app://pagecrew
 *     timers,                                       // optional: { setTimeout, clearTimeout, now }
 *     unreadIntervalMs: 30_000                      // optional
 *   })
 *   await core.ipc['api:request'](page.url(), { method: 'GET', path: '/user' })
 *   await core.apiImages.answer('GET', `${pageOrigin}/api/team/image/${teamId}?v=1`)  // {status, headers, body} | null
 *   core.deepLinks.handleUrl('pagecrew://open?orgid=org_abc&path=/settings')
 *   core.dispose()
 *
 * The watcher starts polling at once (one GET /user; a 401 just leaves it idle until a sign-in
 * request goes through `ipc['api:request']`). Handlers take the sender frame's URL first and the
 * raw payload second, and reject untrusted senders and invalid payloads without calling through.
 */
interface DesktopPorts {
  tray: TrayPort
  badge: BadgePort
  notifier: NotifierPort
  window: WindowPort
  shell: ShellPort
  theme: ThemePort
  files: SaveFilePort
  emit: EmitPort
}

interface DesktopCoreOptions {
  apiOrigin: string | (() => string | Promise<string>)
  dataDir: string
  secretBox: SecretBox
  fetch: FetchLike
  ports: DesktopPorts
  /** Origins whose frames may use IPC and whose /api/ images main answers; default the packaged renderer, app://pagecrew. */
  trustedRendererOrigins?: readonly string[]
  timers?: Timers
  unreadIntervalMs?: number
  log?: (scope: string) => Log
}

export interface DesktopCore {
  jar: CookieJarStore
  api: ApiClient
  watcher: UnreadWatcher
  deepLinks: DeepLinkRouter
  /** The loopback listener the system browser comes back to after connecting LinkedIn. */
  oauth: OAuthLoopback
  ipc: IpcHandlers
  /** Answers the renderer's /api/ URLs (team images) on its own origin; see api-image-proxy.ts. */
  apiImages: ApiImageProxy
  /** Stops the watcher's timer and the OAuth listener (app quit, end of a test). */
  dispose(): void
}

export const COOKIE_JAR_FILE = 'session-cookies.bin'

export async function createDesktopCore({
  apiOrigin,
  dataDir,
  secretBox,
  fetch,
  ports,
  trustedRendererOrigins = [APP_RENDERER_ORIGIN],
  timers,
  unreadIntervalMs,
  log = consoleLog
}: DesktopCoreOptions): Promise<DesktopCore> {
  const jar = await openCookieJarStore({ file: join(dataDir, COOKIE_JAR_FILE), secretBox, log: log('cookies') })
  const api = createApiClient({ origin: apiOrigin, fetch, jar })
  const watcher = createUnreadWatcher({
    api,
    tray: ports.tray,
    badge: ports.badge,
    notifier: ports.notifier,
    window: ports.window,
    emit: ports.emit,
    timers,
    intervalMs: unreadIntervalMs,
    log: log('unread')
  })
  const deepLinks = createDeepLinkRouter({ emit: ports.emit, window: ports.window, log: log('deep-link') })
  const oauth = createOAuthLoopback({ onCallback: (route) => deepLinks.openRoute(route), timers, log: log('oauth-loopback') })
  const ipc = createIpcHandlers({
    api,
    watcher,
    deepLinks,
    oauth,
    shell: ports.shell,
    theme: ports.theme,
    files: ports.files,
    isTrustedSender: createSenderCheck(trustedRendererOrigins),
    log: log('ipc')
  })
  const apiImages = createApiImageProxy({ api, rendererOrigins: trustedRendererOrigins, log: log('api-images') })
  watcher.start()
  return {
    jar,
    api,
    watcher,
    deepLinks,
    oauth,
    ipc,
    apiImages,
    dispose: () => {
      watcher.stop()
      oauth.close().catch((error: unknown) => log('oauth-loopback').error('The OAuth listener did not close.', error))
    }
  }
}
