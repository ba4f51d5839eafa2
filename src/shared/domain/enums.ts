import { z } from 'zod'

export const roleSchema = z.enum(['ADMIN', 'MEMBER', 'GHOST'])
export type Role = z.infer<typeof roleSchema>
/** How a role is named on screen. */
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Admin', MEMBER: 'Member', GHOST: 'Ghost' }

export const planStatusSchema = z.enum([
  'trialing',
  'on_trial',
  'active',
  'canceled',
  'cancelled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'unpaid',
  'paused',
  'expired'
])
export type PlanStatus = z.infer<typeof planStatusSchema>

export const entitlementKeySchema = z.enum([
  'GENERATE_IDEAS_PER_MONTH',
  'BUSINESS_PAGES',
  'RECOMMEND_POST',
  'AI_TEMPLATES',
  'REVIEW_FLOW',
  'POLICY_PAGE',
  'TOPIC_TAGS',
  'GHOST_ROLE',
  'ACADEMY',
  'TEAMS',
  /** API keys, webhooks and chat channels (Pagecrew's open platform, beyond the spec's keys): Professional and Enterprise. */
  'API'
])
export type EntitlementKey = z.infer<typeof entitlementKeySchema>
export const ENTITLEMENT_KEYS = entitlementKeySchema.options

/** Formats offered by the post format picker (spec §3); `document` is the picker's fallback icon. */
export const postFormatSchema = z.enum(['images', 'textOnly', 'videos', 'poll', 'multiImage'])
export type PostFormat = z.infer<typeof postFormatSchema>

export const postTypeSchema = z.enum(['textOnly', 'images', 'videos', 'poll', 'document', 'multiImage'])
export type PostType = z.infer<typeof postTypeSchema>

export const postStatusSchema = z.enum([
  'PUBLISHED',
  'SCHEDULED',
  'DRAFT',
  'PENDING_PUBLISH',
  'ASK_FOR_FEEDBACK',
  'RECOMMENDED'
])
export type PostStatus = z.infer<typeof postStatusSchema>

export const activeStatusSchema = z.enum(['ACTIVE', 'INACTIVE'])
export const deliveryStatusSchema = z.enum(['PUBLISHED', 'REJECTED', 'SENT', 'SCHEDULED', 'FEEDBACK'])
export const memberStatusSchema = z.enum(['ACTIVE', 'INVITED'])
export type MemberStatus = z.infer<typeof memberStatusSchema>
export const approvalStatusSchema = z.enum(['APPROVED', 'PENDING', 'REJECTED'])
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>
/** In this order of urgency: "For my review" sorts by it, then by due date. */
export const prioritySchema = z.enum(['URGENT', 'HIGH', 'MEDIUM', 'LOW', 'NOPRIORITY'])
export type Priority = z.infer<typeof prioritySchema>
export const feedbackKindSchema = z.enum(['SUGGESTION', 'COMMENT'])
export type FeedbackKind = z.infer<typeof feedbackKindSchema>

/** Stored under localStorage key 'theme' (spec §4); the menu shows Light, Dark, System. */
export const themeSchema = z.enum(['light', 'dark', 'system'])
export type Theme = z.infer<typeof themeSchema>
