import { app, dialog, type BrowserWindow } from 'electron'
import { findDeepLinkArg } from '../services/deep-link'
import { createDesktopCore, type DesktopCore } from '../services/desktop-core'
import { createEmbeddedServer, type EmbeddedServer } from '../services/embedded-server'
import { consoleLog, type Log } from '../services/log'
import type { WindowPort } from '../services/ports'
import { APP_RENDERER_ORIGIN, APP_RENDERER_URL } from '../services/renderer-assets'
import { createSenderCheck } from '../services/ipc-handlers'
import { createSettings } from '../services/settings'
import { electronBadge } from './badge'
import { createRendererEmitter, registerIpcHandlers } from './ipc'
import { createNotifier } from './notifications'
import { registerProtocolClient } from './protocol'
import { registerAppScheme, serveRenderer } from './renderer-protocol'
import { createSafeStorageSecretBox } from './secret-box'
import { electronSaveFile } from './save-file'
import { electronShell } from './shell'
import { createElectronStore } from './store'
import { electronTheme } from './theme'
import { createTray } from './tray'
import { forkUtilityServer } from './utility-server'
import { createMainWindow } from './window'

interface AppConfig {
  preloadPath: string
  /** out/renderer, served at app://pagecrew/ */
  rendererDir: string
  /** out/main/server.js, run as the embedded server */
  serverModulePath: string
  /** The Vite dev server (electron-vite dev); the built renderer otherwise. */
  devRendererUrl?: string
  /** A team server origin that overrides the saved setting (PAGECREW_SERVER_URL, already validated). */
  serverUrl?: string
  icons: { window: string; tray: string; trayUnread: string }
}

/** Must match appId in electron-builder.yml: Windows attributes notifications to it. */
const APP_USER_MODEL_ID = 'app.pagecrew.desktop'
/** Links that arrive while the app is still starting; more than this is not a person clicking. */
const MAX_EARLY_LINKS = 10

/** The local workspace server, run from `modulePath` with its data in `dataDir`; one that keeps stopping ends the app. */
function embeddedServer(modulePath: string, dataDir: string): EmbeddedServer {
  return createEmbeddedServer({
    fork: forkUtilityServer,
    modulePath,
    dataDir,
    onFailure: (error) => {
      dialog.showErrorBox('Pagecrew stopped working', `The local workspace server keeps stopping.\n\n${error.message}`)
      app.quit()
    }
  })
}

/**
 * Starts the embedded server and answers its origin, or the first start's promise of it. The window
 * does not wait for the server (issue 16): it shows its loading state at once and its first requests
 * wait for the server's address. A server that cannot start ends the app.
 */
function startEmbedded(embedded: EmbeddedServer, log: Log): () => string | Promise<string> {
  const first = embedded.start()
  first.catch((error: unknown) => {
    log.error('The local workspace server could not start.', error)
    dialog.showErrorBox('Pagecrew could not start', error instanceof Error ? error.message : String(error))
    app.exit(1)
  })
  return () => embedded.origin ?? first
}

/**
 * The app's lifecycle: one instance; deep links from launch, `open-url` (macOS) and
 * `second-instance` (Windows, Linux); on ready, settings -> team server or embedded server (started,
 * not awaited: the window shows while it comes up and API calls wait for its address) -> desktop
 * core -> tray and window; on quit, the embedded server is stopped.
 */
export function runApp(config: AppConfig): void {
  const log = consoleLog('app')
  registerAppScheme()
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }

  let core: DesktopCore | null = null
  let server: EmbeddedServer | null = null
  let mainWindow: BrowserWindow | null = null
  let tray: ReturnType<typeof createTray> | null = null
  let quitting = false
  const earlyLinks: string[] = []

  const windowPort: WindowPort = {
    focus() {
      if (mainWindow === null || mainWindow.isDestroyed()) return
      if (mainWindow.isMinimized()) mainWindow.restore()
      mainWindow.show()
      mainWindow.focus()
    }
  }

  function openLink(url: string): void {
    if (core !== null) core.deepLinks.handleUrl(url)
    else if (earlyLinks.length < MAX_EARLY_LINKS) earlyLinks.push(url)
  }

  const launchLink = findDeepLinkArg(process.argv)
  if (launchLink !== undefined) openLink(launchLink)

  app.on('will-finish-launching', () => {
    app.on('open-url', (event, url) => {
      event.preventDefault()
      openLink(url)
    })
  })
  app.on('second-instance', (_event, argv) => {
    const url = findDeepLinkArg(argv)
    if (url !== undefined) openLink(url)
    windowPort.focus()
  })
  app.on('activate', () => windowPort.focus())
  app.on('before-quit', () => {
    quitting = true
  })

  let cleanedUp = false
  app.on('will-quit', (event) => {
    if (cleanedUp) return
    cleanedUp = true
    event.preventDefault()
    core?.dispose()
    tray?.destroy()
    void (server?.stop() ?? Promise.resolve()).finally(() => app.quit())
  })

  async function start(): Promise<void> {
    if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)
    registerProtocolClient()

    const userData = app.getPath('userData')
    const settings = createSettings(createElectronStore())
    const teamServer = config.serverUrl ?? settings.getServerUrl()
    let apiOrigin: () => string | Promise<string>
    if (teamServer !== undefined) {
      log.info(`Using the team server ${teamServer}`)
      apiOrigin = () => teamServer
    } else {
      server = embeddedServer(config.serverModulePath, userData)
      apiOrigin = startEmbedded(server, log)
    }

    const rendererUrl = config.devRendererUrl ?? APP_RENDERER_URL
    const rendererOrigins = [config.devRendererUrl ?? APP_RENDERER_ORIGIN]
    tray = createTray({ icon: config.icons.tray, unreadIcon: config.icons.trayUnread, onOpen: () => windowPort.focus(), onQuit: () => app.quit() })
    core = await createDesktopCore({
      apiOrigin,
      dataDir: userData,
      secretBox: createSafeStorageSecretBox(),
      fetch: globalThis.fetch,
      ports: {
        tray,
        badge: electronBadge,
        notifier: createNotifier(config.icons.window),
        window: windowPort,
        shell: electronShell,
        theme: electronTheme,
        files: electronSaveFile,
        emit: createRendererEmitter(() => mainWindow)
      },
      trustedRendererOrigins: rendererOrigins
    })
    registerIpcHandlers(core.ipc)
    if (config.devRendererUrl === undefined) serveRenderer(config.rendererDir, core.apiImages)

    mainWindow = createMainWindow({
      preloadPath: config.preloadPath,
      url: rendererUrl,
      isAppUrl: createSenderCheck(rendererOrigins),
      openExternal: (url) => void electronShell.openExternal(url).catch((error: unknown) => log.error(`Could not open ${url}`, error)),
      bounds: settings.getWindowBounds(),
      onBoundsChanged: (bounds) => settings.setWindowBounds(bounds),
      hideOnClose: () => !quitting,
      icon: config.icons.window
    })
    // A reload drops the renderer's event listeners: links wait until it says ready again.
    mainWindow.webContents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument) core?.deepLinks.loading()
    })
    for (const url of earlyLinks.splice(0)) core.deepLinks.handleUrl(url)
  }

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('Pagecrew could not start.', error)
      dialog.showErrorBox('Pagecrew could not start', error instanceof Error ? error.message : String(error))
      app.exit(1)
    })
}
