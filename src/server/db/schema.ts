import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid
} from 'drizzle-orm/pg-core'
import type { ApprovalStatus, FeedbackKind, MemberStatus, PlanStatus, PostStatus, PostType, Priority, Role } from '../../shared/domain/enums'
import type { FeedbackStatus } from '../../shared/domain/entities'
import type { MediaKind } from '../../shared/domain/entities'

/**
 * The database schema. Change it, then run `npm run db:generate` to write a migration into
 * ./migrations (applied in order at server start by ./migrate.ts). Enumerations are text columns
 * with CHECK constraints rather than PostgreSQL enum types, so later issues can extend them with a
 * plain migration.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull()
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Always stored trimmed and lower-case. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    image: text('image'),
    timezone: text('timezone'),
    /** argon2id PHC string; null for users who sign in through an outside identity provider. */
    passwordHash: text('password_hash'),
    /** The profile photo uploaded in Settings → Profile (under <uploads>/users), served at USER_PHOTO_PATH; `image` then points there. */
    photoFile: text('photo_file'),
    photoContentType: text('photo_content_type'),
    /** Changes with every upload, so the photo's address (`?v=`) changes and caches refetch it. */
    photoVersion: text('photo_version'),
    /** The organization the user last worked in; a new sign-in starts there. */
    lastOrganizationId: uuid('last_organization_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'set null'
    }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)]
)

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    /** Public organization id used by the API and deep links (`org_` + 26 base32 characters). */
    organizationWorkOSId: text('organization_work_os_id').notNull(),
    name: text('name').notNull(),
    /** PUT /organization/settings/default-page/update */
    defaultBusinessPageId: uuid('default_business_page_id').references((): AnyPgColumn => businessPages.id, { onDelete: 'set null' }),
    /** The posting guideline (POLICY_PAGE), Markdown written by admins; null when there is none. */
    guideline: text('guideline'),
    /** When the guideline was last changed: a member has read it when their membership's guideline_read_at is not older. */
    guidelineUpdatedAt: instant('guideline_updated_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('organizations_work_os_id_unique').on(t.organizationWorkOSId)]
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the 256-bit cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session's current organization; null during onboarding. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** How the session was opened: a password (sign-up, sign-in, joining) or single sign-on. Required SSO ends and refuses 'password' ones. */
    method: text('method', { enum: ['password', 'sso'] }).notNull().default('password'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)]
)

/**
 * Fixed-window counters of failed password checks (sign-in, joining with an existing account,
 * the current password of a credential change), shared by every server on the database so a
 * limit holds however many processes answer. Keys are hashed: no address or email is stored.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    /** SHA-256 (hex) of the counter's key, e.g. 'address|203.0.113.7' or 'address-email|203.0.113.7|a@b.c'. */
    keyHash: text('key_hash').primaryKey(),
    count: integer('count').notNull(),
    /** When this window ends; a hit after it starts a new window at 1. */
    resetAt: instant('reset_at').notNull()
  },
  (t) => [index('auth_throttle_reset_idx').on(t.resetAt)]
)

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

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** A plan id of PLANS (src/shared/constants.ts); null during the trial. */
    productId: text('product_id'),
    status: text('status').$type<PlanStatus>().notNull(),
    availableSeats: integer('available_seats').notNull(),
    minSeats: integer('min_seats').notNull().default(1),
    trialEndsAt: instant('trial_ends_at'),
    endsAt: instant('ends_at'),
    /** The bought plan variant (PLANS[].variants[].priceId; Stripe price lookup_key); null during the trial. */
    priceId: text('price_id'),
    /** End of the paid period; the subscription renews then unless cancelAtPeriodEnd. */
    currentPeriodEnd: instant('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** 'builtin' or 'stripe': which billing provider keeps this subscription. */
    provider: text('provider').notNull().default('builtin'),
    /** The provider's customer and subscription ids (Stripe cus_… / sub_…); null for built-in billing. */
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the provider last changed this row (webhook event time): older events are ignored. */
    providerUpdatedAt: instant('provider_updated_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    uniqueIndex('subscriptions_org_unique').on(t.organizationId),
    index('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    index('subscriptions_provider_customer_idx').on(t.providerCustomerId),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('trialing', 'on_trial', 'active', 'canceled', 'cancelled', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused', 'expired')`
    ),
    check('subscriptions_seats_check', sql`${t.availableSeats} >= 0 and ${t.minSeats} >= 1`)
  ]
)

export const businessPages = pgTable(
  'business_pages',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    image: text('image'),
    linkedInCompanyName: text('linked_in_company_name').notNull(),
    linkedInWebsite: text('linked_in_website'),
    linkedInCompanyDescription: text('linked_in_company_description'),
    linkedInPageLink: text('linked_in_page_link'),
    /** The page's numeric LinkedIn organization id (urn:li:organization:<id>), needed to publish as it through LinkedIn's API. */
    linkedInOrganizationId: text('linked_in_organization_id'),
    /** Onboarding's industry, used only while the page has no AI setting template. */
    industry: text('industry'),
    /** The page's AI setting template: its industries are the page's industries. */
    aiSettingTemplateId: uuid('ai_setting_template_id').references((): AnyPgColumn => aiTemplates.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [index('business_pages_org_idx').on(t.organizationId)]
)

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
    readAt: instant('read_at')
  },
  (t) => [
    index('notifications_user_org_idx').on(t.userId, t.organizationId, t.read, t.createdAt),
    // The bell's pages, newest first with the id as tie-break (keyset paging, issue 16). NULLS FIRST as
    // ORDER BY ... DESC has it, or PostgreSQL does not read the index in that order.
    index('notifications_user_org_created_idx').on(t.userId, t.organizationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
  ]
)

/**
 * Unread notifications per user and organization, kept by triggers on notifications (migration
 * 0014) in the statement that changes them, so GET /user, polled every 30 s, reads a number instead
 * of counting thousands of rows.
 */
export const notificationUnreadCounts = pgTable(
  'notification_unread_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull()
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] })]
)

/**
 * The Plan's version per organization (issue 16): triggers (migration 0015) note every organization
 * whose calendar a statement changes — slots, their pages, the Plan's posts, members, teams, tags,
 * business pages, and the names and pictures of its people — and bump each noted version once as
 * the transaction commits. A server process keeps calendar answers it wrote beside the version they
 * were read at, and serves one again only while the version is still the same
 * (http/answerCache.ts). No foreign key: the triggers also fire for rows deleted with their organization.
 */
export const planVersions = pgTable('plan_versions', {
  organizationId: uuid('organization_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull()
})

/**
 * Academy certificates (issue 15): issued when a final quiz is passed. The id is 128 random bits
 * (unguessable, never sequential). The holder's name, the course and the organization are kept as
 * they were at issue: a certificate is a document, and renaming a course does not change it.
 */
export const certificates = pgTable(
  'certificates',
  {
    certificateId: text('certificate_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull().default(''),
    courseTitle: text('course_title').notNull(),
    holderName: text('holder_name').notNull().default(''),
    organizationName: text('organization_name').notNull().default(''),
    issuedAt: instant('issued_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revocationReason: text('revocation_reason')
  },
  (t) => [
    index('certificates_user_idx').on(t.userId),
    index('certificates_org_issued_idx').on(t.organizationId, t.issuedAt),
    // One live certificate per holder, organization and course: passing again returns it.
    uniqueIndex('certificates_live_unique').on(t.userId, t.organizationId, t.courseSlug).where(sql`${t.revokedAt} is null`)
  ]
)

// ---------------------------------------------------------------------------------------------
// Organization administration (issue 3)
// ---------------------------------------------------------------------------------------------

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
 * organization, and accepting removes those older than USED_JOIN_LINK_RETENTION_MS (services/members.ts).
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

export const aiTemplates = pgTable(
  'ai_templates',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateName: text('template_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    tone: text('tone').notNull().default(''),
    targetAudience: text('target_audience').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('ai_templates_org_idx').on(t.organizationId),
    // At most one default per organization.
    uniqueIndex('ai_templates_one_default').on(t.organizationId).where(sql`${t.isDefault}`)
  ]
)

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

export const postTags = pgTable(
  'post_tags',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('post_tags_org_title_unique').on(t.organizationId, sql`lower(${t.title})`)]
)

export const postTagAssignments = pgTable(
  'post_tag_assignments',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => postTags.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' })
  },
  (t) => [primaryKey({ columns: [t.tagId, t.userId] }), index('post_tag_assignments_org_user_idx').on(t.organizationId, t.userId)]
)

export const businessPageMembers = pgTable(
  'business_page_members',
  {
    businessPageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' })
  },
  (t) => [primaryKey({ columns: [t.businessPageId, t.userId] }), index('business_page_members_org_user_idx').on(t.organizationId, t.userId)]
)

export const businessPostTags = pgTable(
  'business_post_tags',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    businessPageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('business_post_tags_page_title_unique').on(t.businessPageId, sql`lower(${t.title})`)]
)

/** Invoices of an organization's subscription (built-in billing writes them; Stripe's arrive by webhook). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Human invoice number, e.g. PC-2026-000123 (Stripe's number for Stripe invoices). */
    number: text('number').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** Amounts in minor units (cents); the currency is not shown (spec §9). */
    unitAmountCents: integer('unit_amount_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'paid' | 'open' | 'void'>().notNull(),
    periodStart: instant('period_start'),
    periodEnd: instant('period_end'),
    /** Where the provider shows this invoice (Stripe hosted_invoice_url); null for built-in billing. */
    url: text('url'),
    /** The provider's invoice id (Stripe in_…), unique per provider, so replays do not duplicate. */
    providerInvoiceId: text('provider_invoice_id'),
    createdAt: createdAt()
  },
  (t) => [
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('invoices_provider_invoice_unique').on(t.providerInvoiceId),
    check('invoices_status_check', sql`${t.status} in ('paid', 'open', 'void')`),
    check('invoices_amount_check', sql`${t.quantity} >= 0 and ${t.unitAmountCents} >= 0`)
  ]
)

/** Provider webhook events already applied (idempotency: a replayed event id changes nothing). */
export const billingEvents = pgTable('billing_events', {
  /** The provider's event id (Stripe evt_…). */
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  receivedAt: createdAt()
})

/** Short-lived links to the built-in billing portal (GET /billing/customer-portal-url); only the hash is kept. */
export const billingPortalTokens = pgTable(
  'billing_portal_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt()
  },
  (t) => [index('billing_portal_tokens_org_idx').on(t.organizationId)]
)

/**
 * Posting slots of the Plan (issue 5): one row per assignee and occurrence. A recurring or
 * multi-member assignment shares a seriesId; `occurrence` orders a member's occurrences in it.
 */
export const assignedSlots = pgTable(
  'assigned_slots',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').notNull(),
    occurrence: integer('occurrence').notNull().default(0),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The instant; shown in each viewer's timezone. */
    time: instant('time').notNull(),
    /** The assigner's IANA timezone: recurrences keep its wall-clock time. */
    timezone: text('timezone').notNull(),
    comment: text('comment').notNull().default(''),
    autoAssign: boolean('auto_assign').notNull().default(false),
    tagId: uuid('tag_id').references(() => postTags.id, { onDelete: 'set null' }),
    isBusinessPageSlot: boolean('is_business_page_slot').notNull().default(false),
    businessPostTagId: uuid('business_post_tag_id').references(() => businessPostTags.id, { onDelete: 'set null' }),
    targetAudience: text('target_audience').notNull().default(''),
    postType: text('post_type').notNull().default('textOnly'),
    recurrenceType: text('recurrence_type').$type<'weekly' | 'monthly'>(),
    recurrenceInterval: integer('recurrence_interval'),
    recurrenceCount: integer('recurrence_count'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When slot.missed was written for it (jobs/missedSlots.ts): told once; null while not told. */
    missedAt: instant('missed_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('assigned_slots_org_time_idx').on(t.organizationId, t.time),
    // The missed-slots job's walk: slots not yet told of, by time.
    index('assigned_slots_not_missed_time_idx').on(t.time).where(sql`${t.missedAt} is null`),
    index('assigned_slots_org_assignee_time_idx').on(t.organizationId, t.assigneeId, t.time),
    index('assigned_slots_series_idx').on(t.seriesId),
    check('assigned_slots_post_type_check', sql`${t.postType} in ('textOnly', 'images', 'videos', 'poll', 'document', 'multiImage')`),
    check(
      'assigned_slots_recurrence_check',
      sql`(${t.recurrenceType} is null and ${t.recurrenceInterval} is null and ${t.recurrenceCount} is null) or (${t.recurrenceType} in ('weekly', 'monthly') and ${t.recurrenceInterval} between 1 and 4 and ${t.recurrenceCount} between 1 and 16)`
    )
  ]
)

/** The business pages a business-page slot is for. */
export const assignedSlotPages = pgTable(
  'assigned_slot_pages',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => assignedSlots.id, { onDelete: 'cascade' }),
    businessPageId: uuid('business_page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' })
  },
  (t) => [primaryKey({ columns: [t.slotId, t.businessPageId] }), index('assigned_slot_pages_page_idx').on(t.businessPageId)]
)

/**
 * Posts (issue 6). A post publishes as its author (businessPageId null) or as a business page.
 * Publishing is exactly-once (src/server/jobs/publisher.ts): a worker claims SCHEDULED rows whose
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
 * A member's LinkedIn connection (issue 6): one per user, whatever the organization. Tokens are
 * encrypted at rest (AES-256-GCM, services/tokenCrypto.ts); a reconnect that brings no new refresh
 * token keeps the stored one.
 */
export const linkedInConnections = pgTable('linkedin_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'sandbox' | 'linkedin'>().notNull(),
  /** LinkedIn's member id (the `sub` of userinfo): the person author urn is urn:li:person:<id>. */
  linkedInMemberId: text('linked_in_member_id').notNull(),
  memberName: text('member_name'),
  scope: text('scope').notNull().default(''),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  accessTokenExpiresAt: instant('access_token_expires_at').notNull(),
  refreshTokenEncrypted: text('refresh_token_encrypted'),
  refreshTokenExpiresAt: instant('refresh_token_expires_at'),
  connectedAt: instant('connected_at').notNull(),
  updatedAt: instant('updated_at').notNull()
})

/** A LinkedIn connection under way: the OAuth state, its PKCE verifier and where LinkedIn sends the code back. */
export const linkedInAuthorizations = pgTable(
  'linkedin_authorizations',
  {
    /** SHA-256 (hex) of the state sent to LinkedIn. */
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [index('linkedin_authorizations_user_idx').on(t.userId)]
)

/**
 * Post media (issue 6): uploaded in chunks to <dataDir>/uploads/media (the storage adapter) and
 * READY once complete; images also get a thumbnail. UPLOADING rows older than a day are dropped.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploaderUserId: uuid('uploader_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'UPLOADING' | 'READY'>().notNull(),
    kind: text('kind').$type<MediaKind>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** The size announced at start; the upload completes when this many bytes arrived. */
    size: bigint('size', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    /** Key of the file in the storage adapter; of the thumbnail (images). */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    altText: text('alt_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('media_org_idx').on(t.organizationId, t.uploaderUserId),
    check('media_kind_check', sql`${t.kind} in ('image', 'video', 'document')`),
    check('media_status_check', sql`${t.status} in ('UPLOADING', 'READY')`)
  ]
)

/** The media of a post, in display order. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull()
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] }), index('post_media_media_idx').on(t.mediaId)]
)

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

/**
 * Idempotent creates (DESIGN.md §7): the first answer to a request carrying an Idempotency-Key, per
 * user, organization, key and endpoint, kept a day (services/idempotency.ts). The row is written in the
 * same transaction as the request's effect, so a committed row always has its answer and a request
 * that failed left none; a repeat waits on the row while the first is running, then replays it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // No foreign keys, on purpose: the row is inserted before the request's own work, and a foreign
    // key's check would share-lock the organization row that work then locks for update — two
    // requests of one organization would deadlock. Rows of deleted users or organizations simply
    // expire with the others.
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    /** The client's Idempotency-Key header (1-255 visible ASCII characters). */
    key: text('key').notNull(),
    /** e.g. 'POST /members/invite' */
    endpoint: text('endpoint').notNull(),
    /** SHA-256 (hex) of the validated query and body: the same key with other content is refused (422). */
    requestHash: text('request_hash').notNull(),
    /** The first answer; null only inside the transaction that is still producing it. */
    status: integer('status'),
    /** The answer's JSON text, replayed byte for byte. */
    body: text('body'),
    createdAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.key, t.endpoint] }), index('idempotency_keys_created_idx').on(t.createdAt)]
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

/**
 * The one job runner's queue (issue 14, DESIGN.md §7): work of any kind that is due at `runAt`,
 * claimed with FOR UPDATE SKIP LOCKED by any server process (jobs/runner.ts). `key` names the work
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

/**
 * The outbox of domain events (docs/decisions/0002-domain-events-outbox.md): written in the same
 * transaction as the change, never updated. `transactionId` is the writing transaction's id
 * (pg_current_xact_id): consumers read only events of transactions older than every one still
 * running, in (transactionId, position) order, so an event committed late is never skipped.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    position: bigint('position', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    occurredAt: instant('occurred_at').notNull()
  },
  (t) => [index('domain_events_stream_idx').on(t.transactionId, t.position)]
)

/** Each consumer's place in the stream of domain events: the last (transaction, position) it handled. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull().default(0),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  updatedAt: instant('updated_at').notNull()
})

/**
 * A published post's results over time (issue 14): one row per reading of LinkedIn's statistics.
 * `clicks` and `membersReached` are null where LinkedIn does not report them.
 */
export const postMetricSnapshots = pgTable(
  'post_metric_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    takenAt: instant('taken_at').notNull(),
    impressions: integer('impressions').notNull(),
    membersReached: integer('members_reached'),
    reactions: integer('reactions').notNull(),
    comments: integer('comments').notNull(),
    reshares: integer('reshares').notNull(),
    clicks: integer('clicks')
  },
  (t) => [index('post_metric_snapshots_post_idx').on(t.postId, t.takenAt), index('post_metric_snapshots_org_idx').on(t.organizationId, t.takenAt)]
)

/**
 * A published post's latest results (issue 14), kept beside the snapshots so Analytics, Team
 * effort and the dashboard read one row per post. status 'unavailable': LinkedIn does not give
 * this connection the post's statistics (said once, not retried every run).
 */
export const postMetrics = pgTable(
  'post_metrics',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').$type<'ok' | 'unavailable'>().notNull().default('ok'),
    impressions: integer('impressions').notNull().default(0),
    membersReached: integer('members_reached'),
    reactions: integer('reactions').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    reshares: integer('reshares').notNull().default(0),
    clicks: integer('clicks'),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [index('post_metrics_org_idx').on(t.organizationId), check('post_metrics_status_check', sql`${t.status} in ('ok', 'unavailable')`)]
)

/** LinkedIn calls made per connection (the author's user) per UTC day: the metrics job keeps within a daily budget. */
export const linkedInApiUsage = pgTable(
  'linkedin_api_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' (UTC). */
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0)
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })]
)

/**
 * An organization's OIDC identity provider (issue 17, Enterprise `sso`): discovery from the
 * issuer, the client's id and secret (AES-256-GCM like LinkedIn tokens), and whether members of its
 * domains must sign in through it.
 */
export const organizationSso = pgTable('organization_sso', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  required: boolean('required').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull()
})

/**
 * The email domains an organization's SSO serves (issue 17). A domain counts once it is verified
 * (a DNS TXT record holding `verificationToken`, or the server's setting that skips the proof); a
 * verified domain belongs to one organization only (partial unique index).
 */
export const organizationSsoDomains = pgTable(
  'organization_sso_domains',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-case, without a leading '@'. */
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: instant('verified_at'),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex('organization_sso_domains_org_domain_unique').on(t.organizationId, t.domain),
    uniqueIndex('organization_sso_domains_verified_unique').on(t.domain).where(sql`${t.verifiedAt} is not null`)
  ]
)

/** A single sign-on under way (issue 17): the state (hashed), PKCE verifier, nonce and where the provider returns. */
export const ssoAuthorizations = pgTable(
  'sso_authorizations',
  {
    /** SHA-256 (hex) of the state sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The email typed on the sign-in page (the ID token's email must be of the same domain). */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [index('sso_authorizations_expires_idx').on(t.expiresAt)]
)

/**
 * The audit log (issue 17): every change an organization's admins or the system make, written by
 * services/audit.ts in the transaction of the change. No foreign keys on purpose: entries outlive
 * removed members (the actor's name is kept), and nobody edits or deletes them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    /** null: the system (billing webhooks, jobs). */
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name').notNull(),
    /** e.g. 'member.role_changed', 'team.created', 'post.approved'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt()
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('audit_log_org_actor_idx').on(t.organizationId, t.actorUserId, t.createdAt),
    index('audit_log_org_action_idx').on(t.organizationId, t.action, t.createdAt)
  ]
)

// ---------------------------------------------------------------------------------------------
// Academy, Recommended posts and the Social Selling Index (issue 15)
// ---------------------------------------------------------------------------------------------

/** A lesson a user opened (visitedAt: resume where they left off) and completed. */
export const academyLessonProgress = pgTable(
  'academy_lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    lessonSlug: text('lesson_slug').notNull(),
    visitedAt: instant('visited_at').notNull(),
    completedAt: instant('completed_at')
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId, t.courseSlug, t.lessonSlug] }),
    index('academy_lesson_progress_org_course_idx').on(t.organizationId, t.courseSlug)
  ]
)

/** Every submission of a course's final quiz, scored on the server. */
export const academyQuizAttempts = pgTable(
  'academy_quiz_attempts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    /** Question id -> the option ids chosen. */
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    submittedAt: instant('submitted_at').notNull()
  },
  (t) => [index('academy_quiz_attempts_user_course_idx').on(t.userId, t.organizationId, t.courseSlug, t.submittedAt)]
)

/** Lessons an organization's admins add (e.g. the posting guideline), Markdown, shown in the Academy. */
export const organizationLessons = pgTable(
  'organization_lessons',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [index('organization_lessons_org_idx').on(t.organizationId, t.position)]
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
