import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { businessPages, organizations } from './organizations'
import { businessPostTags } from './pages'
import { postTags } from './tags'
import { users } from './users'

/** The Plan: posting slots, the pages of business-page slots, and the Plan's version per organization (issue 16). */

/**
 * Posting slots of the Plan (issue 5): one row per assignee and occurrence. A recurring or
 * multi-member assignment shares a seriesId; `occurrence` orders a member's occurrences in it.
 */
export const assignedSlots = pgTable(
  'assigned_slots',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').notNull(),
    occurrence: integer('occurrence').notNull().default(0),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The instant; shown in each viewer's timezone. */
    time: instant('time').notNull(),
    /** The assigner's IANA timezone: recurrences keep its wall-clock time. */
    timezone: text('timezone').notNull(),
    comment: text('comment').notNull().default(''),
    autoAssign: boolean('auto_assign').notNull().default(false),
    tagId: uuid('tag_id').references(() => postTags.id, { onDelete: 'set null' }),
    isBusinessPageSlot: boolean('is_business_page_slot').notNull().default(false),
    businessPostTagId: uuid('business_post_tag_id').references(() => businessPostTags.id, { onDelete: 'set null' }),
    targetAudience: text('target_audience').notNull().default(''),
    postType: text('post_type').notNull().default('textOnly'),
    recurrenceType: text('recurrence_type').$type<'weekly' | 'monthly'>(),
    recurrenceInterval: integer('recurrence_interval'),
    recurrenceCount: integer('recurrence_count'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When slot.missed was written for it (jobs/missedSlots.ts): told once; null while not told. */
    missedAt: instant('missed_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('assigned_slots_org_time_idx').on(t.organizationId, t.time),
    // The missed-slots job's walk: slots not yet told of, by time.
    index('assigned_slots_not_missed_time_idx').on(t.time).where(sql`${t.missedAt} is null`),
    index('assigned_slots_org_assignee_time_idx').on(t.organizationId, t.assigneeId, t.time),
    index('assigned_slots_series_idx').on(t.seriesId),
    check('assigned_slots_post_type_check', sql`${t.postType} in ('textOnly', 'images', 'videos', 'poll', 'document', 'multiImage')`),
    check(
      'assigned_slots_recurrence_check',
      sql`(${t.recurrenceType} is null and ${t.recurrenceInterval} is null and ${t.recurrenceCount} is null) or (${t.recurrenceType} in ('weekly', 'monthly') and ${t.recurrenceInterval} between 1 and 4 and ${t.recurrenceCount} between 1 and 16)`
    )
  ]
)

/** The business pages a business-page slot is for. */
export const assignedSlotPages = pgTable(
  'assigned_slot_pages',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => assignedSlots.id, { onDelete: 'cascade' }),
    businessPageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' })
  },
  (t) => [primaryKey({ columns: [t.slotId, t.businessPageId] }), index('assigned_slot_pages_page_idx').on(t.businessPageId)]
)

/**
 * The Plan's version per organization (issue 16): triggers (migration 0015) note every organization
 * whose calendar a statement changes — slots, their pages, the Plan's posts, members, teams, tags,
 * business pages, and the names and pictures of its people — and bump each noted version once as
 * the transaction commits. A server process keeps calendar answers it wrote beside the version they
 * were read at, and serves one again only while the version is still the same
 * (http/answerCache.ts). No foreign key: the triggers also fire for rows deleted with their organization.
 */
export const planVersions = pgTable('plan_versions', {
  organizationId: uuid('organization_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull()
})
