import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { MemberStatus, Role } from '../../../shared/domain/enums'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/** Memberships of users in organizations, and the invitations and join links that create them (issue 3). */

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<MemberStatus>().notNull(),
    /** Monthly target posts (spec §5: 0 or more, default 0). */
    assignedNumberOfPosts: integer('assigned_number_of_posts').notNull().default(0),
    userApprovalFlow: boolean('user_approval_flow').notNull().default(false),
    /** When the member last confirmed reading the organization's guideline (PUT /user/update-guideline-read-status). */
    guidelineReadAt: instant('guideline_read_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    uniqueIndex('memberships_org_user_unique').on(t.organizationId, t.userId),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('ADMIN', 'MEMBER', 'GHOST')`),
    check('memberships_status_check', sql`${t.status} in ('ACTIVE', 'INVITED')`),
    check('memberships_posts_check', sql`${t.assignedNumberOfPosts} >= 0`)
  ]
)

/** One open invitation per INVITED membership; the token itself is never stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the 256-bit token of the join link. */
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [uniqueIndex('invitations_token_unique').on(t.tokenHash), index('invitations_membership_idx').on(t.membershipId)]
)

/**
 * Join links that were used: accepting deletes the invitation, so without these a used link would
 * read as unknown ('invalid or has expired'). GET /join/info and POST /join/accept answer 410
 * join_link_used for them instead. Not counted anywhere (seats count memberships); they go with the
 * organization, and accepting removes those older than USED_JOIN_LINK_RETENTION_MS (services/members/joinLinks.ts).
 */
export const usedJoinLinks = pgTable(
  'used_join_links',
  {
    /** SHA-256 (hex) of the join link's token, as invitations.token_hash was. */
    tokenHash: text('token_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    acceptedAt: instant('accepted_at').notNull()
  },
  (t) => [index('used_join_links_accepted_idx').on(t.acceptedAt), index('used_join_links_organization_idx').on(t.organizationId)]
)
