import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Notification } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { notificationUnreadCounts, notifications } from '../db/schema'
import { badRequest, notFound } from '../errors'
import { isUuid } from './ids'

export const CURSOR_INVALID = 'That page of notifications no longer exists. Start again from the first page.'

/** A page of the bell's list: pass nextCursor back for the next (older) page; null on the last one. */
interface NotificationPage {
  items: Notification[]
  nextCursor: string | null
}

/**
 * Where a page ends: the last item's created_at in microseconds since the epoch (the column's own
 * precision, so two notifications in the same millisecond are never skipped or repeated) and its
 * id, as base64url. Opaque to clients.
 */
function encodeCursor(createdAtMicros: string, id: string): string {
  return Buffer.from(`${createdAtMicros}_${id}`).toString('base64url')
}

function decodeCursor(cursor: string): { micros: string; id: string } {
  const match = /^(-?\d{1,17})_(.+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || !match || !isUuid(match[2]!)) throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
  return { micros: match[1]!, id: match[2]! }
}

export interface NotifyInput {
  organizationId: string
  userId: string
  title: string
  message: string
  /** In-app route to open when the notification is clicked, e.g. '/dashboard'. */
  link?: string | null
}

/** A notification's new wording after the event it tells of changed (e.g. its slot moved). */
interface NotificationRevision {
  title: string
  message: string
  /** Unread again and back at the top of the list as new, so the user learns of the change. */
  resurface: boolean
  /** Where it now leads (when what it named is gone or moved to another slot); unchanged when absent. */
  link?: string | null
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
  /**
   * This user's notifications in this organization, newest first, `limit` at a time after `cursor`
   * (keyset on created_at and id: notifications_user_org_created_idx). A malformed cursor is a 400;
   * a cursor only positions, so another user's reveals nothing of theirs.
   */
  list(organizationId: string, userId: string, page: { cursor?: string; limit: number }): Promise<NotificationPage>
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
          .set({ title: revision.title, message: revision.message, ...(revision.link !== undefined ? { link: revision.link } : {}), ...resurfaced })
          .where(eq(notifications.id, row.id))
        changed++
      }
      return changed
    },

    async list(organizationId, userId, page) {
      const after = page.cursor === undefined ? null : decodeCursor(page.cursor)
      const rows = await db
        .select({ row: notifications, micros: sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint::text` })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.organizationId, organizationId),
            after
              ? sql`(${notifications.createdAt}, ${notifications.id}) < ('epoch'::timestamptz + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
              : undefined
          )
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(page.limit + 1)
      const items = rows.slice(0, page.limit)
      const last = items.at(-1)
      return {
        items: items.map((r) => toNotification(r.row)),
        nextCursor: rows.length > page.limit && last ? encodeCursor(last.micros, last.row.id) : null
      }
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
