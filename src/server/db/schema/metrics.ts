import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'
import { posts } from './posts'

/** A published post's results from LinkedIn (issue 14): every reading, and the latest. */

/**
 * A published post's results over time (issue 14): one row per reading of LinkedIn's statistics.
 * `clicks` and `membersReached` are null where LinkedIn does not report them.
 */
export const postMetricSnapshots = pgTable(
  'post_metric_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    takenAt: instant('taken_at').notNull(),
    impressions: integer('impressions').notNull(),
    membersReached: integer('members_reached'),
    reactions: integer('reactions').notNull(),
    comments: integer('comments').notNull(),
    reshares: integer('reshares').notNull(),
    clicks: integer('clicks')
  },
  (t) => [index('post_metric_snapshots_post_idx').on(t.postId, t.takenAt), index('post_metric_snapshots_org_idx').on(t.organizationId, t.takenAt)]
)

/**
 * A published post's latest results (issue 14), kept beside the snapshots so Analytics, Team
 * effort and the dashboard read one row per post. status 'unavailable': LinkedIn does not give
 * this connection the post's statistics (said once, not retried every run).
 */
export const postMetrics = pgTable(
  'post_metrics',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').$type<'ok' | 'unavailable'>().notNull().default('ok'),
    impressions: integer('impressions').notNull().default(0),
    membersReached: integer('members_reached'),
    reactions: integer('reactions').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    reshares: integer('reshares').notNull().default(0),
    clicks: integer('clicks'),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [index('post_metrics_org_idx').on(t.organizationId), check('post_metrics_status_check', sql`${t.status} in ('ok', 'unavailable')`)]
)
