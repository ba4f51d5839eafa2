import { app } from 'electron'
import type { BadgePort } from '../services/ports'

/**
 * The unread count on the dock icon (macOS) or launcher (Linux/Unity). Windows has no app badge;
 * there the tray icon carries the count.
 */
export const electronBadge: BadgePort = {
  setCount(total) {
    app.setBadgeCount(total)
  }
}
