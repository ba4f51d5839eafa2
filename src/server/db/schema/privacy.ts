import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/** Each person's data, out and erased (issue 28, GDPR articles 15, 17 and 20): the export requests. */

/**
 * "Download everything Pagecrew holds about me" (services/privacy/): one row per request, prepared
 * by the job runner's personal-data-export kind, which moves status and progress along and writes
 * the ZIP into the exports storage (file_key). The file goes at expires_at (7 days), the row stays
 * as 'expired' so the list of earlier exports still shows it. scope 'account': everything about the
 * person (asked by themselves); 'organization': only organization_id's rows (asked by its admin).
 */
export const personalDataExports = pgTable(
  'personal_data_exports',
  {
    id: uuid('id').primaryKey(),
    subjectUserId: uuid('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where it was asked (the ready notification goes there); for scope 'organization' also whose rows it holds. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<'account' | 'organization'>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'ready' | 'failed' | 'expired'>().notNull().default('queued'),
    /** 0-100: the share of the covered tables written so far. */
    progress: integer('progress').notNull().default(0),
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: instant('completed_at'),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [
    index('personal_data_exports_subject_idx').on(t.subjectUserId, t.createdAt),
    index('personal_data_exports_expires_idx').on(t.expiresAt).where(sql`${t.status} <> 'expired'`),
    check('personal_data_exports_scope_check', sql`${t.scope} in ('account', 'organization')`),
    check('personal_data_exports_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'failed', 'expired')`),
    check('personal_data_exports_progress_check', sql`${t.progress} between 0 and 100`)
  ]
)
