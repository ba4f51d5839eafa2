import { Menu, Tray, nativeImage } from 'electron'
import type { TrayPort } from '../services/ports'
import { unreadTooltip } from '../services/unread-watcher'

interface TrayOptions {
  /** resources/tray.png (with tray@2x.png beside it) and the variant with the unread dot. */
  icon: string
  unreadIcon: string
  onOpen: () => void
  onQuit: () => void
}

/** The tray icon: tooltip `Pagecrew — N unread`, a dot on the icon while anything is unread, the
 * count beside it in the macOS menu bar, and Open / Quit. */
export function createTray({ icon, unreadIcon, onOpen, onQuit }: TrayOptions): TrayPort & { destroy(): void } {
  const readImage = nativeImage.createFromPath(icon)
  const unreadImage = nativeImage.createFromPath(unreadIcon)
  const tray = new Tray(readImage)
  tray.setToolTip(unreadTooltip(0))
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Open Pagecrew', click: onOpen },
      { type: 'separator' },
      { label: 'Quit Pagecrew', click: onQuit }
    ])
  )
  tray.on('click', onOpen)

  return {
    setUnreadCount(total) {
      tray.setToolTip(unreadTooltip(total))
      tray.setImage(total > 0 ? unreadImage : readImage)
      if (process.platform === 'darwin') tray.setTitle(total > 0 ? String(total) : '')
    },
    destroy: () => tray.destroy()
  }
}
