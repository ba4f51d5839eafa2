import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { aiTemplates, organizations } from './organizations'
import { users } from './users'

/** Teams and their members (a user is in at most one team per organization). */

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    requireTag: boolean('require_tag').notNull().default(false),
    aiSettingTemplateId: uuid('ai_setting_template_id').references(() => aiTemplates.id, { onDelete: 'set null' }),
    /** File name under <dataDir>/uploads/teams, e.g. '<uuid>.png'. */
    imageFile: text('image_file'),
    imageName: text('image_name'),
    imageContentType: text('image_content_type'),
    /** Changes with every new image: the previewURL's ?v= (cache busting). */
    imageVersion: text('image_version'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [index('teams_org_idx').on(t.organizationId)]
)

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isLeader: boolean('is_leader').notNull().default(false),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    // A user is in at most one team per organization.
    uniqueIndex('team_members_one_team_per_org').on(t.organizationId, t.userId),
    // GET /user lists the user's teams in every organization.
    index('team_members_user_idx').on(t.userId)
  ]
)
