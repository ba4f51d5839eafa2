import { z } from 'zod'
import { instantSchema } from './common'
import { memberStatusSchema, roleSchema } from './enums'

/* The signed-in user (GET /user) and their notifications. */

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

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  link: z.string().nullable(),
  createdAt: instantSchema
})
export type Notification = z.infer<typeof notificationSchema>
