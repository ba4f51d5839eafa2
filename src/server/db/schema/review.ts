import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import type { FeedbackKind, Priority } from '../../../shared/domain/enums'
import type { FeedbackStatus } from '../../../shared/domain/entities'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { posts } from './posts'
import { users } from './users'

/** Review of a post (issue 13): the feedback request, its reviewers, and comments and suggestions. */

/** A post's feedback request (issue 13): one per post; `open` false once withdrawn. */
export const reviewRequests = pgTable(
  'review_requests',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    open: boolean('open').notNull().default(true),
    priority: text('priority').$type<Priority>().notNull().default('NOPRIORITY'),
    dueAt: instant('due_at'),
    message: text('message').notNull().default(''),
    requestedAt: instant('requested_at').notNull(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('review_requests_org_open_idx').on(t.organizationId, t.open),
    check('review_requests_priority_check', sql`${t.priority} in ('URGENT', 'HIGH', 'MEDIUM', 'LOW', 'NOPRIORITY')`)
  ]
)

/** The reviewers asked on a post (issue 13). */
export const reviewReviewers = pgTable(
  'review_reviewers',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => reviewRequests.postId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: instant('added_at').notNull()
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('review_reviewers_user_idx').on(t.userId)]
)

/** Comments (with replies) and suggestions on a post (issue 13). Never published. */
export const reviewFeedback = pgTable(
  'review_feedback',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<FeedbackKind>().notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => reviewFeedback.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    /** User ids @mentioned (each notified once, when the feedback was written). */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    /** UTF-16 offsets into the text of `anchorRevision`, and the text they held. */
    anchorStart: integer('anchor_start'),
    anchorEnd: integer('anchor_end'),
    anchorQuote: text('anchor_quote'),
    anchorRevision: integer('anchor_revision'),
    replacement: text('replacement'),
    status: text('status').$type<FeedbackStatus>().notNull().default('OPEN'),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: instant('resolved_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('review_feedback_post_idx').on(t.postId, t.createdAt),
    check('review_feedback_kind_check', sql`${t.kind} in ('SUGGESTION', 'COMMENT')`),
    check('review_feedback_status_check', sql`${t.status} in ('OPEN', 'RESOLVED', 'ACCEPTED', 'DISMISSED')`)
  ]
)
