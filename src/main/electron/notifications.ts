import { Notification } from 'electron'
import type { NotifierPort } from '../services/ports'

/** OS notifications for new unread items. Each is kept referenced until it is clicked or closed,
 * or its click handler would be garbage-collected with it. */
export function createNotifier(icon?: string): NotifierPort {
  const live = new Map<string, Notification>()
  return {
    show({ id, title, body }, onClick) {
      if (!Notification.isSupported()) return
      const notification = new Notification({ title, body, icon })
      live.set(id, notification)
      notification.on('click', () => {
        live.delete(id)
        onClick()
      })
      notification.on('close', () => live.delete(id))
      notification.show()
    }
  }
}
