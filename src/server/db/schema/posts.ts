import { sql } from 'drizzle-orm'
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { ApprovalStatus, PostStatus, PostType } from '../../../shared/domain/enums'
import { createdAt, instant } from './columns'
import { businessPages, organizations } from './organizations'
import { assignedSlots } from './slots'
import { teams } from './teams'
import { users } from './users'

/**
 * Posts, their publish attempts and kept revisions, and recommendations (issue 15). A post may be a
 * reshare made from a recommendation, and a recommendation may point at one of the organization's
 * posts: the two reference each other, so they share this file.
 */

/**
 * Posts (issue 6). A post publishes as its author (businessPageId null) or as a business page.
 * Publishing is exactly-once (src/server/jobs/publisher/): a worker claims SCHEDULED rows whose
 * scheduledAt has come (status, scheduled_at index), moves them to PENDING_PUBLISH and records a
 * publish_attempts row in the same transaction. A failed attempt returns the post to DRAFT with
 * failureReason set (null otherwise). `version` is bumped by every edit so a result computed for an
 * older version never overwrites it; idempotencyKey is sent to LinkedIn and is regenerated only by
 * an explicit user retry.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessPageId: uuid('business_page_id').references(() => businessPages.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id').references(() => assignedSlots.id, { onDelete: 'set null' }),
    type: text('type').$type<PostType>().notNull().default('textOnly'),
    status: text('status').$type<PostStatus>().notNull().default('DRAFT'),
    text: text('text').notNull().default(''),
    poll: jsonb('poll').$type<{ question: string; options: string[]; durationDays?: number }>(),
    scheduledAt: instant('scheduled_at'),
    publishedAt: instant('published_at'),
    linkedInPostUrn: text('linked_in_post_urn'),
    failureReason: text('failure_reason'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    version: integer('version').notNull().default(1),
    /** The content revision (issue 13): bumped when text, type, poll, media or the page change; each is kept in post_versions. */
    revision: integer('revision').notNull().default(1),
    /** Approval (issue 13): null until sent for approval; then PENDING, APPROVED (for approved_revision) or REJECTED. */
    approvalStatus: text('approval_status').$type<ApprovalStatus>(),
    approvedRevision: integer('approved_revision'),
    approvalDecidedBy: uuid('approval_decided_by').references(() => users.id, { onDelete: 'set null' }),
    approvalDecidedAt: instant('approval_decided_at'),
    /** The rejection's reason. */
    approvalReason: text('approval_reason'),
    /** A reshare (issue 15): the LinkedIn post it reshares (its text is the reshare's comment). */
    reshareOfUrn: text('reshare_of_urn'),
    /** The recommendation a reshare was made from (the recommender sees who reshared). */
    recommendationId: uuid('recommendation_id').references((): AnyPgColumn => recommendations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    uniqueIndex('posts_idempotency_key_unique').on(t.idempotencyKey),
    index('posts_org_approval_idx').on(t.organizationId, t.approvalStatus),
    check('posts_approval_status_check', sql`${t.approvalStatus} is null or ${t.approvalStatus} in ('APPROVED', 'PENDING', 'REJECTED')`),
    index('posts_status_scheduled_idx').on(t.status, t.scheduledAt),
    /**
     * Analytics, Team effort and the dashboard read an organization's published posts by period (issue 14).
     * Newest first with the id as tie-break, as Analytics pages its posts by default: the first page of
     * 20,000 posts reads 100 index entries instead of sorting them all (tests/bench/results.bench.ts).
     */
    index('posts_org_published_idx')
      .on(t.organizationId, t.publishedAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED'`),
    index('posts_org_author_idx').on(t.organizationId, t.authorUserId),
    /**
     * The posts not yet published, which every dashboard counts for "For my review" (issue 14): a
     * few, where the published ones run to tens of thousands (tests/bench/results.bench.ts).
     */
    index('posts_org_unpublished_idx').on(t.organizationId).where(sql`${t.status} <> 'PUBLISHED'`),
    index('posts_slot_idx').on(t.slotId),
    index('posts_recommendation_idx').on(t.recommendationId),
    check('posts_type_check', sql`${t.type} in ('textOnly', 'images', 'videos', 'poll', 'document', 'multiImage')`),
    check(
      'posts_status_check',
      sql`${t.status} in ('DRAFT', 'SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED', 'ASK_FOR_FEEDBACK', 'RECOMMENDED')`
    )
  ]
)

/** Every publish attempt of a post: outcome null while running, then 'published', 'failed' or 'unknown'. */
export const publishAttempts = pgTable(
  'publish_attempts',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workerId: text('worker_id').notNull(),
    postVersion: integer('post_version').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    outcome: text('outcome').$type<'published' | 'failed' | 'unknown'>(),
    error: text('error')
  },
  (t) => [
    index('publish_attempts_post_idx').on(t.postId, t.startedAt),
    index('publish_attempts_running_idx').on(t.startedAt).where(sql`${t.outcome} is null`),
    check('publish_attempts_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('published', 'failed', 'unknown')`)
  ]
)

/**
 * Every kept revision of a post (issue 13): written in the same transaction as the change that
 * made it (create, an edit of its content, an accepted suggestion). What was published is always
 * one of these.
 */
export const postVersions = pgTable(
  'post_versions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').$type<PostType>().notNull(),
    text: text('text').notNull(),
    poll: jsonb('poll').$type<{ question: string; options: string[]; durationDays?: number }>(),
    /** The media ids in display order when this revision was saved. */
    mediaIds: jsonb('media_ids').$type<string[]>().notNull().default([]),
    businessPageId: uuid('business_page_id').references(() => businessPages.id, { onDelete: 'set null' }),
    savedByUserId: uuid('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.postId, t.revision] })]
)

/**
 * A post admins or team leaders recommend for resharing: one of the organization's published posts
 * (postId) or any LinkedIn post address (linkedInPostUrl). The LinkedIn URN is what a reshare
 * points at.
 */
export const recommendations = pgTable(
  'recommendations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    linkedInPostUrn: text('linked_in_post_urn').notNull(),
    linkedInPostUrl: text('linked_in_post_url').notNull(),
    /** What the card previews: the post's text (organization posts) or '' (an outside address). */
    previewText: text('preview_text').notNull().default(''),
    previewAuthor: text('preview_author').notNull().default(''),
    note: text('note').notNull().default(''),
    suggestedComments: jsonb('suggested_comments').$type<string[]>().notNull(),
    audience: text('audience').$type<'everyone' | 'teams' | 'members'>().notNull(),
    endsAt: instant('ends_at'),
    createdAt: createdAt()
  },
  (t) => [
    index('recommendations_org_created_idx').on(t.organizationId, t.createdAt),
    check('recommendations_audience_check', sql`${t.audience} in ('everyone', 'teams', 'members')`)
  ]
)

/** Who a recommendation is for when its audience is teams or members: one row per team or member. */
export const recommendationAudience = pgTable(
  'recommendation_audience',
  {
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => recommendations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' })
  },
  (t) => [
    index('recommendation_audience_rec_idx').on(t.recommendationId),
    index('recommendation_audience_user_idx').on(t.userId),
    index('recommendation_audience_team_idx').on(t.teamId),
    check('recommendation_audience_one_check', sql`(${t.teamId} is null) <> (${t.userId} is null)`)
  ]
)

/** A member hid a recommendation from their /recommended. */
export const recommendationDismissals = pgTable(
  'recommendation_dismissals',
  {
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => recommendations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: instant('dismissed_at').notNull()
  },
  (t) => [primaryKey({ columns: [t.recommendationId, t.userId] })]
)
