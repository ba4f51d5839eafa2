import { z } from 'zod'
import { DEFAULT_MIN_SEATS } from '../constants'
import {
  approvalStatusSchema,
  entitlementKeySchema,
  feedbackKindSchema,
  memberStatusSchema,
  planStatusSchema,
  postStatusSchema,
  postTypeSchema,
  prioritySchema,
  roleSchema
} from './enums'

/** ISO-8601 UTC instant, as every API payload carries time. */
export const instantSchema = z.iso.datetime({ offset: true })

export const userOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationWorkOSId: z.string(),
  unreadNotificationCount: z.number().int().nonnegative()
})
export type UserOrganization = z.infer<typeof userOrganizationSchema>

export const userOrgSettingSchema = z.object({
  role: roleSchema,
  status: memberStatusSchema,
  assignedNumberOfPosts: z.number().int().nonnegative(),
  organizationId: z.string(),
  organizationWorkOSId: z.string(),
  postTags: z.array(z.string())
})
export type UserOrgSetting = z.infer<typeof userOrgSettingSchema>

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  image: z.string().nullable(),
  createdAt: instantSchema,
  timezone: z.string().nullable(),
  userHash: z.string(),
  userApprovalFlow: z.boolean(),
  isLinkedInConnected: z.boolean(),
  linkedInExpireAt: instantSchema.nullable(),
  guidelineRead: z.boolean(),
  /** The latest Social Selling Index 0-100 the user recorded from LinkedIn's SSI page (issue 15), null before the first. */
  socialSellingIndex: z.number().min(0).max(100).nullable(),
  organizations: z.array(userOrganizationSchema),
  teams: z.array(z.object({ organizationId: z.string() })),
  leadingTeams: z.array(z.object({ id: z.string() })),
  userOrgBusinessPages: z.array(
    z.object({ businessPageId: z.string(), businessPage: z.object({ id: z.string() }) })
  ),
  /** The settings of the session's current organization first (spec §6: role is read from [0]). */
  userOrgSettings: z.array(userOrgSettingSchema)
})
export type User = z.infer<typeof userSchema>

export const currentPlanSchema = z.object({
  availableSeats: z.number().int().nonnegative(),
  minSeats: z.number().int().positive().default(DEFAULT_MIN_SEATS),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  status: planStatusSchema,
  endsAt: instantSchema.nullable(),
  trialEndsAt: instantSchema.nullable()
})
export type CurrentPlan = z.infer<typeof currentPlanSchema>

export const industrySchema = z.object({ industry: z.string() })

export const businessPageSchema = z.object({
  id: z.string(),
  image: z.string().nullable(),
  linkedInCompanyName: z.string(),
  linkedInWebsite: z.string().nullable(),
  linkedInCompanyDescription: z.string().nullable(),
  linkedInPageLink: z.string().nullable(),
  aiSettingTemplate: z.object({ industries: z.array(industrySchema) }).nullable(),
  /** The page's AI setting template (its industries feed aiSettingTemplate); always sent by the server. */
  aiSettingTemplateId: z.string().nullable().optional()
})
export type BusinessPage = z.infer<typeof businessPageSchema>

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationWorkOSId: z.string(),
  createdAt: instantSchema,
  users: z.number().int().nonnegative(),
  currentPlan: currentPlanSchema,
  organizationBusinessPages: z.array(businessPageSchema),
  /** The organization's default business page (PUT /organization/settings/default-page/update); always sent by the server. */
  defaultBusinessPageId: z.string().nullable().optional()
})
export type Organization = z.infer<typeof organizationSchema>

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.object({ id: z.string(), fullName: z.string(), image: z.string().nullable() })),
  teamLeaders: z.array(z.object({ id: z.string(), fullName: z.string(), image: z.string().nullable() })),
  requireTag: z.boolean(),
  aISettingTemplateId: z.string().nullable(),
  /** Same-origin address of the team image (`/api/team/image/<teamId>?v=<hash>`), null without one. */
  previewURL: z.string().nullable(),
  /** The uploaded image's original file name (the dialog shows it truncated); always sent by the server. */
  imageName: z.string().nullable().optional()
})
export type Team = z.infer<typeof teamSchema>

export const postTagSchema = z.object({
  id: z.string(),
  title: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  assignedUsers: z.array(z.string())
})
export type PostTag = z.infer<typeof postTagSchema>

export const businessPostTagSchema = z.object({ id: z.string(), title: z.string(), color: z.string() })
export type BusinessPostTag = z.infer<typeof businessPostTagSchema>

export const tagListItemSchema = z.object({
  label: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  id: z.string(),
  uid: z.string(),
  checked: z.boolean()
})
export type TagListItem = z.infer<typeof tagListItemSchema>

export const aiTemplateSchema = z.object({
  id: z.string(),
  templateName: z.string(),
  isDefaultOrganizationTemplate: z.boolean()
})
export type AiTemplate = z.infer<typeof aiTemplateSchema>

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  link: z.string().nullable(),
  createdAt: instantSchema
})
export type Notification = z.infer<typeof notificationSchema>

export const entitlementSchema = z.object({
  lookupKey: entitlementKeySchema,
  /** 0 means unlimited (spec §4). */
  limit: z.number().int().nonnegative(),
  currentUsage: z.number().int().nonnegative()
})
export type Entitlement = z.infer<typeof entitlementSchema>

// ---------------------------------------------------------------------------------------------
// Organization administration (issue 3). Additive: new schemas, and optional fields on the ones
// above that the server always fills.
// ---------------------------------------------------------------------------------------------

/** A member of the organization as the members table shows it (GET /members/list). */
export const memberSchema = z.object({
  /** The member's user id (an invited email without an account still has a user id). */
  id: z.string(),
  email: z.string(),
  /** '' for an invited person who has not joined yet. */
  fullName: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
  status: memberStatusSchema,
  /** Monthly target posts (spec §5: 0 or more, default 0). */
  assignedNumberOfPosts: z.number().int().nonnegative(),
  userApprovalFlow: z.boolean(),
  /** The member's team in this organization (at most one); isLeader when they lead it. */
  teams: z.array(z.object({ id: z.string(), name: z.string(), isLeader: z.boolean() })),
  businessPages: z.array(z.object({ id: z.string(), linkedInCompanyName: z.string() })),
  /** Ids of the topic tags assigned to the member. */
  postTags: z.array(z.string()),
  createdAt: instantSchema
})
export type Member = z.infer<typeof memberSchema>

/** An AI setting template with everything the template dialog edits. */
export const aiTemplateDetailSchema = aiTemplateSchema.extend({
  industries: z.array(z.string()),
  tone: z.string(),
  targetAudience: z.string(),
  instructions: z.string(),
  createdAt: instantSchema
})
export type AiTemplateDetail = z.infer<typeof aiTemplateDetailSchema>

/** A message the mail adapter sent (GET /members/outbox, the built-in outbox). */
export const outboxEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The invitation's join link when the message is an invitation. */
  joinUrl: z.string().nullable(),
  createdAt: instantSchema
})
export type OutboxEmail = z.infer<typeof outboxEmailSchema>

/** GET /join/info: what the /join screen shows before the invitee accepts. */
export const joinInfoSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  /** Full name of the admin who sent the invitation. */
  invitedBy: z.string(),
  /** true: sign in with the existing password; false: choose a name and a password. */
  hasAccount: z.boolean(),
  expiresAt: instantSchema
})
export type JoinInfo = z.infer<typeof joinInfoSchema>

export const userTagsSchema = z.object({ userId: z.string(), tags: z.array(postTagSchema) })
export type UserTags = z.infer<typeof userTagsSchema>

export const businessPageTagsSchema = z.object({ businessPageId: z.string(), tags: z.array(businessPostTagSchema) })
export type BusinessPageTags = z.infer<typeof businessPageTagsSchema>

// ---------------------------------------------------------------------------------------------
// Billing (issue 4)
// ---------------------------------------------------------------------------------------------

export const planVariantSchema = z.object({
  priceId: z.string(),
  /** Price per seat and interval; null where the plan table does not show it (Enterprise). */
  price: z.number().nullable(),
  name: z.enum(['monthly', 'yearly'])
})
export type PlanVariantDto = z.infer<typeof planVariantSchema>

/** A row of the plan table (spec §3 plan-table fields; values from §9 in src/shared/constants.ts). */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The plan's minimum seat count (becomes currentPlan.minSeats). */
  seats: z.number().int().positive(),
  AIPrompts: z.number().int().nonnegative(),
  assignedSlots: z.boolean(),
  teamLeaderboard: z.boolean(),
  /** True for the organization's current plan (filled per request). */
  activePlan: z.boolean(),
  academy: z.boolean(),
  sso: z.boolean(),
  reviewFlow: z.boolean(),
  teamsIncluded: z.number().int().nonnegative(),
  variants: z.array(planVariantSchema)
})
export type PlanDto = z.infer<typeof planSchema>

export const billingProviderSchema = z.enum(['builtin', 'stripe'])
export type BillingProviderKind = z.infer<typeof billingProviderSchema>

/** GET /billing/plans: the plan table, and the card provider's pricing table when Stripe is configured. */
export const billingPlansSchema = z.object({
  provider: billingProviderSchema,
  plans: z.array(planSchema),
  /** The priceId the organization pays now; null during a trial. */
  currentPriceId: z.string().nullable(),
  /** Stripe's embeddable pricing table (its script loads when the plan dialog opens); null with built-in billing. */
  pricingTable: z
    .object({ publishableKey: z.string(), pricingTableId: z.string(), clientReferenceId: z.string(), customerEmail: z.string() })
    .nullable(),
  /** Where 'Contact us' for Enterprise points (mailto: or a web page). */
  contactSalesUrl: z.string()
})
export type BillingPlans = z.infer<typeof billingPlansSchema>

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: instantSchema,
  description: z.string(),
  quantity: z.number().int().nonnegative(),
  /** Whole currency units with cents as decimals (e.g. 290, 12.5); the currency is not shown (spec §9). */
  unitAmount: z.number().nonnegative(),
  amount: z.number(),
  status: z.enum(['paid', 'open', 'void']),
  periodStart: instantSchema.nullable(),
  periodEnd: instantSchema.nullable(),
  url: z.string().nullable()
})
export type Invoice = z.infer<typeof invoiceSchema>

/** GET /billing/subscription: what /settings/billing shows. */
export const billingOverviewSchema = z.object({
  provider: billingProviderSchema,
  currentPlan: currentPlanSchema,
  priceId: z.string().nullable(),
  interval: z.enum(['monthly', 'yearly']).nullable(),
  /** Members of the organization (ACTIVE and INVITED): each takes a seat. */
  usersCount: z.number().int().nonnegative(),
  currentPeriodEnd: instantSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  invoices: z.array(invoiceSchema)
})
export type BillingOverview = z.infer<typeof billingOverviewSchema>

/** POST /billing/checkout: built-in billing completes at once; Stripe answers with its Checkout page. */
export const checkoutResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('completed'), currentPlan: currentPlanSchema }),
  z.object({ status: z.literal('redirect'), url: z.string() })
])
export type CheckoutResult = z.infer<typeof checkoutResultSchema>

// ---------------------------------------------------------------------------------------------
// Plan: assigned slots and the shared calendar (issue 5)
// ---------------------------------------------------------------------------------------------

export const personRefSchema = z.object({ id: z.string(), fullName: z.string(), image: z.string().nullable() })
export type PersonRef = z.infer<typeof personRefSchema>
const tagRefSchema = z.object({ id: z.string(), title: z.string(), color: z.string() })

export const recurrenceTypeSchema = z.enum(['weekly', 'monthly'])

/**
 * OPEN: waiting for its post; DONE: a post was published into it (issue 6); MISSED: its time
 * passed without one.
 */
export const slotStatusSchema = z.enum(['OPEN', 'DONE', 'MISSED'])
export type SlotStatus = z.infer<typeof slotStatusSchema>

export const assignedSlotSchema = z.object({
  id: z.string(),
  seriesId: z.string(),
  /** 0-based position of this occurrence in the member's series; seriesSize occurrences in all. */
  occurrence: z.number().int().nonnegative(),
  seriesSize: z.number().int().positive(),
  time: instantSchema,
  /** The assigner's IANA timezone (recurrences keep its wall-clock time). */
  timezone: z.string(),
  comment: z.string(),
  autoAssign: z.boolean(),
  assignee: personRefSchema,
  tag: tagRefSchema.nullable(),
  isBusinessPageSlot: z.boolean(),
  businessPages: z.array(z.object({ id: z.string(), linkedInCompanyName: z.string(), image: z.string().nullable() })),
  businessPostTag: tagRefSchema.nullable(),
  targetAudience: z.string(),
  postType: postTypeSchema,
  recurrence: z.object({ type: recurrenceTypeSchema, interval: z.number().int(), count: z.number().int() }).nullable(),
  createdBy: personRefSchema.nullable(),
  status: slotStatusSchema,
  /** The post written into this slot (issue 6); null until then. */
  postId: z.string().nullable(),
  /** Whether the session's user may edit, move or delete it (admins; leaders of the assignee's team; the creator). */
  canEdit: z.boolean()
})
export type AssignedSlot = z.infer<typeof assignedSlotSchema>

/** A post as the Plan calendar shows it (issue 6 fills these; until then the list is empty). */
export const calendarPostSchema = z.object({
  id: z.string(),
  time: instantSchema,
  status: postStatusSchema,
  postType: postTypeSchema,
  /** Who it is published as: a member or a business page. */
  account: z.object({ id: z.string(), name: z.string(), kind: z.enum(['user', 'page']), image: z.string().nullable() }),
  excerpt: z.string(),
  slotId: z.string().nullable()
})
export type CalendarPost = z.infer<typeof calendarPostSchema>

export const calendarSchema = z.object({ slots: z.array(assignedSlotSchema), posts: z.array(calendarPostSchema) })
export type Calendar = z.infer<typeof calendarSchema>

export const scheduleItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slot'), time: instantSchema, slot: assignedSlotSchema }),
  z.object({ kind: z.literal('post'), time: instantSchema, post: calendarPostSchema })
])
export type ScheduleItem = z.infer<typeof scheduleItemSchema>

// Writing and publishing (issue 6)

export const mediaKindSchema = z.enum(['image', 'video', 'document'])
export type MediaKind = z.infer<typeof mediaKindSchema>

/** An uploaded file a post can carry. `url` and `thumbnailUrl` are API paths (GET, session cookie). */
export const postMediaSchema = z.object({
  id: z.string(),
  kind: mediaKindSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** Image width and height in pixels when known. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  altText: z.string(),
  url: z.string(),
  /** Images only: a small JPEG/PNG preview (at most 480 px wide). */
  thumbnailUrl: z.string().nullable()
})
export type PostMedia = z.infer<typeof postMediaSchema>

export const pollSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  durationDays: z.number().int()
})
export type Poll = z.infer<typeof pollSchema>

/**
 * A post's approval (issue 13). `required`: the organization holds REVIEW_FLOW and the author's
 * userApprovalFlow is on — the post cannot be scheduled or posted until `status` is APPROVED for
 * the post's current revision. `status` null: never sent for approval. An edit after approval
 * makes it PENDING again; a rejection sends the post back to draft with `reason`.
 */
export const postApprovalSchema = z.object({
  required: z.boolean(),
  status: approvalStatusSchema.nullable(),
  /** The revision the approval was given for; null unless APPROVED (or approved before an edit). */
  approvedRevision: z.number().int().positive().nullable(),
  decidedBy: personRefSchema.nullable(),
  decidedAt: instantSchema.nullable(),
  /** The rejection's reason (REJECTED only). */
  reason: z.string().nullable()
})
export type PostApproval = z.infer<typeof postApprovalSchema>

export const postSchema = z.object({
  id: z.string(),
  status: postStatusSchema,
  type: postTypeSchema,
  text: z.string(),
  poll: pollSchema.nullable(),
  media: z.array(postMediaSchema),
  author: personRefSchema,
  /** Published as this business page; null: as the author. */
  businessPage: z.object({ id: z.string(), linkedInCompanyName: z.string(), image: z.string().nullable() }).nullable(),
  slotId: z.string().nullable(),
  scheduledAt: instantSchema.nullable(),
  publishedAt: instantSchema.nullable(),
  linkedInPostUrn: z.string().nullable(),
  /** The post on LinkedIn once published (the sandbox's own viewer for sandbox posts). */
  linkedInPostUrl: z.string().nullable(),
  /** Why the last publish attempt failed; null otherwise. */
  failureReason: z.string().nullable(),
  /** Bumped by every change; updates send the version they were made from. */
  version: z.number().int().positive(),
  /**
   * The content revision (issue 13): bumped only when what would be published changes — text, type,
   * poll, media or who it is posted as. Every revision is kept (GET /posts/versions); an approval
   * is bound to one.
   */
  revision: z.number().int().positive(),
  approval: postApprovalSchema,
  /**
   * A reshare (issue 15): the LinkedIn post it reshares, and the recommendation it was made from;
   * the post's text is the reshare's comment. null for an ordinary post.
   */
  reshare: z
    .object({
      linkedInPostUrn: z.string(),
      linkedInPostUrl: z.string(),
      previewText: z.string(),
      previewAuthor: z.string(),
      recommendationId: z.string().nullable()
    })
    .nullable()
    .default(null),
  createdAt: instantSchema,
  updatedAt: instantSchema
})
export type Post = z.infer<typeof postSchema>

/** The session user's LinkedIn connection (tokens never leave the server). */
export const linkedInConnectionSchema = z.object({
  connected: z.boolean(),
  /** The LinkedIn member's name as LinkedIn reports it. */
  memberName: z.string().nullable(),
  connectedAt: instantSchema.nullable(),
  /** When the access token stops working (60 days after connecting); past = expired. */
  expiresAt: instantSchema.nullable(),
  /** 'sandbox' (built-in) or 'linkedin'. */
  provider: z.enum(['sandbox', 'linkedin'])
})
export type LinkedInConnection = z.infer<typeof linkedInConnectionSchema>

export const ideaSchema = z.object({
  title: z.string(),
  angle: z.string(),
  hook: z.string(),
  postType: postTypeSchema
})
export type Idea = z.infer<typeof ideaSchema>

export const draftSchema = z.object({
  text: z.string(),
  hashtags: z.array(z.string()),
  poll: z.object({ question: z.string(), options: z.array(z.string()) }).optional()
})
export type Draft = z.infer<typeof draftSchema>

/** GENERATE_IDEAS_PER_MONTH after a generation: used this month and the limit (0 = unlimited). */
export const aiUsageSchema = z.object({ used: z.number().int().nonnegative(), limit: z.number().int().nonnegative() })

// ---------------------------------------------------------------------------------------------
// Collaborate: feedback requests, comments and suggestions, approvals, versions (issue 13)
// ---------------------------------------------------------------------------------------------

/** A range of a post's text (UTF-16 offsets into the text of `revision`) and the text it held. */
export const textAnchorSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  quote: z.string(),
  revision: z.number().int().positive()
})
export type TextAnchor = z.infer<typeof textAnchorSchema>

/**
 * COMMENT: OPEN or RESOLVED (reopenable). SUGGESTION: OPEN, ACCEPTED (applied as a new revision) or
 * DISMISSED. A reply (parentId set) is always a COMMENT and follows its parent's state.
 */
export const feedbackStatusSchema = z.enum(['OPEN', 'RESOLVED', 'ACCEPTED', 'DISMISSED'])
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>

export const feedbackSchema = z.object({
  id: z.string(),
  postId: z.string(),
  kind: feedbackKindSchema,
  parentId: z.string().nullable(),
  author: personRefSchema,
  text: z.string(),
  /** People @mentioned in `text` (each was notified). */
  mentions: z.array(personRefSchema),
  anchor: textAnchorSchema.nullable(),
  /** SUGGESTION: what replaces the anchored range. */
  replacement: z.string().nullable(),
  status: feedbackStatusSchema,
  resolvedBy: personRefSchema.nullable(),
  resolvedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema
})
export type Feedback = z.infer<typeof feedbackSchema>

export const reviewerSchema = personRefSchema.extend({ addedAt: instantSchema })
export type Reviewer = z.infer<typeof reviewerSchema>

/** A feedback request on a post: open until the author withdraws it (or the post is published). */
export const reviewRequestSchema = z.object({
  open: z.boolean(),
  priority: prioritySchema,
  dueAt: instantSchema.nullable(),
  message: z.string(),
  requestedAt: instantSchema,
  reviewers: z.array(reviewerSchema)
})
export type ReviewRequest = z.infer<typeof reviewRequestSchema>

/** What the viewer may do on a post's review (the server enforces the same). */
export const reviewViewerSchema = z.object({
  isAuthor: z.boolean(),
  isReviewer: z.boolean(),
  /** The author's team leader or an admin (ADMIN or GHOST), and not the author. */
  canApprove: z.boolean()
})
export type ReviewViewer = z.infer<typeof reviewViewerSchema>

/** GET /review/thread and the answer of every review change. */
export const reviewThreadSchema = z.object({
  post: postSchema,
  request: reviewRequestSchema.nullable(),
  feedback: z.array(feedbackSchema),
  viewer: reviewViewerSchema,
  /** Everyone who can see this review (author, reviewers, the author's team leaders, admins): who can be @mentioned. */
  participants: z.array(personRefSchema)
})
export type ReviewThread = z.infer<typeof reviewThreadSchema>

/**
 * Where a post stands, one word for lists and filters: PUBLISHED, then SCHEDULED (also while being
 * published), FAILED (a draft whose last publish failed), REJECTED, IN_REVIEW (feedback asked for
 * or approval pending), APPROVED, DRAFT.
 */
export const postStageSchema = z.enum(['DRAFT', 'IN_REVIEW', 'APPROVED', 'REJECTED', 'SCHEDULED', 'PUBLISHED', 'FAILED'])
export type PostStage = z.infer<typeof postStageSchema>

export const reviewInboxItemSchema = z.object({
  postId: z.string(),
  stage: postStageSchema,
  status: postStatusSchema,
  type: postTypeSchema,
  /** The text's start on one line. */
  excerpt: z.string(),
  author: personRefSchema,
  businessPage: z.object({ id: z.string(), linkedInCompanyName: z.string() }).nullable(),
  approval: z.object({ required: z.boolean(), status: approvalStatusSchema.nullable() }),
  /** The open feedback request, if any. */
  request: z
    .object({ priority: prioritySchema, dueAt: instantSchema.nullable(), requestedAt: instantSchema, message: z.string(), reviewerCount: z.number().int().nonnegative() })
    .nullable(),
  /** Open comments and suggestions (not replies). */
  openFeedback: z.number().int().nonnegative(),
  scheduledAt: instantSchema.nullable(),
  publishedAt: instantSchema.nullable(),
  failureReason: z.string().nullable(),
  updatedAt: instantSchema
})
export type ReviewInboxItem = z.infer<typeof reviewInboxItemSchema>

export const reviewInboxSchema = z.object({
  items: z.array(reviewInboxItemSchema),
  /** Matching items before the list's limit. */
  total: z.number().int().nonnegative(),
  /** Each tab's count without filters; team is null for someone who leads no team and is not an admin. */
  counts: z.object({ requested: z.number().int().nonnegative(), mine: z.number().int().nonnegative(), team: z.number().int().nonnegative().nullable() })
})
export type ReviewInbox = z.infer<typeof reviewInboxSchema>

/** A candidate in the member picker's feedback mode: any active member but the author; the author's team leaders first. */
export const reviewCandidateSchema = personRefSchema.extend({ email: z.string(), isTeamLeader: z.boolean() })
export type ReviewCandidate = z.infer<typeof reviewCandidateSchema>

/** One kept revision of a post. */
export const postVersionSchema = z.object({
  revision: z.number().int().positive(),
  text: z.string(),
  type: postTypeSchema,
  poll: pollSchema.nullable(),
  mediaCount: z.number().int().nonnegative(),
  businessPage: z.object({ id: z.string(), linkedInCompanyName: z.string() }).nullable(),
  savedBy: personRefSchema,
  createdAt: instantSchema
})
export type PostVersion = z.infer<typeof postVersionSchema>

// ---------------------------------------------------------------------------------------------
// Results: post metrics, Analytics, Team effort, Dashboard (issue 14)
// ---------------------------------------------------------------------------------------------

/** A post's results; the rate is (reactions + comments + reshares + clicks) / impressions, null without impressions. */
export const metricTotalsSchema = z.object({
  impressions: z.number().int().nonnegative(),
  membersReached: z.number().int().nonnegative().nullable(),
  reactions: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  reshares: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative().nullable(),
  engagementRate: z.number().nonnegative().nullable()
})
export type MetricTotals = z.infer<typeof metricTotalsSchema>

/** 'pending': not read yet; 'unavailable': LinkedIn does not give this connection the post's statistics. */
export const metricsStatusSchema = z.enum(['ok', 'pending', 'unavailable'])
export type MetricsStatus = z.infer<typeof metricsStatusSchema>

export const analyticsPostRowSchema = metricTotalsSchema.extend({
  postId: z.string(),
  excerpt: z.string(),
  author: personRefSchema,
  businessPage: z.object({ id: z.string(), linkedInCompanyName: z.string() }).nullable(),
  type: postTypeSchema,
  /** The topic tag of the slot the post was written for. */
  tag: tagRefSchema.nullable(),
  publishedAt: instantSchema,
  linkedInPostUrl: z.string().nullable(),
  /** A reshare of a recommended post (issue 15): its text is the comment on the reshared post. */
  isReshare: z.boolean(),
  metricsStatus: metricsStatusSchema,
  metricsUpdatedAt: instantSchema.nullable()
})
export type AnalyticsPostRow = z.infer<typeof analyticsPostRowSchema>

export const analyticsPostsSchema = z.object({
  rows: z.array(analyticsPostRowSchema),
  /** Matching posts in all (the rows are one page of them). */
  total: z.number().int().nonnegative(),
  totals: metricTotalsSchema
})
export type AnalyticsPosts = z.infer<typeof analyticsPostsSchema>

/** One row of a per-member, per-team or per-page aggregate. */
export const analyticsGroupRowSchema = metricTotalsSchema.extend({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  posts: z.number().int().nonnegative(),
  /** Members: their team's name; teams: the number of members; pages: null. */
  detail: z.string().nullable()
})
export type AnalyticsGroupRow = z.infer<typeof analyticsGroupRowSchema>
export const analyticsGroupsSchema = z.object({ rows: z.array(analyticsGroupRowSchema), totals: metricTotalsSchema.extend({ posts: z.number().int().nonnegative() }) })
export type AnalyticsGroups = z.infer<typeof analyticsGroupsSchema>

export const analyticsTimeseriesSchema = z.object({
  /** Per calendar day in the requested time zone, every day of the period (zeros included), by publishing day. */
  days: z.array(
    z.object({
      date: z.string(),
      posts: z.number().int().nonnegative(),
      impressions: z.number().int().nonnegative(),
      engagements: z.number().int().nonnegative(),
      engagementRate: z.number().nonnegative().nullable()
    })
  ),
  byType: z.array(z.object({ type: postTypeSchema, posts: z.number().int().nonnegative(), impressions: z.number().int().nonnegative(), engagementRate: z.number().nonnegative().nullable() })),
  /** Weekday (0 Monday … 6 Sunday) × hour (0-23) of publishing in the requested time zone; only cells with posts. */
  heatmap: z.array(
    z.object({
      weekday: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      posts: z.number().int().nonnegative(),
      engagementRate: z.number().nonnegative().nullable()
    })
  ),
  /** With postId: that post's snapshots, oldest first. */
  snapshots: z.array(
    z.object({
      takenAt: instantSchema,
      impressions: z.number().int().nonnegative(),
      membersReached: z.number().int().nonnegative().nullable(),
      reactions: z.number().int().nonnegative(),
      comments: z.number().int().nonnegative(),
      reshares: z.number().int().nonnegative(),
      clicks: z.number().int().nonnegative().nullable()
    })
  )
})
export type AnalyticsTimeseries = z.infer<typeof analyticsTimeseriesSchema>

export const effortMemberSchema = z.object({
  member: personRefSchema,
  /** assignedNumberOfPosts: the monthly target (0: none). */
  target: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  /** Of `published`, the reshares of recommended posts (issue 15). */
  reshares: z.number().int().nonnegative(),
  slotsAssigned: z.number().int().nonnegative(),
  slotsDone: z.number().int().nonnegative(),
  slotsMissed: z.number().int().nonnegative(),
  /** Published posts of slots published by their slot's time / slots done; null without slots done. */
  onTimeRate: z.number().min(0).max(1).nullable(),
  /** Weeks in a row (up to the month's end, or this week) with at least one published post. */
  streakWeeks: z.number().int().nonnegative(),
  /** Behind the target's pace for the days gone by in the month. */
  behind: z.boolean(),
  /** The member's next open slot, for a nudge's link. */
  nextSlotId: z.string().nullable(),
  /** Nudged already today, in the member's time zone (one nudge a day: the button says Nudged). */
  nudgedToday: z.boolean()
})
export type EffortMember = z.infer<typeof effortMemberSchema>

export const effortTeamSchema = z.object({
  team: z.object({ id: z.string(), name: z.string(), previewURL: z.string().nullable() }),
  /** Members with a target. */
  members: z.array(effortMemberSchema),
  /** Members without a target (listed apart). */
  withoutTarget: z.array(effortMemberSchema),
  target: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  /** Sum over members with a target of min(published, target) / sum of targets: fair across team sizes; null without targets. */
  shareOfTarget: z.number().min(0).max(1).nullable(),
  /** 1 = best; null without targets. */
  rank: z.number().int().positive().nullable()
})
export type EffortTeam = z.infer<typeof effortTeamSchema>

export const teamEffortSchema = z.object({
  /** 'YYYY-MM' in `timezone`. */
  month: z.string(),
  timezone: z.string(),
  teams: z.array(effortTeamSchema),
  /** Active members in no team. */
  unassigned: z.array(effortMemberSchema),
  /** Whether the viewer may nudge (a leader of that team, or an admin): team ids. */
  canNudge: z.array(z.string())
})
export type TeamEffort = z.infer<typeof teamEffortSchema>

export const dashboardSchema = z.object({
  month: z.string(),
  me: z.object({
    target: z.number().int().nonnegative(),
    published: z.number().int().nonnegative(),
    nextSlots: z.array(z.object({ id: z.string(), time: instantSchema, postType: postTypeSchema, comment: z.string(), postId: z.string().nullable() })),
    drafts: z.array(z.object({ postId: z.string(), excerpt: z.string(), updatedAt: instantSchema })),
    draftCount: z.number().int().nonnegative(),
    /** Feedback requests and approvals waiting for me; null without REVIEW_FLOW. */
    reviewsWaiting: z.number().int().nonnegative().nullable(),
    lastPosts: z.array(analyticsPostRowSchema),
    team: z.object({ id: z.string(), name: z.string(), rank: z.number().int().positive().nullable(), teams: z.number().int().nonnegative(), shareOfTarget: z.number().nullable() }).nullable()
  }),
  /** For admins (ADMIN, GHOST). */
  organization: z
    .object({
      published: z.number().int().nonnegative(),
      target: z.number().int().nonnegative(),
      topPosts: z.array(analyticsPostRowSchema),
      membersBehind: z.array(z.object({ member: personRefSchema, published: z.number().int().nonnegative(), target: z.number().int().nonnegative() }))
    })
    .nullable(),
  /** A new organization's first steps, until all are done (admins); null once done or for members. */
  setup: z
    .object({
      linkedInConnected: z.boolean(),
      invited: z.boolean(),
      teamCreated: z.boolean(),
      slotAssigned: z.boolean(),
      postWritten: z.boolean()
    })
    .nullable()
})
export type Dashboard = z.infer<typeof dashboardSchema>
