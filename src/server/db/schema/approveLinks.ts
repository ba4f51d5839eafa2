import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { posts } from './posts'
import { users } from './users'

/**
 * Signed, single-use, expiring action links for approvals (issue 28; docs/architecture.md, "Approve
 * links"): Approve or Request changes for one revision of a post, made when approval is asked for.
 * An approver's link (emailed) names them; a channel's link (Slack, Teams) has no approver and any
 * approver of the post may use it once. Only the token's SHA-256 is kept: the token itself is an
 * HMAC of the row id under the server's key, so a chat message can be built again on a retry.
 * Not derived data: nothing keeps it current but its use case.
 */
export const approveLinks = pgTable(
  'approve_links',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The revision approval was asked for: a link never decides another one. */
    revision: integer('revision').notNull(),
    /** The approver it was made for; null: a chat channel's link (any approver of the post). */
    approverUserId: uuid('approver_user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['approve', 'request_changes'] }).notNull(),
    /** SHA-256 (hex) of the link's token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    usedByUserId: uuid('used_by_user_id').references(() => users.id, { onDelete: 'set null' })
  },
  (t) => [
    uniqueIndex('approve_links_token_unique').on(t.tokenHash),
    index('approve_links_post_idx').on(t.postId, t.revision),
    // One channel link per post revision and action: a retried chat message names the same link.
    uniqueIndex('approve_links_channel_unique').on(t.postId, t.revision, t.action).where(sql`${t.approverUserId} is null`),
    index('approve_links_expires_idx').on(t.expiresAt),
    check('approve_links_action_check', sql`${t.action} in ('approve', 'request_changes')`)
  ]
)
