import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { HostEvent } from '../../../src/shared/host'
import type { Theme } from '../../../src/shared/domain'
import { createDesktopCore, type DesktopCore } from '../../../src/main/services/desktop-core'
import { createKeySecretBox } from '../../../src/main/services/secret-box'
import { isIpcInvokeChannel } from '../../../src/shared/ipc'
import { PRELOAD_BUNDLE, RENDERER_DIR } from './server'

/**
 * The desktop harness of DESIGN.md §6: the built renderer in Chromium with the built preload bound
 * to the real main-process services (cookie jar, API client, unread watcher, deep links, IPC
 * handlers) running in this Node process. Only Electron's own ports are recording fakes.
 *
 * The renderer is served from its own origin (standing in for app://pagecrew) that has no API:
 * every call must cross the bridge, so the page never holds a session cookie. Team images
 * (`/api/team/image/…`) are answered by main's API image proxy, as app:// does in the app.
 */
export const HARNESS_ORIGIN = 'http://pagecrew-desktop.test'

interface Recorded {
  trayCounts: number[]
  badgeCounts: number[]
  notifications: { id: string; title: string; body: string; click: () => void }[]
  focusCount: number
  externalUrls: string[]
  themes: Theme[]
  /** How many documents have said 'renderer:ready' (first load and every reload). */
  readyCount: number
  /** Files saved through 'api:download' (the save dialog answered with <dataDir>/downloads/<name>). */
  downloads: { fileName: string; path: string }[]
}

export interface DesktopHarness {
  core: DesktopCore
  context: BrowserContext
  page: Page
  recorded: Recorded
  dataDir: string
  close(): Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2'
}

function preloadInitScript(): string {
  const source = readFileSync(PRELOAD_BUNDLE, 'utf8')
  return `(() => {
    const listeners = new Set();
    window.__pagecrewHostEvent = (event) => { for (const l of listeners) l({ sender: null }, event) };
    const electron = {
      contextBridge: { exposeInMainWorld(key, api) { Object.defineProperty(window, key, { value: Object.freeze(api) }) } },
      ipcRenderer: {
        invoke: (channel, payload) => window.__pagecrewInvoke(channel, payload),
        on: (_channel, listener) => { listeners.add(listener) },
        removeListener: (_channel, listener) => { listeners.delete(listener) }
      }
    };
    new Function('require', ${JSON.stringify(source)})((name) => {
      if (name === 'electron') return electron;
      throw new Error('the preload may only require electron, not ' + name);
    });
  })();`
}

export async function openDesktopHarness(browser: Browser, apiOrigin: string): Promise<DesktopHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pagecrew-desktop-'))
  const recorded: Recorded = { trayCounts: [], badgeCounts: [], notifications: [], focusCount: 0, externalUrls: [], themes: [], readyCount: 0, downloads: [] }
  let page: Page | null = null
  const pendingEvents: HostEvent[] = []

  const deliver = (event: HostEvent) => {
    if (!page) {
      pendingEvents.push(event)
      return
    }
    page.evaluate((e) => (globalThis as unknown as { __pagecrewHostEvent(e: unknown): void }).__pagecrewHostEvent(e), event).catch(() => undefined)
  }

  const core = await createDesktopCore({
    apiOrigin,
    dataDir,
    secretBox: createKeySecretBox(randomBytes(32)),
    fetch: globalThis.fetch,
    trustedRendererOrigins: [HARNESS_ORIGIN],
    unreadIntervalMs: 1000,
    ports: {
      tray: { setUnreadCount: (n) => void recorded.trayCounts.push(n) },
      badge: { setCount: (n) => void recorded.badgeCounts.push(n) },
      notifier: { show: (n, onClick) => void recorded.notifications.push({ ...n, click: onClick }) },
      window: { focus: () => void recorded.focusCount++ },
      shell: { openExternal: async (url) => void recorded.externalUrls.push(url) },
      theme: { setTheme: (t) => void recorded.themes.push(t) },
      files: {
        async save(fileName, bytes) {
          const dir = join(dataDir, 'downloads')
          mkdirSync(dir, { recursive: true })
          const path = join(dir, fileName)
          writeFileSync(path, bytes)
          recorded.downloads.push({ fileName, path })
          return true
        }
      },
      emit: deliver
    }
  })

  const context = await browser.newContext()
  await context.route(`${HARNESS_ORIGIN}/**`, async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/team/image/')) {
      // <img src="/api/team/image/…">: main answers these on the renderer's origin, as app:// does.
      const answer = await core.apiImages.answer(request.method(), url.href)
      if (answer === null) throw new Error(`the API image proxy did not take ${url.href}`)
      await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body === null ? '' : Buffer.from(answer.body) })
      return
    }
    if (url.pathname.startsWith('/api/')) {
      // The desktop renderer has no other API of its own (the app answers 404): reaching here
      // means the bridge was bypassed.
      await route.fulfill({ status: 599, body: 'the desktop renderer must call the API through the bridge' })
      return
    }
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '')
    const file = extname(relative) ? join(RENDERER_DIR, relative) : join(RENDERER_DIR, 'index.html')
    try {
      const body = readFileSync(file)
      await route.fulfill({ status: 200, body, contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
    } catch {
      await route.fulfill({ status: 404, body: 'not found' })
    }
  })
  await context.exposeBinding('__pagecrewInvoke', async ({ frame }, channel: string, payload: unknown) => {
    if (!isIpcInvokeChannel(channel)) throw new Error(`unknown IPC channel ${channel}`)
    if (channel === 'renderer:ready') recorded.readyCount++
    const handler = core.ipc[channel] as (senderUrl: string | undefined, payload: unknown) => Promise<unknown>
    return handler(frame.url(), payload)
  })
  await context.addInitScript({ content: preloadInitScript() })

  page = await context.newPage()
  // As main does on 'did-start-navigation': a new document has no listeners until it says ready.
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page?.mainFrame()) core.deepLinks.loading()
  })
  for (const event of pendingEvents.splice(0)) deliver(event)

  return {
    core,
    context,
    page,
    recorded,
    dataDir,
    async close() {
      core.dispose()
      await context.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
