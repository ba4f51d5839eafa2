import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/** In-app notifications (the bell) and their unread counts. */

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
    readAt: instant('read_at')
  },
  (t) => [
    index('notifications_user_org_idx').on(t.userId, t.organizationId, t.read, t.createdAt),
    // The bell's pages, newest first with the id as tie-break (keyset paging, issue 16). NULLS FIRST as
    // ORDER BY ... DESC has it, or PostgreSQL does not read the index in that order.
    index('notifications_user_org_created_idx').on(t.userId, t.organizationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
  ]
)

/**
 * Unread notifications per user and organization, kept by triggers on notifications (migration
 * 0014) in the statement that changes them, so GET /user, polled every 30 s, reads a number instead
 * of counting thousands of rows.
 */
export const notificationUnreadCounts = pgTable(
  'notification_unread_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull()
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] })]
)
