import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { organizations } from './organizations'

/** Every email the mail adapter sent (the built-in outbox admins can read). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    joinUrl: text('join_url'),
    createdAt: createdAt(),
    /** Insertion order: messages of the same instant still list newest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull()
  },
  (t) => [index('outbox_org_seq_idx').on(t.organizationId, t.seq)]
)
