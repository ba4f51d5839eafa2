import { z } from 'zod'
import { currentPlanSchema } from './billing'
import { instantSchema } from './common'
import { memberStatusSchema, roleSchema } from './enums'

/* The organization, its business pages, teams and AI setting templates, and its members and invitations (issue 3). */

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

export const aiTemplateSchema = z.object({
  id: z.string(),
  templateName: z.string(),
  isDefaultOrganizationTemplate: z.boolean()
})
export type AiTemplate = z.infer<typeof aiTemplateSchema>

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
