import { randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { Notification } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { notifications } from '../db/schema'
import { notFound } from '../errors'
import { isUuid } from './ids'

export const NOTIFICATION_LIST_LIMIT = 100

export interface NotifyInput {
  organizationId: string
  userId: string
  title: string
  message: string
  /** In-app route to open when the notification is clicked, e.g. '/dashboard'. */
  link?: string | null
}

/**
 * The one way notifications are created. Every feature that tells a user about an event calls
 * notify(); the bell, GET /user's unread counts and the desktop tray all read what it stores.
 */
export interface NotificationService {
  /** Stores a notification; pass a transaction to make it part of the event's own write. */
  notify(input: NotifyInput, executor?: Executor): Promise<Notification>
  /** Newest first, at most 100, for this user in this organization. */
  list(organizationId: string, userId: string): Promise<Notification[]>
  /**
   * Marks one notification (id) or all unread ones (no id) of this user in this organization as
   * read. An id that is unknown, another user's or another organization's is a 404.
   */
  markRead(organizationId: string, userId: string, id?: string): Promise<number>
  /** Unread notifications of this user per organization id. */
  unreadCounts(userId: string): Promise<Map<string, number>>
}

type Row = typeof notifications.$inferSelect

const toNotification = (row: Row): Notification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  read: row.read,
  link: row.link,
  createdAt: row.createdAt.toISOString()
})

export function createNotificationService(db: Database, clock: Clock): NotificationService {
  return {
    async notify(input, executor = db) {
      const [row] = await executor
        .insert(notifications)
        .values({
          id: randomUUID(),
          organizationId: input.organizationId,
          userId: input.userId,
          title: input.title,
          message: input.message,
          link: input.link ?? null,
          read: false,
          createdAt: clock.now()
        })
        .returning()
      return toNotification(row!)
    },

    async list(organizationId, userId) {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATION_LIST_LIMIT)
      return rows.map(toNotification)
    },

    async markRead(organizationId, userId, id) {
      const mine = and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId))
      const readNow = { read: true, readAt: clock.now() }
      if (id === undefined) {
        const updated = await db
          .update(notifications)
          .set(readNow)
          .where(and(mine, eq(notifications.read, false)))
          .returning({ id: notifications.id })
        return updated.length
      }
      if (!isUuid(id)) throw notFound('Notification not found.')
      const [existing] = await db
        .select({ read: notifications.read })
        .from(notifications)
        .where(and(mine, eq(notifications.id, id)))
        .limit(1)
      if (!existing) throw notFound('Notification not found.')
      if (existing.read) return 0
      const updated = await db
        .update(notifications)
        .set(readNow)
        .where(and(mine, eq(notifications.id, id), eq(notifications.read, false)))
        .returning({ id: notifications.id })
      return updated.length
    },

    async unreadCounts(userId) {
      const rows = await db
        .select({ organizationId: notifications.organizationId, unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
        .groupBy(notifications.organizationId)
      return new Map(rows.map((r) => [r.organizationId, Number(r.unread)]))
    }
  }
}
