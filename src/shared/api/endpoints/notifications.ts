import { z } from 'zod'
import { singleLineText } from '../../domain/text'
import { notificationSchema } from '../../domain'
import { endpoint, none } from './base'

/** GET /notification/list's page size: by default, and at most. */
export const NOTIFICATION_PAGE_DEFAULT = 20
export const NOTIFICATION_PAGE_MAX = 100

export const notificationEndpoints = {
  // Notifications
  /**
   * The bell's list, newest first, a page at a time (issue 16): pass the answer's nextCursor as
   * `cursor` for the next (older) page; null on the last one. A malformed cursor is a 400.
   */
  listNotifications: endpoint({
    method: 'GET',
    path: '/notification/list',
    query: z.object({
      cursor: singleLineText().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_DEFAULT)
    }),
    body: none,
    response: z.object({ items: z.array(notificationSchema), nextCursor: z.string().nullable() })
  }),
  markNotificationRead: endpoint({
    method: 'PUT',
    path: '/notification/mark-as-read',
    query: none,
    body: z.object({ id: singleLineText().min(1).max(100).optional() }),
    response: z.object({ updated: z.number().int().nonnegative() })
  })
} as const
