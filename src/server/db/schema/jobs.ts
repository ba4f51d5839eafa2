import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'

/**
 * The one job runner's queue (issue 14, DESIGN.md §7): work of any kind that is due at `runAt`,
 * claimed with FOR UPDATE SKIP LOCKED by any server process (jobs/runner/). `key` names the work
 * within its kind (e.g. the post whose metrics to read), so a job is never queued twice.
 * `attempts` counts failed runs since the last success; `lockedUntil` lets another process take
 * over a job whose worker died.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** How many times the job ran to completion (the metrics schedule counts its snapshots with it). */
    runs: integer('runs').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('jobs_kind_key_unique').on(t.kind, t.key), index('jobs_due_idx').on(t.kind, t.runAt)]
)
