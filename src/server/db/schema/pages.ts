import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { businessPages, organizations } from './organizations'
import { users } from './users'

/** What belongs to a business page besides itself (./organizations.ts): who posts for it, and its post tags. */

export const businessPageMembers = pgTable(
  'business_page_members',
  {
    businessPageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' })
  },
  (t) => [primaryKey({ columns: [t.businessPageId, t.userId] }), index('business_page_members_org_user_idx').on(t.organizationId, t.userId)]
)

export const businessPostTags = pgTable(
  'business_post_tags',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    businessPageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('business_post_tags_page_title_unique').on(t.businessPageId, sql`lower(${t.title})`)]
)
