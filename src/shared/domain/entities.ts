import { z } from 'zod'
import {
  entitlementKeySchema,
  memberStatusSchema,
  planStatusSchema,
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
  /** LinkedIn Social Selling Index 0-100, null until LinkedIn reports one. */
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
  minSeats: z.number().int().positive().default(1),
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
  aiSettingTemplate: z.object({ industries: z.array(industrySchema) }).nullable()
})
export type BusinessPage = z.infer<typeof businessPageSchema>

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationWorkOSId: z.string(),
  createdAt: instantSchema,
  users: z.number().int().nonnegative(),
  currentPlan: currentPlanSchema,
  organizationBusinessPages: z.array(businessPageSchema)
})
export type Organization = z.infer<typeof organizationSchema>

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.object({ id: z.string(), fullName: z.string(), image: z.string().nullable() })),
  teamLeaders: z.array(z.object({ id: z.string(), fullName: z.string(), image: z.string().nullable() })),
  requireTag: z.boolean(),
  aISettingTemplateId: z.string().nullable(),
  previewURL: z.string().nullable()
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
