import { z } from 'zod'
import { instantSchema, personRefSchema } from './common'
import { approvalStatusSchema, feedbackKindSchema, postStatusSchema, postTypeSchema, prioritySchema } from './enums'
import { pollSchema, postSchema } from './post'

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
