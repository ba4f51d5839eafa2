import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/** Post tags (topics) and the members each is assigned to. */

export const postTags = pgTable(
  'post_tags',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('post_tags_org_title_unique').on(t.organizationId, sql`lower(${t.title})`)]
)

export const postTagAssignments = pgTable(
  'post_tag_assignments',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => postTags.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' })
  },
  (t) => [primaryKey({ columns: [t.tagId, t.userId] }), index('post_tag_assignments_org_user_idx').on(t.organizationId, t.userId)]
)
