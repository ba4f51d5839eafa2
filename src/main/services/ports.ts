import type { HostEvent } from '@shared/host'
import type { Theme } from '@shared/domain'

/**
 * The Electron edge, as the services see it. src/main/electron implements each port with one
 * Electron object (Signal-style injected factories); tests and the desktop e2e harness pass
 * recording fakes.
 */

/** The tray icon: tooltip `Pagecrew — N unread` and an icon that shows there is something unread. */
export interface TrayPort {
  setUnreadCount(total: number): void
}

/** The dock / taskbar badge. */
export interface BadgePort {
  setCount(total: number): void
}

export interface OsNotification {
  /** The API notification's id; one OS notification per id. */
  id: string
  title: string
  body: string
}

export interface NotifierPort {
  show(notification: OsNotification, onClick: () => void): void
}

/** The main window. */
export interface WindowPort {
  /** Shows, restores and focuses the window (a no-op before it exists). */
  focus(): void
}

export interface ShellPort {
  /** Opens an http(s)/mailto address in the user's browser or mail client. */
  openExternal(url: string): Promise<void>
}

export interface ThemePort {
  /** Native chrome (title bar, scrollbars, dialogs) follows the renderer's theme choice. */
  setTheme(theme: Theme): void
}

/** Saving a file the renderer downloaded from the API (CSV exports). */
export interface SaveFilePort {
  /** Asks where to save `fileName` (the save dialog) and writes the bytes there; false when the user cancels. */
  save(fileName: string, bytes: Uint8Array): Promise<boolean>
}

/** Sends an event to the renderer (IPC_EVENT_CHANNEL); dropped when no renderer is listening. */
export type EmitPort = (event: HostEvent) => void

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  now(): number
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now()
}
