import { join } from 'node:path'
import windowIcon from '../../resources/icon.png?asset'
import trayIcon from '../../resources/tray.png?asset'
import trayUnreadIcon from '../../resources/tray-unread.png?asset'
import { runApp } from './electron/app'
import { serverUrlSchema } from './services/settings'

/**
 * Composition root of the Electron main process (out/main/index.js): where the build put things,
 * what the environment asks for, and then the app. Electron itself stays in src/main/electron.
 */
const here = import.meta.dirname

function serverUrlFromEnv(): string | undefined {
  const raw = process.env.PAGECREW_SERVER_URL
  if (raw === undefined || raw === '') return undefined
  const parsed = serverUrlSchema.safeParse(raw)
  if (!parsed.success) {
    console.error(`[pagecrew:app] Ignoring PAGECREW_SERVER_URL: ${parsed.error.issues[0]?.message ?? 'not an http(s) origin'}`)
    return undefined
  }
  return parsed.data
}

runApp({
  preloadPath: join(here, '../preload/index.cjs'),
  rendererDir: join(here, '../renderer'),
  serverModulePath: join(here, 'server.js'),
  // Only `electron-vite dev` may point the window (and IPC trust) at a dev server; a packaged app ignores the variable.
  devRendererUrl: import.meta.env.DEV ? process.env.ELECTRON_RENDERER_URL : undefined,
  serverUrl: serverUrlFromEnv(),
  icons: { window: windowIcon, tray: trayIcon, trayUnread: trayUnreadIcon }
})
