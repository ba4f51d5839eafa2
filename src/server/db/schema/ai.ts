import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/** AI generations. The AI setting templates are in ./organizations.ts, beside the business pages that use them. */

/** One row per AI generation (ideas or a draft): GENERATE_IDEAS_PER_MONTH counts this calendar month's (UTC). */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'ideas' | 'draft'>().notNull(),
    provider: text('provider').notNull(),
    createdAt: createdAt()
  },
  (t) => [index('ai_generations_org_created_idx').on(t.organizationId, t.createdAt)]
)
