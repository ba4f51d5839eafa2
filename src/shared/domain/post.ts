import { z } from 'zod'
import { instantSchema, personRefSchema } from './common'
import { approvalStatusSchema, postStatusSchema, postTypeSchema } from './enums'

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
