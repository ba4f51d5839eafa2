import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Notification } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { notificationUnreadCounts, notifications } from '../db/schema'
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

/** A notification's new wording after the event it tells of changed (e.g. its slot moved). */
export interface NotificationRevision {
  title: string
  message: string
  /** Unread again and back at the top of the list as new, so the user learns of the change. */
  resurface: boolean
}

/**
 * The one way notifications are created. Every feature that tells a user about an event calls
 * notify(); the bell, GET /user's unread counts and the desktop tray all read what it stores.
 */
export interface NotificationService {
  /** Stores a notification; pass a transaction to make it part of the event's own write. */
  notify(input: NotifyInput, executor?: Executor): Promise<Notification>
  /**
   * Rewords this user's notifications that link to one of `links`, e.g. when the slot a notification
   * names moved, so it never states an old date. `revise` returns the new wording, or null to leave
   * one as it is. Pass the event's transaction. Returns how many changed.
   */
  revise(
    target: { organizationId: string; userId: string; links: readonly string[] },
    revise: (notification: Notification) => NotificationRevision | null,
    executor?: Executor
  ): Promise<number>
  /** Newest first, at most 100, for this user in this organization. */
  list(organizationId: string, userId: string): Promise<Notification[]>
  /**
   * Marks one notification (id) or all unread ones (no id) of this user in this organization as
   * read. An id that is unknown, another user's or another organization's is a 404.
   */
  markRead(organizationId: string, userId: string, id?: string): Promise<number>
  /** Unread notifications of this user per organization id (counts kept by triggers, migration 0014). */
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

    async revise(target, revise, executor = db) {
      if (target.links.length === 0) return 0
      const rows = await executor
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.organizationId, target.organizationId),
            eq(notifications.userId, target.userId),
            inArray(notifications.link, [...new Set(target.links)])
          )
        )
        .for('update')
      let changed = 0
      for (const row of rows) {
        const revision = revise(toNotification(row))
        if (!revision) continue
        const resurfaced = revision.resurface ? { read: false, readAt: null, createdAt: clock.now() } : {}
        await executor
          .update(notifications)
          .set({ title: revision.title, message: revision.message, ...resurfaced })
          .where(eq(notifications.id, row.id))
        changed++
      }
      return changed
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
        .select({ organizationId: notificationUnreadCounts.organizationId, unread: notificationUnreadCounts.unread })
        .from(notificationUnreadCounts)
        .where(eq(notificationUnreadCounts.userId, userId))
      return new Map(rows.filter((r) => r.unread > 0).map((r) => [r.organizationId, r.unread]))
    }
  }
}
