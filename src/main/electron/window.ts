import { BrowserWindow, screen, type Session } from 'electron'
import { externalUrlSchema } from '@shared/host'
import { onScreenBounds, type WindowBounds } from '../services/settings'

interface MainWindowOptions {
  /** out/preload/index.cjs */
  preloadPath: string
  /** app://pagecrew/ in the packaged app, the Vite dev server in development. */
  url: string
  /** Whether a URL belongs to the app's own renderer (the same check the IPC handlers use). */
  isAppUrl: (url: string) => boolean
  openExternal: (url: string) => void
  bounds?: WindowBounds
  onBoundsChanged: (bounds: WindowBounds) => void
  /** False while the app quits; otherwise closing the window hides it (the tray keeps running). */
  hideOnClose: () => boolean
  icon?: string
}

const DEFAULT_SIZE = { width: 1280, height: 820 }

/**
 * The one app window: sandboxed, context-isolated renderer with only the preload's HostBridge;
 * no new windows (links open in the browser), no navigation away from the app, no permissions.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const saved = options.bounds && onScreenBounds(options.bounds, screen.getAllDisplays().map((d) => d.workArea))
  const window = new BrowserWindow({
    ...DEFAULT_SIZE,
    ...(saved && { x: saved.x, y: saved.y, width: saved.width, height: saved.height }),
    minWidth: 400,
    minHeight: 300,
    show: false,
    title: 'Pagecrew',
    icon: options.icon,
    autoHideMenuBar: true,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true
    }
  })
  if (saved?.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())

  const contents = window.webContents
  const openOutside = (url: string) => {
    if (externalUrlSchema.safeParse(url).success) options.openExternal(url)
  }
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url)
    return { action: 'deny' }
  })
  contents.on('will-navigate', (event) => {
    if (options.isAppUrl(event.url)) return
    event.preventDefault()
    openOutside(event.url)
  })
  contents.on('will-redirect', (event) => {
    if (!options.isAppUrl(event.url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  denyPermissions(contents.session, options.isAppUrl)

  window.on('close', (event) => {
    const { x, y, width, height } = window.getNormalBounds()
    options.onBoundsChanged({ x, y, width, height, maximized: window.isMaximized() })
    if (options.hideOnClose()) {
      event.preventDefault()
      window.hide()
    }
  })

  void window.loadURL(options.url)
  return window
}

/** Camera, microphone, location, notifications from the page…: all denied. Writing to the
 * clipboard (copying a post) is the one exception, and only for the app itself. */
function denyPermissions(session: Session, isAppUrl: (url: string) => boolean): void {
  const allowed = (permission: string, origin: string) => permission === 'clipboard-sanitized-write' && isAppUrl(origin)
  session.setPermissionRequestHandler((contents, permission, callback) => callback(allowed(permission, contents.getURL())))
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => allowed(permission, requestingOrigin))
}
