import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { users } from './users'

/**
 * The Social Selling Index as the user read it on LinkedIn's SSI page (issue 15): LinkedIn publishes
 * no SSI API and Pagecrew never scrapes. Pillars 0-25 each, optional. The latest is the badge's.
 */
export const ssiRecords = pgTable(
  'ssi_records',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    brand: integer('brand'),
    people: integer('people'),
    insights: integer('insights'),
    relationships: integer('relationships'),
    recordedAt: instant('recorded_at').notNull()
  },
  (t) => [
    index('ssi_records_user_recorded_idx').on(t.userId, t.recordedAt),
    check('ssi_records_score_check', sql`${t.score} between 0 and 100`),
    check(
      'ssi_records_pillars_check',
      sql`coalesce(${t.brand}, 0) between 0 and 25 and coalesce(${t.people}, 0) between 0 and 25 and coalesce(${t.insights}, 0) between 0 and 25 and coalesce(${t.relationships}, 0) between 0 and 25`
    )
  ]
)
