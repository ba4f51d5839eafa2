import { z } from 'zod'
import {
  assignedSlotSchema,
  postStatusSchema,
  postTypeSchema,
  recurrenceTypeSchema,
  scheduleItemSchema,
  slotStatusSchema,
  aiTemplateDetailSchema,
  billingOverviewSchema,
  billingPlansSchema,
  checkoutResultSchema,
  currentPlanSchema,
  businessPageSchema,
  businessPageTagsSchema,
  businessPostTagSchema,
  entitlementSchema,
  joinInfoSchema,
  memberSchema,
  notificationSchema,
  organizationSchema,
  outboxEmailSchema,
  postTagSchema,
  postSchema,
  postMediaSchema,
  postStageSchema,
  postVersionSchema,
  prioritySchema,
  feedbackKindSchema,
  reviewCandidateSchema,
  reviewInboxSchema,
  reviewThreadSchema,
  analyticsPostsSchema,
  analyticsGroupsSchema,
  analyticsTimeseriesSchema,
  teamEffortSchema,
  dashboardSchema,
  linkedInConnectionSchema,
  ideaSchema,
  draftSchema,
  aiUsageSchema,
  roleSchema,
  teamSchema,
  userSchema,
  userTagsSchema
} from '../domain'
import { compactCalendarSchema } from '../domain/compactCalendar'
import { multiLineText, singleLineText } from '../domain/text'
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../domain/audit'
import { ssoDomainInputSchema, ssoModeSchema, ssoSettingsSchema, SSO_MESSAGES } from '../domain/sso'
import {
  academyHomeSchema,
  certificateIdSchema,
  certificateSchema,
  certificateValidationSchema,
  courseDetailSchema,
  courseSlugSchema,
  courseSummarySchema,
  organizationLessonBodySchema,
  organizationLessonSchema,
  progressBodySchema,
  quizResultSchema,
  quizSubmitBodySchema
} from '../domain/academy'
import { createRecommendationBodySchema, recommendablePostSchema, recommendationSchema, recommendedListSchema } from '../domain/recommended'
import { guidelineReadersSchema, guidelineSchema, updateGuidelineBodySchema } from '../domain/guideline'
import { recordSsiBodySchema, ssiHistorySchema, ssiRecordSchema, teamSsiTrendSchema } from '../domain/ssi'
import { isValidEmail } from '../rules/validation'
import { MESSAGES, fileTooBigMessage } from './messages'
import { MAX_UPLOAD_BYTES, MEDIA_ALT_TEXT_MAX, POLL_DURATIONS, POLL_DURATION_DEFAULT } from '../constants'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One entry per endpoint. Paths are relative to the API base `/api` (DESIGN.md §3) and are
 * exactly the spec's (§7). Both the server routes and the renderer client derive from these.
 */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType
> {
  method: HttpMethod
  path: string
  query: Q
  body: B
  response: R
  /**
   * true: a session is needed (401 without one). false for the few endpoints reachable without a
   * session. 'optional': answers with or without a session, and renews one like a signed-in call
   * (GET /auth, which tells a signed-out caller so with a 200, not a 401).
   */
  auth: boolean | 'optional'
  /**
   * Present when the body is multipart/form-data instead of JSON (spec §7: team create/update).
   * `body` then describes the text fields (each a string, JSON-encoded where the spec says JSON);
   * `fileField` names the optional file part.
   */
  multipart?: { fileField: string }
  /**
   * Takes an optional Idempotency-Key header (DESIGN.md §7, one key per dialog submission): a repeat
   * with the same key gets the first answer again, same status and body, instead of a second effect.
   */
  idempotent?: boolean
}

const none = z.undefined()
const ok = z.object({ ok: z.literal(true) })

function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Omit<Endpoint<Q, B, R>, 'auth'> & { auth?: Endpoint['auth'] }
): Endpoint<Q, B, R> {
  return { auth: true, ...e }
}

export const sessionSchema = z.object({
  userId: z.string(),
  email: z.string(),
  organizationId: z.string().nullable(),
  organizationWorkOSId: z.string().nullable(),
  /** True until the user has an organization: the client sends them to onboarding. */
  needsOnboarding: z.boolean()
})
export type Session = z.infer<typeof sessionSchema>

export const emailSchema = singleLineText().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address.' }))

export const signupBodySchema = z.object({
  email: emailSchema,
  password: singleLineText().min(8, 'Use at least 8 characters.').max(256, 'Use at most 256 characters.'),
  fullName: singleLineText().trim().min(1, 'Enter your full name.').max(200, 'Use at most 200 characters.')
})

/** The user's password now: asked before the password or the email changes (issue 12). */
const currentPasswordSchema = singleLineText({ error: 'Enter your current password.' })
  .min(1, 'Enter your current password.')
  .max(256, 'Use at most 256 characters.')

/** PUT /user/update-password. The new password must also pass the strength rule (rules/password.ts, on the server). */
export const updatePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: singleLineText().min(8, 'Use at least 8 characters.').max(256, 'Use at most 256 characters.')
})

export const updateUserEmailBodySchema = z.object({ email: emailSchema, currentPassword: currentPasswordSchema })

export const loginBodySchema = z.object({
  email: emailSchema,
  password: singleLineText().min(1, 'Enter your password.').max(256)
})

export const optionalUrlSchema = singleLineText()
  .trim()
  .max(2048)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Enter a full address starting with https://')

export const createOrganizationBodySchema = z.object({
  organizationName: singleLineText().trim().min(1, 'Enter the organization name.').max(200),
  /** Onboarding details (the issue's company step); optional for 'Create new organization'. */
  linkedInCompanyName: singleLineText().trim().max(200).optional(),
  linkedInPageLink: optionalUrlSchema.optional(),
  linkedInWebsite: optionalUrlSchema.optional(),
  industry: singleLineText().trim().max(200).optional(),
  linkedInCompanyDescription: multiLineText().trim().max(2000).optional()
})

export const timezoneSchema = singleLineText().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}, 'Choose a valid time zone.')

export const updateUserDetailsBodySchema = z
  .object({
    fullName: singleLineText().trim().min(1, 'Enter your full name.').max(200).optional(),
    timezone: timezoneSchema.optional(),
    image: singleLineText().max(2048).nullable().optional()
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update.')

export const publicConfigSchema = z.object({
  helpCenterUrl: z.string(),
  supportChat: z.object({ appId: z.string(), region: z.enum(['us', 'eu', 'ap']) }).nullable(),
  version: z.string()
})
export type PublicConfig = z.infer<typeof publicConfigSchema>

// ---------------------------------------------------------------------------------------------
// Organization administration (issue 3)
// ---------------------------------------------------------------------------------------------

/** An id sent by the client (a uuid on our server; anything else is simply not found: 404). */
export const idSchema = singleLineText().trim().min(1, 'Missing id.').max(100)
const idListSchema = z.array(idSchema).max(10_000)

/** The invite email rule of spec §5 (text, @, text, dot, text, no spaces); stored trimmed and lower-case. */
export const inviteEmailSchema = singleLineText({ error: MESSAGES.inviteEmailInvalid })
  .trim()
  .toLowerCase()
  .max(320, MESSAGES.inviteEmailInvalid)
  .refine(isValidEmail, MESSAGES.inviteEmailInvalid)

/** Monthly target posts: a whole number, 0 or more (spec §5). */
export const monthlyTargetSchema = z
  .number({ error: MESSAGES.monthlyTargetInvalid })
  .int(MESSAGES.monthlyTargetInvalid)
  .min(0, MESSAGES.monthlyTargetInvalid)
  .max(10_000, 'Use at most 10000 posts a month.')

/** '#rrggbb' */
export const tagColorSchema = singleLineText({ error: MESSAGES.tagColorInvalid }).trim().regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.tagColorInvalid)

/**
 * Days and instants the API takes lie in [1970, 9000): far beyond any plan, and a range computed
 * from one (a default window of days) stays where JavaScript and PostgreSQL both write plain
 * ISO-8601 (year 10000 or year 0 is an error in PostgreSQL, once a 500).
 */
const INSTANT_MIN = Date.UTC(1970, 0, 1)
const INSTANT_MAX = Date.UTC(9000, 0, 1)
const INSTANT_RANGE_MESSAGE = 'Use a date between 1970 and 8999.'
export const isInstantInRange = (value: string): boolean => {
  const time = Date.parse(value)
  return time >= INSTANT_MIN && time < INSTANT_MAX
}

/** A day or an instant: '2026-03-01' or '2026-03-01T00:00:00Z'. */
export const dateBoundSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use a date such as 2026-03-01.' })
  .refine(isInstantInRange, INSTANT_RANGE_MESSAGE)

export const listMembersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  /** Matches name or email, case-insensitive. */
  search: singleLineText().trim().max(200).optional()
})

export const listMembersResponseSchema = z.object({
  /** ACTIVE members first, then by name (or email when there is no name yet). */
  members: z.array(memberSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive()
})

export const inviteMemberBodySchema = z.object({ email: inviteEmailSchema, role: roleSchema })

export const inviteMemberResponseSchema = z.object({
  member: memberSchema,
  /** The join link the invitation email carries (`<server>/join?token=…`). */
  joinUrl: z.string(),
  expiresAt: z.iso.datetime({ offset: true })
})

export const updateMemberBodySchema = z.object({
  userId: idSchema,
  /** Only an INVITED member's email can change (the invitation is sent again to the new address). */
  email: inviteEmailSchema.optional(),
  role: roleSchema.optional(),
  numberOfPosts: monthlyTargetSchema.optional(),
  userApprovalFlow: z.boolean().optional(),
  /** Topic tag ids: the member's complete set. */
  postTags: idListSchema.optional(),
  /** Business page ids: the member's complete set; null means none (links cleared); absent leaves them as they are. */
  selectedBusinessPages: idListSchema.nullable().optional()
})

export const updateUserOrgSettingsBodySchema = z.object({
  data: z.object({ assignedNumberOfPosts: monthlyTargetSchema.optional() })
})

export const joinAcceptBodySchema = z.object({
  token: singleLineText().trim().min(1, MESSAGES.invalidInvitation).max(200),
  /** Required when the invitee has no account yet. */
  fullName: singleLineText().trim().min(1, 'Enter your full name.').max(200, 'Use at most 200 characters.').optional(),
  password: singleLineText().min(1, 'Enter your password.').max(256, 'Use at most 256 characters.')
})

/** A multipart text field that carries JSON (spec §7), decoded then checked against `schema`. */
function jsonField<S extends z.ZodType>(schema: S, missing: string) {
  return multiLineText({ error: missing })
    .max(1_000_000)
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: missing })
        return z.NEVER
      }
    })
    .pipe(schema)
}

/**
 * The text fields of POST /team/create and PUT /team/update (multipart/form-data, spec §7). The
 * client sends strings (z.input); the server reads the decoded values (z.output). The image is the
 * file part `image` (TEAM_IMAGE_FIELD); `imageRemoved: 'true'` drops the current image.
 */
export const teamFormFieldsSchema = z.object({
  name: singleLineText({ error: MESSAGES.teamNameEmpty })
    .max(200, 'Use at most 200 characters.')
    .transform((v) => v.trim())
    .pipe(singleLineText().min(1, MESSAGES.teamNameEmpty)),
  /** JSON array of user ids (ACTIVE members of the organization). */
  members: jsonField(z.array(idSchema, { error: MESSAGES.teamMembersMissing }).min(1, MESSAGES.teamMembersMissing).max(10_000), MESSAGES.teamMembersMissing),
  /** JSON array of user ids; each leader is also made a member. */
  teamLeaders: jsonField(z.array(idSchema, { error: MESSAGES.teamLeaderMissing }).min(1, MESSAGES.teamLeaderMissing).max(10_000), MESSAGES.teamLeaderMissing),
  /** JSON boolean; false when absent on create, unchanged when absent on update. */
  requireTag: jsonField(z.boolean({ error: 'requireTag must be true or false.' }), 'requireTag must be true or false.').optional(),
  /** JSON string or null; none when absent on create, unchanged when absent on update. */
  aISettingTemplateId: jsonField(idSchema.nullable(), 'aISettingTemplateId must be a template id or null.').optional(),
  imageRemoved: z.enum(['true', 'false']).optional()
})
export const updateTeamFormFieldsSchema = teamFormFieldsSchema.extend({ id: idSchema })
export const TEAM_IMAGE_FIELD = 'image'

export interface TeamFormInput {
  id?: string
  name: string
  members: string[]
  teamLeaders: string[]
  requireTag: boolean
  aISettingTemplateId: string | null
  imageRemoved?: boolean
}

/** The multipart text fields for a team form (JSON where spec §7 says JSON). */
export function toTeamFormFields(input: TeamFormInput): Record<string, string> {
  const fields: Record<string, string> = {
    name: input.name,
    members: JSON.stringify(input.members),
    teamLeaders: JSON.stringify(input.teamLeaders),
    requireTag: JSON.stringify(input.requireTag),
    aISettingTemplateId: JSON.stringify(input.aISettingTemplateId)
  }
  if (input.id !== undefined) fields.id = input.id
  if (input.imageRemoved) fields.imageRemoved = 'true'
  return fields
}

/** Where a team's image is served (GET, session cookie; not JSON, so not in `endpoints`). */
export const TEAM_IMAGE_PATH = '/team/image/:teamId'

/** The file part of POST /user/photo: the cropped photo (PHOTO_TYPES, at most MAX_PHOTO_BYTES). */
export const USER_PHOTO_FIELD = 'photo'
/**
 * Where a user's uploaded photo is served (GET, session cookie; not JSON, so not in `endpoints`):
 * to that user and their colleagues in an organization both belong to. `User.image` is then
 * userPhotoAddress(id, version).
 */
export const USER_PHOTO_PATH = '/user/photo/:userId'
export function userPhotoAddress(userId: string, version: string): string {
  return `${API_BASE}${USER_PHOTO_PATH.replace(':userId', userId)}?v=${version}`
}

const tagTitleSchema = singleLineText({ error: MESSAGES.tagTitleEmpty })
  .max(100, 'Use at most 100 characters.')
  .transform((v) => v.trim())
  .pipe(singleLineText().min(1, MESSAGES.tagTitleEmpty))
const tagDescriptionSchema = multiLineText().trim().max(1000, 'Use at most 1000 characters.').nullable().optional()

export const postTagFilterQuerySchema = z.object({
  /** 'true': the list is for a business post, which shows no topic tags: the answer is empty. */
  isBusinessPostNotDisplayTags: z.enum(['true', 'false', '']).optional()
})
export const postTagFilterBodySchema = z
  .object({
    /** Tags assigned to this team's members. */
    teamId: idSchema.nullable().optional(),
    /** Tags assigned to any of these users. */
    memberIds: idListSchema.nullable().optional()
  })
  .optional()

export const userTagsBodySchema = z.object({
  userIds: idListSchema,
  startDate: dateBoundSchema,
  endDate: dateBoundSchema,
  isBusinessPostNotDisplayTags: z.boolean().optional()
})

export const createPostTagBodySchema = z.object({
  tagTitle: tagTitleSchema,
  tagColor: tagColorSchema,
  tagDescription: tagDescriptionSchema,
  /** User ids (members of the organization). */
  assignedUsers: idListSchema.default([])
})
export const updatePostTagBodySchema = createPostTagBodySchema.extend({ tagId: idSchema })

const pageTextSchema = (max: number) => multiLineText().trim().max(max, `Use at most ${max} characters.`).nullable().optional()
export const businessPageFieldsSchema = z.object({
  linkedInCompanyName: singleLineText({ error: MESSAGES.businessPageNameEmpty }).trim().min(1, MESSAGES.businessPageNameEmpty).max(200),
  linkedInPageLink: optionalUrlSchema.nullable().optional(),
  linkedInWebsite: optionalUrlSchema.nullable().optional(),
  linkedInCompanyDescription: pageTextSchema(2000),
  /** An https:// address or a same-origin path; null for none. */
  image: singleLineText().trim().max(2048).nullable().optional(),
  /** The page's AI setting template (its industries become the page's industries); null for none. */
  aiSettingTemplateId: idSchema.nullable().optional()
})
export const updateBusinessPageBodySchema = businessPageFieldsSchema.partial().extend({ businessPageId: idSchema })

const businessTagTitleSchema = singleLineText({ error: MESSAGES.tagTitleEmpty })
  .max(100, 'Use at most 100 characters.')
  .transform((v) => v.trim())
  .pipe(singleLineText().min(1, MESSAGES.tagTitleEmpty))

const aiTemplateFields = {
  templateName: singleLineText({ error: MESSAGES.aiTemplateNameEmpty }).trim().min(1, MESSAGES.aiTemplateNameEmpty).max(200),
  industries: z.array(singleLineText().trim().min(1).max(200)).max(50).default([]),
  tone: multiLineText().trim().max(500).default(''),
  targetAudience: multiLineText().trim().max(1000).default(''),
  instructions: multiLineText().trim().max(5000).default('')
}
export const createAiTemplateBodySchema = z.object(aiTemplateFields)
export const updateAiTemplateBodySchema = z.object({
  templateId: idSchema,
  templateName: aiTemplateFields.templateName.optional(),
  industries: z.array(singleLineText().trim().min(1).max(200)).max(50).optional(),
  tone: multiLineText().trim().max(500).optional(),
  targetAudience: multiLineText().trim().max(1000).optional(),
  instructions: multiLineText().trim().max(5000).optional()
})

// Plan (issue 5)
export const SLOT_TEXT_MAX = 2000
export const SLOT_AUDIENCE_MAX = 300
const instantQuerySchema = z.iso.datetime({ offset: true, message: 'Use an ISO-8601 date and time.' }).refine(isInstantInRange, INSTANT_RANGE_MESSAGE)
const instantBodySchema = z.iso.datetime({ offset: true, message: 'Choose a date and time.' }).refine(isInstantInRange, INSTANT_RANGE_MESSAGE)
export const slotScopeSchema = z.enum(['one', 'series'])
export type SlotScope = z.infer<typeof slotScopeSchema>
const optionalId = idSchema.nullable().optional()

/** Spec §3: the slot create payload exactly, plus currentDate (weekday) and currentHour in auto mode. */
export const createSlotBodySchema = z.object({
  assignedUserId: z.array(idSchema).max(1000).default([]),
  time: instantBodySchema,
  comment: multiLineText().trim().max(SLOT_TEXT_MAX, `Keep the content idea under ${SLOT_TEXT_MAX} characters.`).default(''),
  autoAssign: z.boolean().default(false),
  tagId: optionalId,
  isBusinessPageSlot: z.boolean().default(false),
  businessPageId: z.array(idSchema).max(100).optional(),
  recurrenceType: recurrenceTypeSchema.nullable().optional(),
  recurrenceInterval: z.number().int().nullable().optional(),
  recurrenceCount: z.number().int().nullable().optional(),
  businessPostTagId: optionalId,
  targetAudience: singleLineText().trim().max(SLOT_AUDIENCE_MAX, `Keep the target audience under ${SLOT_AUDIENCE_MAX} characters.`).default(''),
  postType: postTypeSchema.default('textOnly'),
  /** Auto mode: the assigner's weekday (e.g. 'Monday') and hour 0-23. */
  currentDate: singleLineText().trim().max(20).optional(),
  currentHour: z.number().int().min(0).max(23).optional()
})
export type CreateSlotBody = z.input<typeof createSlotBodySchema>

/** Filters of GET /schedule and /schedule/calendar (spec §7): status (slot or post), post type, account (member or business page id), team. */
export const scheduleFilterSchema = z.object({
  status: z.union([slotStatusSchema, postStatusSchema]).optional(),
  type: postTypeSchema.optional(),
  accountId: idSchema.optional(),
  teamId: idSchema.optional()
})


/**
 * The Plan as CSV (issue 17). An import file's columns, as its header row names them (any order,
 * case-insensitive; other columns are ignored, so an export's file can be edited and imported).
 */
export const PLAN_IMPORT_COLUMNS = {
  memberEmail: 'Member email',
  date: 'Date',
  time: 'Time',
  timeZone: 'Time zone',
  topicTag: 'Topic tag',
  page: 'Page',
  postType: 'Post type',
  audience: 'Audience',
  contentIdea: 'Content idea'
} as const
export type PlanImportField = keyof typeof PLAN_IMPORT_COLUMNS
/** At most this many slots per file, and this many characters of CSV. */
export const PLAN_IMPORT_MAX_ROWS = 10_000
export const PLAN_IMPORT_MAX_CHARS = 2_000_000
export const planImportBodySchema = z.object({
  csv: multiLineText({ message: 'Choose a CSV file.' })
    .min(1, 'Choose a CSV file.')
    .max(PLAN_IMPORT_MAX_CHARS, `Import at most ${PLAN_IMPORT_MAX_CHARS / 1_000_000} MB of CSV at a time.`)
})
const planImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int().positive(),
  values: z.record(z.string(), z.string()),
  /** Column key → what is wrong with it; empty when the row can be imported. */
  errors: z.record(z.string(), z.string())
})
export const planImportPreviewSchema = z.object({
  rows: z.array(planImportRowSchema),
  total: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative()
})
export type PlanImportPreview = z.infer<typeof planImportPreviewSchema>

// Writing and publishing (issue 6)
/** Drafts keep whatever was typed up to this (publishing checks LinkedIn's 3,000: rules/posts.ts). */
export const POST_DRAFT_MAX = 20_000
const pollBodySchema = z.object({
  question: singleLineText().max(1000, 'Keep the poll question shorter.'),
  options: z.array(singleLineText().max(200, 'Keep poll options shorter.')).max(10),
  durationDays: z
    .number()
    .int()
    .refine((d) => (POLL_DURATIONS as readonly number[]).includes(d), 'Choose 1, 3, 7 or 14 days.')
    .default(POLL_DURATION_DEFAULT)
})
/** What a post is made of; every field optional on update (absent = unchanged). */
const postContentSchema = z.object({
  text: multiLineText().max(POST_DRAFT_MAX, `Drafts can hold at most ${POST_DRAFT_MAX.toLocaleString('en-US')} characters.`),
  type: postTypeSchema,
  poll: pollBodySchema.nullable(),
  /** Uploaded media in display order. */
  mediaIds: z.array(idSchema).max(20, 'A post can have at most 20 images.'),
  /** The assigned slot the post is written for (the session user's, or one they may edit). */
  slotId: idSchema.nullable(),
  /** Publish as this business page (the user must be linked to it); null: as the user. */
  businessPageId: idSchema.nullable()
})
export const createPostBodySchema = postContentSchema.partial().extend({
  text: postContentSchema.shape.text.default(''),
  /** A reshare of this recommendation's post (issue 15): the text is the reshare's comment. */
  recommendationId: idSchema.optional()
})
export const updatePostBodySchema = postContentSchema.partial().extend({
  postId: idSchema,
  /** The version the change was made from; another version gives 409 (changed elsewhere). */
  version: z.number().int().positive()
})
export const schedulePostBodySchema = z.object({
  postId: idSchema,
  version: z.number().int().positive(),
  /** When to publish; absent with a slot: the slot's time. */
  scheduledAt: instantBodySchema.optional(),
  slotId: idSchema.nullable().optional()
})
export const mediaStartBodySchema = z
  .object({
    fileName: singleLineText().trim().min(1, 'The file needs a name.').max(255),
    size: z.number().int().nonnegative(),
    contentType: singleLineText().trim().max(255)
  })
  .superRefine((v, ctx) => {
    if (v.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', path: ['size'], message: fileTooBigMessage(v.fileName) })
  })
export const MEDIA_CHUNK_FIELD = 'chunk'
export const MEDIA_FILE_PATH = '/posts/media/:mediaId/file'
export const MEDIA_THUMBNAIL_PATH = '/posts/media/:mediaId/thumbnail'
// Collaborate (issue 13)
export const REVIEWERS_MAX = 20
export const FEEDBACK_TEXT_MAX = 5_000
export const REJECTION_REASON_MAX = 2_000
export const REVIEW_MESSAGE_MAX = 2_000
const reviewerIdsSchema = z.array(idSchema).max(REVIEWERS_MAX, `Choose at most ${REVIEWERS_MAX} reviewers.`)
export const requestReviewBodySchema = z.object({
  postId: idSchema,
  /** New reviewers; a post with an open request keeps its reviewers and gains these. */
  reviewerIds: reviewerIdsSchema.min(1, MESSAGES.reviewersMissing),
  priority: prioritySchema.default('NOPRIORITY'),
  dueAt: instantBodySchema.nullable().optional(),
  message: multiLineText().trim().max(REVIEW_MESSAGE_MAX, `Keep the message under ${REVIEW_MESSAGE_MAX.toLocaleString('en-US')} characters.`).default('')
})
export const reviewInboxQuerySchema = z.object({
  /** requested: for my review; mine: my posts; team: my teams' posts in review (leaders and admins). */
  view: z.enum(['requested', 'mine', 'team']).default('requested'),
  priority: prioritySchema.optional(),
  status: postStageSchema.optional(),
  search: singleLineText().trim().max(200).optional()
})
const feedbackAnchorBodySchema = z.object({
  start: z.number().int().nonnegative().max(POST_DRAFT_MAX),
  end: z.number().int().nonnegative().max(POST_DRAFT_MAX),
  /** The selected text as the reviewer saw it; the server checks it is still there. */
  quote: multiLineText().min(1, MESSAGES.feedbackAnchorInvalid).max(POST_DRAFT_MAX)
})
export const createFeedbackBodySchema = z.object({
  postId: idSchema,
  kind: feedbackKindSchema,
  text: multiLineText().trim().max(FEEDBACK_TEXT_MAX, `Keep it under ${FEEDBACK_TEXT_MAX.toLocaleString('en-US')} characters.`).default(''),
  anchor: feedbackAnchorBodySchema.nullable().optional(),
  /** SUGGESTION: the text that replaces the anchored range. */
  replacement: multiLineText().max(POST_DRAFT_MAX).nullable().optional(),
  parentId: idSchema.nullable().optional(),
  /** Users @mentioned in the text; each must be able to see the post and is notified. */
  mentions: z.array(idSchema).max(REVIEWERS_MAX).default([])
})

// Results (issue 14)
/** An IANA time zone name (checked by the server with Intl); the viewer's by default. */
const timeZoneQuerySchema = singleLineText().trim().min(1).max(100)
export const ANALYTICS_PAGE_MAX = 500
/** Every analytics endpoint: the period [from, to) as instants (the client computes them in the viewer's time zone), filters, and format=csv to download. */
export const analyticsQuerySchema = z.object({
  from: instantQuerySchema,
  to: instantQuerySchema,
  /** Days and weekday × hour are counted in this zone (default: the viewer's). */
  timezone: timeZoneQuerySchema.optional(),
  memberId: idSchema.optional(),
  teamId: idSchema.optional(),
  businessPageId: idSchema.optional(),
  type: postTypeSchema.optional(),
  tagId: idSchema.optional(),
  search: singleLineText().trim().max(200).optional(),
  format: z.enum(['json', 'csv']).default('json')
})
export const analyticsPostsQuerySchema = analyticsQuerySchema.extend({
  sort: z.enum(['publishedAt', 'impressions', 'reactions', 'comments', 'reshares', 'engagementRate', 'author']).default('publishedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ANALYTICS_PAGE_MAX).default(100)
})
export const analyticsTimeseriesQuerySchema = analyticsQuerySchema.extend({ postId: idSchema.optional() })
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/
/** A month as 'YYYY-MM' in [1970, 9000) like every day and instant (year 0 is an error in PostgreSQL: once a 500). */
export const isMonthInRange = (value: string): boolean => {
  const year = Number(value.slice(0, 4))
  return year >= 1970 && year < 9000
}
export const monthQuerySchema = singleLineText()
  .trim()
  .regex(MONTH_PATTERN, 'Use a month as YYYY-MM.')
  .refine(isMonthInRange, { message: 'Use a month between 1970 and 8999.', when: (payload) => MONTH_PATTERN.test(String(payload.value)) })

// Audit log (issue 17)
export const AUDIT_PAGE_MAX = 200
/** Paging position: the last entry's time and id ("2026-01-02T03:04:05.678Z_1234"); newer first. */
export const AUDIT_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_\d{1,19}$/
/**
 * A cursor the server could have written: its time a real instant in [1970, 9000), written back
 * the same (no 2026-13-45T25:61:61.000Z, which PostgreSQL refuses), and its id a safe integer (the
 * server reads it as a JavaScript number; past 2^53 it would be some other id, past bigint a 500).
 */
export const isAuditCursor = (value: string): boolean => {
  const [at = '', id = ''] = value.split('_')
  const time = Date.parse(at)
  return Number.isFinite(time) && new Date(time).toISOString() === at && isInstantInRange(at) && Number.isSafeInteger(Number(id))
}
const auditActionFilterSchema = singleLineText()
  .trim()
  .refine(
    (v) => (AUDIT_ACTIONS as readonly string[]).includes(v) || AUDIT_ACTION_GROUPS.some((g) => g.prefix === v),
    'Choose an action from the list.'
  )
export const auditLogQuerySchema = z.object({
  actorId: idSchema.optional(),
  /** One action ('member.role_changed') or a group's prefix ('member.'). */
  action: auditActionFilterSchema.optional(),
  /** The period [from, to) as instants. */
  from: instantQuerySchema.optional(),
  to: instantQuerySchema.optional(),
  cursor: singleLineText()
    .trim()
    .regex(AUDIT_CURSOR_PATTERN, 'Start again from the first page.')
    .refine(isAuditCursor, { message: 'Start again from the first page.', when: (payload) => AUDIT_CURSOR_PATTERN.test(String(payload.value)) })
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  format: z.enum(['json', 'csv']).default('json')
})
const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actor: z.object({ userId: z.string(), name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().nullable(), label: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable()
})
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** The organization's members, for the actor filter (a removed member's entries stay, under their stored name). */
  actors: z.array(z.object({ userId: z.string(), name: z.string() }))
})

const aiRequestSchema = z.object({
  /** Absent: the slot's post type, else the idea's (drafts), else textOnly. */
  postType: postTypeSchema.optional(),
  /** Takes topic tag, audience and post type from this slot (the explicit fields below win). */
  slotId: idSchema.optional(),
  tagId: idSchema.optional(),
  targetAudience: singleLineText().trim().max(SLOT_AUDIENCE_MAX, `Keep the target audience under ${SLOT_AUDIENCE_MAX} characters.`).optional(),
  /** AI setting template; default: the organization's default template. */
  templateId: idSchema.optional(),
  /** Publishing as this page: its AI template applies. */
  businessPageId: idSchema.optional(),
  seed: singleLineText().max(100).optional()
})
/** An idea sent back to be drafted: the shape of ideaSchema, with the limits and text rules of input. */
const ideaInputSchema = ideaSchema.extend({
  title: singleLineText().trim().max(1000),
  angle: multiLineText().trim().max(5000),
  hook: multiLineText().trim().max(5000)
})

/** GET /notification/list's page size: by default, and at most. */
export const NOTIFICATION_PAGE_DEFAULT = 20
export const NOTIFICATION_PAGE_MAX = 100

export const endpoints = {
  // Configuration the renderer needs before sign-in.
  getConfig: endpoint({ method: 'GET', path: '/config', query: none, body: none, response: publicConfigSchema, auth: false }),

  // Auth (built-in provider, DESIGN.md §3)
  signup: endpoint({ method: 'POST', path: '/auth/signup', query: none, body: signupBodySchema, response: sessionSchema, auth: false }),
  login: endpoint({ method: 'POST', path: '/auth/login', query: none, body: loginBodySchema, response: sessionSchema, auth: false }),
  /**
   * The session, or null for a signed-out caller: signed out is an answer here, not a refusal, so a
   * browser logs no failed request on the sign-in screens. Every other signed-in endpoint answers 401.
   */
  getSession: endpoint({ method: 'GET', path: '/auth', query: none, body: none, response: sessionSchema.nullable(), auth: 'optional' }),
  logout: endpoint({ method: 'GET', path: '/auth/logout', query: none, body: none, response: ok, auth: false }),
  /** Ends every session of the user, this one included (then sign in again); the cookie is cleared. */
  logoutEverywhere: endpoint({ method: 'POST', path: '/auth/logout-everywhere', query: none, body: none, response: ok }),
  switchOrganization: endpoint({
    method: 'POST',
    path: '/auth/switch-organization',
    query: none,
    body: z.object({ organizationWorkOSId: singleLineText().min(1).max(200) }),
    response: sessionSchema
  }),
  createOrganization: endpoint({
    method: 'POST',
    path: '/auth/create-organization',
    query: none,
    body: createOrganizationBodySchema,
    response: z.object({ id: z.string(), organizationWorkOSId: z.string(), name: z.string() })
  }),

  // User
  getUser: endpoint({ method: 'GET', path: '/user', query: none, body: none, response: userSchema }),
  updateUserDetails: endpoint({ method: 'PUT', path: '/user/update-user-details', query: none, body: updateUserDetailsBodySchema, response: userSchema }),
  /** The profile photo, multipart (file part USER_PHOTO_FIELD): replaces the previous one; `image` becomes its address. */
  uploadUserPhoto: endpoint({ method: 'POST', path: '/user/photo', query: none, body: z.object({}), response: userSchema, multipart: { fileField: USER_PHOTO_FIELD } }),
  /** Removes the photo (the uploaded file too); `image` becomes null. */
  removeUserPhoto: endpoint({ method: 'DELETE', path: '/user/photo', query: none, body: none, response: userSchema }),
  /** Needs the current password (400 fields.currentPassword when wrong); the user's other sessions end. */
  updateUserEmail: endpoint({ method: 'PUT', path: '/user/update-user-email', query: none, body: updateUserEmailBodySchema, response: userSchema }),
  /** Needs the current password; the new one must be strong enough (400 fields.newPassword); the user's other sessions end. */
  updatePassword: endpoint({ method: 'PUT', path: '/user/update-password', query: none, body: updatePasswordBodySchema, response: ok }),
  /** Confirms (or, with read: false, withdraws) reading the current organization's posting guideline; no body means read. */
  updateGuidelineReadStatus: endpoint({ method: 'PUT', path: '/user/update-guideline-read-status', query: none, body: z.object({ read: z.boolean() }).optional(), response: userSchema }),

  // The posting guideline (POLICY_PAGE): every member reads it, admins write it and see who has read it.
  getGuideline: endpoint({ method: 'GET', path: '/organization/guideline', query: none, body: none, response: guidelineSchema }),
  updateGuideline: endpoint({ method: 'PUT', path: '/organization/guideline/update', query: none, body: updateGuidelineBodySchema, response: guidelineSchema }),
  getGuidelineReaders: endpoint({ method: 'GET', path: '/organization/guideline/readers', query: none, body: none, response: guidelineReadersSchema }),

  // Organization
  getOrganization: endpoint({ method: 'GET', path: '/organization', query: none, body: none, response: organizationSchema }),
  updateOrganizationSettings: endpoint({
    method: 'PUT',
    path: '/organization/settings/organization/update',
    query: none,
    body: z.object({ name: singleLineText().trim().min(1, 'Enter the organization name.').max(200) }),
    response: organizationSchema
  }),

  /** Decision: ADMIN only (not GHOST). Deletes everything of the organization; its sessions move on (or to onboarding). */
  deleteOrganization: endpoint({ method: 'DELETE', path: '/organization', query: none, body: none, response: ok }),
  /** Sets the organization's default AI template; answers the templates, default first. */
  updateOrganizationAiSettings: endpoint({
    method: 'PUT',
    path: '/organization/settings/ai/update',
    query: none,
    body: z.object({ defaultTemplateId: idSchema }),
    response: z.array(aiTemplateDetailSchema)
  }),
  updateDefaultBusinessPage: endpoint({
    method: 'PUT',
    path: '/organization/settings/default-page/update',
    query: none,
    body: z.object({ businessPageId: idSchema.nullable() }),
    response: organizationSchema
  }),
  createBusinessPage: endpoint({ method: 'POST', path: '/organization/business-pages/create', query: none, body: businessPageFieldsSchema, response: businessPageSchema }),
  updateBusinessPage: endpoint({ method: 'PUT', path: '/organization/business-pages/update', query: none, body: updateBusinessPageBodySchema, response: businessPageSchema }),
  deleteBusinessPage: endpoint({
    method: 'DELETE',
    path: '/organization/business-pages/delete',
    query: z.object({ businessPageId: idSchema }),
    body: none,
    response: ok
  }),

  // Members and invitations
  listMembers: endpoint({ method: 'GET', path: '/members/list', query: listMembersQuerySchema, body: none, response: listMembersResponseSchema }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/members/invite',
    query: none,
    body: inviteMemberBodySchema,
    response: inviteMemberResponseSchema,
    idempotent: true
  }),
  updateMember: endpoint({ method: 'PUT', path: '/members/update', query: none, body: updateMemberBodySchema, response: memberSchema }),
  deleteMember: endpoint({ method: 'DELETE', path: '/members/delete', query: z.object({ userId: idSchema }), body: none, response: ok }),
  /** Admins: the organization's sent emails (the built-in mail outbox), newest first. */
  listOutbox: endpoint({ method: 'GET', path: '/members/outbox', query: none, body: none, response: z.array(outboxEmailSchema) }),
  /** The user's own settings in the current organization (monthly target; not while INVITED). */
  updateUserOrgSettings: endpoint({ method: 'PUT', path: '/user/update-user-org-settings', query: none, body: updateUserOrgSettingsBodySchema, response: userSchema }),
  getJoinInfo: endpoint({
    method: 'GET',
    path: '/join/info',
    query: z.object({ token: singleLineText().trim().min(1, MESSAGES.invalidInvitation).max(200) }),
    body: none,
    response: joinInfoSchema,
    auth: false
  }),
  /** Creates the account (or checks its password), activates the membership and signs in to that organization. */
  acceptInvitation: endpoint({ method: 'POST', path: '/join/accept', query: none, body: joinAcceptBodySchema, response: sessionSchema, auth: false }),

  // Teams (create/update are multipart/form-data, spec §7)
  listTeams: endpoint({ method: 'GET', path: '/team/list', query: none, body: none, response: z.array(teamSchema) }),
  createTeam: endpoint({ method: 'POST', path: '/team/create', query: none, body: teamFormFieldsSchema, response: teamSchema, multipart: { fileField: TEAM_IMAGE_FIELD } }),
  updateTeam: endpoint({ method: 'PUT', path: '/team/update', query: none, body: updateTeamFormFieldsSchema, response: teamSchema, multipart: { fileField: TEAM_IMAGE_FIELD } }),
  deleteTeam: endpoint({ method: 'DELETE', path: '/team/delete', query: z.object({ teamId: idSchema }), body: none, response: ok }),

  // Topic tags (post tags), sorted by title
  listPostTags: endpoint({ method: 'POST', path: '/postTag', query: postTagFilterQuerySchema, body: postTagFilterBodySchema, response: z.array(postTagSchema) }),
  getUserTags: endpoint({ method: 'POST', path: '/postTag/get-user-tags', query: none, body: userTagsBodySchema, response: z.array(userTagsSchema) }),
  createPostTag: endpoint({ method: 'POST', path: '/postTag/create', query: none, body: createPostTagBodySchema, response: postTagSchema, idempotent: true }),
  updatePostTag: endpoint({ method: 'PUT', path: '/postTag/update', query: none, body: updatePostTagBodySchema, response: postTagSchema }),
  deletePostTag: endpoint({ method: 'DELETE', path: '/postTag/delete', query: z.object({ tagId: idSchema }), body: none, response: ok }),

  // Business post tags, sorted by title
  listBusinessPostTags: endpoint({
    method: 'GET',
    path: '/businessPostTag',
    query: z.object({ businessPageId: idSchema }),
    body: none,
    response: z.array(businessPostTagSchema)
  }),
  createBusinessPostTag: endpoint({
    method: 'POST',
    path: '/businessPostTag',
    query: none,
    body: z.object({ businessPageId: idSchema, title: businessTagTitleSchema, color: tagColorSchema }),
    response: businessPostTagSchema,
    idempotent: true
  }),
  updateBusinessPostTag: endpoint({
    method: 'PUT',
    path: '/businessPostTag',
    query: none,
    body: z.object({ id: idSchema, title: businessTagTitleSchema, color: tagColorSchema }),
    response: businessPostTagSchema
  }),
  deleteBusinessPostTag: endpoint({ method: 'DELETE', path: '/businessPostTag', query: z.object({ id: idSchema }), body: none, response: ok }),
  businessPostTagsByPage: endpoint({
    method: 'POST',
    path: '/businessPostTag/by-business-page',
    query: none,
    body: z.object({ businessPageIds: idListSchema, startDate: dateBoundSchema, endDate: dateBoundSchema }),
    response: z.array(businessPageTagsSchema)
  }),

  // AI setting templates: the organization default first, then by name
  listAiTemplates: endpoint({ method: 'GET', path: '/ai-template', query: none, body: none, response: z.array(aiTemplateDetailSchema) }),
  createAiTemplate: endpoint({ method: 'POST', path: '/ai-template/create', query: none, body: createAiTemplateBodySchema, response: aiTemplateDetailSchema }),
  updateAiTemplate: endpoint({ method: 'PUT', path: '/ai-template/update', query: none, body: updateAiTemplateBodySchema, response: aiTemplateDetailSchema }),
  deleteAiTemplate: endpoint({ method: 'DELETE', path: '/ai-template/delete', query: z.object({ templateId: idSchema }), body: none, response: ok }),

  // Academy (issue 15). Everything but the catalogue and validation needs ACADEMY (402 otherwise).
  /** The Academy home: the catalogue with the user's progress, articles, insights, and team progress for leaders. Answers without ACADEMY too (entitled: false, no progress). */
  academyHome: endpoint({ method: 'GET', path: '/academy/courses', query: none, body: none, response: academyHomeSchema }),
  /** One course with its lessons' Markdown and its quiz's questions (never which options are right). */
  academyCourse: endpoint({ method: 'GET', path: '/academy/course', query: z.object({ slug: courseSlugSchema }), body: none, response: courseDetailSchema }),
  /** A lesson opened (the resume point) or marked completed / not completed. */
  academyProgress: endpoint({ method: 'PUT', path: '/academy/progress', query: none, body: progressBodySchema, response: courseSummarySchema }),
  /** Scored on the server; passing (80 %) issues the course's certificate (or returns the live one). */
  submitQuiz: endpoint({ method: 'POST', path: '/academy/quiz/submit', query: none, body: quizSubmitBodySchema, response: quizResultSchema, idempotent: true }),
  /** Public (no session), rate-limited: valid with the details, revoked, or 404 not found. */
  validateCertification: endpoint({
    method: 'GET',
    path: '/academy/certificates/validate',
    query: z.object({ certificateId: certificateIdSchema }),
    body: none,
    response: certificateValidationSchema,
    auth: false
  }),
  /** The session user's certificates; admins add every certificate of the organization (scope=organization). */
  listCertificates: endpoint({
    method: 'GET',
    path: '/academy/certificates',
    query: z.object({ scope: z.enum(['mine', 'organization']).default('mine') }),
    body: none,
    response: z.array(certificateSchema)
  }),
  /** The printable certificate as a PDF (the holder and the organization's admins). */
  certificatePdf: endpoint({ method: 'GET', path: '/academy/certificates/pdf', query: z.object({ certificateId: certificateIdSchema }), body: none, response: ok }),
  /** Admins: the certificate then validates as revoked. Audited. */
  revokeCertificate: endpoint({
    method: 'POST',
    path: '/academy/certificates/revoke',
    query: none,
    body: z.object({ certificateId: certificateIdSchema, reason: singleLineText().trim().max(500).optional() }),
    response: certificateSchema
  }),
  /** The organization's own lessons (admins write them; everyone with ACADEMY reads them in the Academy). */
  listOrganizationLessons: endpoint({ method: 'GET', path: '/academy/lessons', query: none, body: none, response: z.array(organizationLessonSchema) }),
  createOrganizationLesson: endpoint({ method: 'POST', path: '/academy/lessons/create', query: none, body: organizationLessonBodySchema, response: organizationLessonSchema, idempotent: true }),
  updateOrganizationLesson: endpoint({
    method: 'PUT',
    path: '/academy/lessons/update',
    query: none,
    body: organizationLessonBodySchema.extend({ lessonId: idSchema, position: z.number().int().min(0).max(10_000).optional() }),
    response: organizationLessonSchema
  }),
  deleteOrganizationLesson: endpoint({ method: 'DELETE', path: '/academy/lessons/delete', query: z.object({ lessonId: idSchema }), body: none, response: ok }),

  // Recommended posts (issue 15): RECOMMEND_POST (402 otherwise).
  listRecommended: endpoint({ method: 'GET', path: '/recommended', query: none, body: none, response: recommendedListSchema }),
  /** Admins and team leaders (leaders: their teams and members only). The audience is notified. */
  createRecommendation: endpoint({ method: 'POST', path: '/recommended/create', query: none, body: createRecommendationBodySchema, response: recommendationSchema, idempotent: true }),
  dismissRecommendation: endpoint({ method: 'POST', path: '/recommended/dismiss', query: none, body: z.object({ recommendationId: idSchema }), response: ok }),
  /** The organization's published posts a recommender may pick (newest first). */
  recommendablePosts: endpoint({
    method: 'GET',
    path: '/recommended/posts',
    query: z.object({ search: singleLineText().trim().max(200).optional() }),
    body: none,
    response: z.array(recommendablePostSchema)
  }),

  // Social Selling Index (issue 15): recorded by the user as read on LinkedIn's SSI page.
  /** Adds one record per call; the dialog's Idempotency-Key makes a retried submission one record. */
  recordSsi: endpoint({ method: 'PUT', path: '/user/ssi', query: none, body: recordSsiBodySchema, response: ssiRecordSchema, idempotent: true }),
  ssiHistory: endpoint({ method: 'GET', path: '/user/ssi/history', query: none, body: none, response: ssiHistorySchema }),
  /** Each team's monthly average: team leaders (their teams) and admins (all). */
  teamSsiTrend: endpoint({ method: 'GET', path: '/team/ssi', query: z.object({ months: z.coerce.number().int().min(1).max(24).default(12) }), body: none, response: teamSsiTrendSchema }),

  // Billing
  getEntitlements: endpoint({ method: 'GET', path: '/billing/verify/entitled', query: none, body: none, response: z.array(entitlementSchema) }),
  /** The plan table with the current plan marked (any member; the dialog is for admins). */
  getBillingPlans: endpoint({ method: 'GET', path: '/billing/plans', query: none, body: none, response: billingPlansSchema }),
  /** /settings/billing: plan, status, seats used/available, period, invoices (any member may read). */
  getBillingOverview: endpoint({ method: 'GET', path: '/billing/subscription', query: none, body: none, response: billingOverviewSchema }),
  /** Choose a plan (admins). seatQuantity defaults to max(plan seats, users); never below either. */
  checkout: endpoint({
    method: 'POST',
    path: '/billing/checkout',
    query: none,
    body: z.object({
      priceId: singleLineText().trim().min(1, 'Choose a plan.').max(100),
      seatQuantity: z.number().int('Enter a whole number of seats.').min(1, 'Enter at least 1 seat.').max(100_000).optional()
    }),
    response: checkoutResultSchema,
    idempotent: true
  }),
  /** Spec §7 (admins). Exactly max(0, users - newSeatQuantity) member user ids must be listed. */
  manageSeats: endpoint({
    method: 'PATCH',
    path: '/billing/manage-seats',
    query: none,
    body: z.object({
      newSeatQuantity: z.number().int('Enter a whole number of seats.').min(1, 'Enter at least 1 seat.').max(100_000),
      memberIdsToCancel: z.array(idSchema).max(100_000).default([])
    }),
    response: z.object({ currentPlan: currentPlanSchema, usersCount: z.number().int().nonnegative() }),
    idempotent: true
  }),
  /** Spec §7 (admins): the provider's customer portal (built-in: a signed one-hour link to /api/billing/portal). */
  getCustomerPortalUrl: endpoint({ method: 'GET', path: '/billing/customer-portal-url', query: none, body: none, response: z.object({ url: z.string() }) }),

  // Plan: assigned slots (issue 5). Times are UTC instants; days/times are picked in the user's timezone.
  /** One member's slots in a range (default: the session's user, from now on); e.g. the write-post slot picker. */
  listAssignedSlots: endpoint({
    method: 'GET',
    path: '/schedule/assigned-slots',
    query: z.object({ userId: idSchema.optional(), from: instantQuerySchema.optional(), to: instantQuerySchema.optional() }),
    body: none,
    response: z.array(assignedSlotSchema)
  }),
  /** Spec §3 slot create payload; recurrences expand into concrete slots (one per member and occurrence) in one transaction. */
  createAssignedSlots: endpoint({
    method: 'POST',
    path: '/schedule/assigned-slots/create',
    query: none,
    body: createSlotBodySchema,
    response: z.object({ slots: z.array(assignedSlotSchema) }),
    idempotent: true
  }),
  /**
   * Edit or move a slot. scope 'one': this occurrence; 'series': this occurrence and the later
   * ones of its series (each moves by the same number of days, to the new wall-clock time).
   */
  updateAssignedSlot: endpoint({
    method: 'PUT',
    path: '/schedule/assigned-slots/update',
    query: none,
    body: z.object({
      slotId: idSchema,
      scope: slotScopeSchema.default('one'),
      time: instantBodySchema.optional(),
      assigneeId: idSchema.optional(),
      comment: multiLineText().trim().max(SLOT_TEXT_MAX, `Keep the content idea under ${SLOT_TEXT_MAX} characters.`).optional(),
      targetAudience: singleLineText().trim().max(SLOT_AUDIENCE_MAX, `Keep the target audience under ${SLOT_AUDIENCE_MAX} characters.`).optional(),
      postType: postTypeSchema.optional(),
      businessPageId: z.array(idSchema).max(100).optional()
    }),
    response: z.object({ slots: z.array(assignedSlotSchema) })
  }),
  deleteAssignedSlot: endpoint({
    method: 'DELETE',
    path: '/schedule/assigned-slots/delete',
    query: z.object({ slotId: idSchema, scope: slotScopeSchema.default('one') }),
    body: none,
    response: z.object({ deleted: z.number().int().nonnegative() })
  }),
  /** Set or clear a slot's topic tag (and business post tag). */
  updateSlotTags: endpoint({
    method: 'PUT',
    path: '/schedule/assign-slots/updateTags',
    query: none,
    body: z.object({
      slotId: idSchema,
      scope: slotScopeSchema.default('one'),
      tagId: idSchema.nullable().optional(),
      businessPostTagId: idSchema.nullable().optional()
    }),
    response: z.object({ slots: z.array(assignedSlotSchema) })
  }),
  /** The shared plan as a time-ordered list (list view), paged by cursor. */
  getSchedule: endpoint({
    method: 'GET',
    path: '/schedule',
    query: scheduleFilterSchema.extend({
      from: instantQuerySchema.optional(),
      to: instantQuerySchema.optional(),
      cursor: singleLineText().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100)
    }),
    body: none,
    response: z.object({ items: z.array(scheduleItemSchema), nextCursor: z.string().nullable() })
  }),
  /**
   * Slots and posts in [from, to) for the month and week views (range at most 100 days). The slots
   * in a compact wire shape (people, tags and pages listed once, defaults left out; issue 16):
   * expandCalendar (shared/domain/compactCalendar.ts) makes the `Calendar` of it.
   */
  getCalendar: endpoint({
    method: 'GET',
    path: '/schedule/calendar',
    query: scheduleFilterSchema.extend({ from: instantQuerySchema, to: instantQuerySchema }),
    body: none,
    response: compactCalendarSchema
  }),
  /**
   * The Plan as CSV (issue 17): the calendar's slots (with their post) and posts for the same
   * filters and [from, to), times in `timezone` (default the viewer's). Always text/csv, streamed.
   */
  exportSchedule: endpoint({
    method: 'GET',
    path: '/schedule/export',
    query: scheduleFilterSchema.extend({
      from: instantQuerySchema,
      to: instantQuerySchema,
      timezone: singleLineText().trim().min(1).max(100).optional(),
      format: z.enum(['csv']).default('csv')
    }),
    body: none,
    response: z.never()
  }),
  /** Checks every row of an import file with the assign-slot rules; writes nothing. */
  previewScheduleImport: endpoint({
    method: 'POST',
    path: '/schedule/import/preview',
    query: none,
    body: planImportBodySchema,
    response: planImportPreviewSchema
  }),
  /** Checks again and creates every row's slot in one transaction, or none (400 with the rows' errors). */
  commitScheduleImport: endpoint({
    method: 'POST',
    path: '/schedule/import/commit',
    query: none,
    body: planImportBodySchema,
    response: z.object({ created: z.number().int().nonnegative() }),
    idempotent: true
  }),

  // Writing and publishing (issue 6). Posts are the session user's own (author), in the session's organization.
  listPosts: endpoint({
    method: 'GET',
    path: '/posts',
    query: z.object({ status: postStatusSchema.optional(), slotId: idSchema.optional() }),
    body: none,
    response: z.array(postSchema)
  }),
  getPost: endpoint({ method: 'GET', path: '/posts/get', query: z.object({ postId: idSchema }), body: none, response: postSchema }),
  /** A new DRAFT (autosave creates it on the first keystroke). */
  createPost: endpoint({ method: 'POST', path: '/posts/create', query: none, body: createPostBodySchema, response: postSchema }),
  /** Autosave and edits. A SCHEDULED post keeps its time and stays scheduled only while it passes rules/posts.ts; else back to DRAFT. */
  updatePost: endpoint({ method: 'PUT', path: '/posts/update', query: none, body: updatePostBodySchema, response: postSchema }),
  /** Checks LinkedIn's limits and the connection, then SCHEDULED at scheduledAt (or the slot's time). */
  schedulePost: endpoint({ method: 'POST', path: '/posts/schedule', query: none, body: schedulePostBodySchema, response: postSchema }),
  /** Scheduled for now and handed to the publisher at once. */
  publishPostNow: endpoint({
    method: 'POST',
    path: '/posts/publish-now',
    query: none,
    body: z.object({ postId: idSchema, version: z.number().int().positive() }),
    response: postSchema
  }),
  /** SCHEDULED → DRAFT. */
  unschedulePost: endpoint({ method: 'POST', path: '/posts/unschedule', query: none, body: z.object({ postId: idSchema }), response: postSchema }),
  /** The user's explicit retry after a failure (new idempotency key): scheduled again for scheduledAt or now. */
  retryPost: endpoint({
    method: 'POST',
    path: '/posts/retry',
    query: none,
    body: z.object({ postId: idSchema, scheduledAt: instantBodySchema.optional() }),
    response: postSchema
  }),
  /** Deletes a draft or scheduled post (not one being published; a published one is kept). */
  deletePost: endpoint({ method: 'DELETE', path: '/posts/delete', query: z.object({ postId: idSchema }), body: none, response: ok }),
  /** Media upload, in chunks (progress; nothing buffered whole): start (size checked: 413 '{file name} is too big!'), chunks in order, complete. */
  startMediaUpload: endpoint({
    method: 'POST',
    path: '/posts/media/start',
    query: none,
    body: mediaStartBodySchema,
    response: z.object({ uploadId: z.string(), chunkSize: z.number().int().positive() })
  }),
  /**
   * One chunk: multipart fields uploadId and offset (bytes received so far), file part 'chunk'. An
   * offset other than the bytes received: 409 with mediaOffsetMismatchMessage(received), from which
   * the client resumes (mediaOffsetFromMessage).
   */
  uploadMediaChunk: endpoint({
    method: 'POST',
    path: '/posts/media/chunk',
    query: none,
    body: z.object({ uploadId: idSchema, offset: z.coerce.number().int().nonnegative() }),
    response: z.object({ received: z.number().int().nonnegative() }),
    multipart: { fileField: MEDIA_CHUNK_FIELD }
  }),
  /** All bytes arrived: the type is checked from the file itself, images get a thumbnail. */
  completeMediaUpload: endpoint({
    method: 'POST',
    path: '/posts/media/complete',
    query: none,
    body: z.object({ uploadId: idSchema, altText: multiLineText().trim().max(MEDIA_ALT_TEXT_MAX).default('') }),
    response: postMediaSchema
  }),
  updateMedia: endpoint({
    method: 'PUT',
    path: '/posts/media/update',
    query: none,
    body: z.object({ mediaId: idSchema, altText: multiLineText().trim().max(MEDIA_ALT_TEXT_MAX) }),
    response: postMediaSchema
  }),

  // LinkedIn connection (issue 6): OAuth 2.0 authorization code + PKCE; the redirect comes back to /callback.
  getLinkedInConnection: endpoint({ method: 'GET', path: '/linkedin/connection', query: none, body: none, response: linkedInConnectionSchema }),
  /**
   * Starts connecting: the server keeps state + PKCE verifier (10 minutes) and answers the address
   * to open. redirectUri: the web app's /callback, a loopback http://127.0.0.1:<port>/callback
   * (desktop) or pagecrew://callback.
   */
  startLinkedInConnection: endpoint({
    method: 'POST',
    path: '/linkedin/connect',
    query: none,
    body: z.object({ redirectUri: singleLineText().trim().min(1).max(2048) }),
    response: z.object({ authorizationUrl: z.string() })
  }),
  /** What came back to /callback: code + state, or LinkedIn's error. */
  completeLinkedInConnection: endpoint({
    method: 'POST',
    path: '/linkedin/callback',
    query: none,
    body: z.object({
      state: singleLineText().trim().min(1).max(200),
      code: singleLineText().trim().min(1).max(2000).optional(),
      error: singleLineText().max(200).optional(),
      errorDescription: multiLineText().max(2000).optional()
    }),
    response: linkedInConnectionSchema
  }),
  disconnectLinkedIn: endpoint({ method: 'DELETE', path: '/linkedin/connection', query: none, body: none, response: linkedInConnectionSchema }),

  // Single sign-on (issue 17): an Enterprise organization's OpenID Connect provider; admins only.
  getSso: endpoint({ method: 'GET', path: '/organization/sso', query: none, body: none, response: ssoSettingsSchema }),
  /**
   * Saves the provider (checked by OpenID Connect discovery: 400 when it fails) and the domain list:
   * new domains wait for their DNS proof, removed ones are dropped. clientSecret: omitted keeps the
   * stored one. 402 outside Enterprise.
   */
  putSso: endpoint({
    method: 'PUT',
    path: '/organization/sso',
    query: none,
    body: z.object({
      issuerUrl: singleLineText({ error: SSO_MESSAGES.issuerInvalid }).trim().min(1, SSO_MESSAGES.issuerInvalid).max(2048),
      clientId: singleLineText({ error: SSO_MESSAGES.clientIdMissing }).trim().min(1, SSO_MESSAGES.clientIdMissing).max(500),
      clientSecret: singleLineText().min(1, SSO_MESSAGES.clientSecretMissing).max(2000).optional(),
      required: z.boolean(),
      domains: z.array(ssoDomainInputSchema).max(50)
    }),
    response: ssoSettingsSchema
  }),
  /** Looks the domain's TXT record up; 409 when another organization has verified the domain. */
  verifySsoDomain: endpoint({
    method: 'POST',
    path: '/organization/sso/verify-domain',
    query: none,
    body: z.object({ domain: ssoDomainInputSchema }),
    response: ssoSettingsSchema
  }),
  /** Public: whether the email's domain signs in with single sign-on, and at which organization. */
  discoverSso: endpoint({
    method: 'POST',
    path: '/auth/sso/discover',
    query: none,
    body: z.object({ email: emailSchema }),
    response: z.object({ sso: ssoModeSchema, organizationName: z.string().nullable() }),
    auth: false
  }),
  /**
   * Public: the provider's authorization address (code flow, PKCE S256, state and nonce kept for 10
   * minutes). redirectUri: the web app's /callback, a loopback http://127.0.0.1:<port>/callback or
   * pagecrew://callback, as for LinkedIn.
   */
  startSso: endpoint({
    method: 'POST',
    path: '/auth/sso/start',
    query: none,
    body: z.object({ email: emailSchema, redirectUri: singleLineText().trim().min(1).max(2048) }),
    response: z.object({ url: z.string() }),
    auth: false
  }),
  /** What the provider sent back to /callback; signs in (JIT join as MEMBER within the seats) and answers the session. */
  ssoCallback: endpoint({
    method: 'GET',
    path: '/auth/sso/callback',
    query: z.object({
      state: singleLineText().trim().min(1).max(200),
      code: singleLineText().trim().min(1).max(2000).optional(),
      iss: singleLineText().trim().max(2048).optional(),
      error: singleLineText().max(200).optional(),
      error_description: multiLineText().max(2000).optional()
    }),
    body: none,
    response: sessionSchema,
    auth: false
  }),

  // AI ideas (issue 6): each call counts toward GENERATE_IDEAS_PER_MONTH; over it 402.
  generateIdeas: endpoint({
    method: 'POST',
    path: '/ai/ideas',
    query: none,
    body: aiRequestSchema.extend({ count: z.number().int().min(1).max(10).default(5) }),
    response: z.object({ ideas: z.array(ideaSchema), usage: aiUsageSchema })
  }),
  generateDraft: endpoint({
    method: 'POST',
    path: '/ai/draft',
    query: none,
    body: aiRequestSchema.extend({ idea: ideaInputSchema }),
    response: z.object({ draft: draftSchema, usage: aiUsageSchema })
  }),

  // Collaborate (issue 13). Feedback requests and approvals need REVIEW_FLOW (402 without it);
  // "My posts" (GET /review/inbox?view=mine) and GET /posts/versions work on every plan. A post is
  // visible here to its author, its reviewers, the author's team leaders and admins; to anyone
  // else, as to another organization, it does not exist (404).
  requestReview: endpoint({ method: 'POST', path: '/review/request', query: none, body: requestReviewBodySchema, response: reviewThreadSchema, idempotent: true }),
  withdrawReview: endpoint({ method: 'POST', path: '/review/withdraw', query: none, body: z.object({ postId: idSchema }), response: reviewThreadSchema }),
  reviewInbox: endpoint({ method: 'GET', path: '/review/inbox', query: reviewInboxQuerySchema, body: none, response: reviewInboxSchema }),
  reviewThread: endpoint({ method: 'GET', path: '/review/thread', query: z.object({ postId: idSchema }), body: none, response: reviewThreadSchema }),
  /** The member picker in feedback mode for a post: active members but the author, the author's team leaders first. */
  reviewCandidates: endpoint({
    method: 'GET',
    path: '/review/candidates',
    query: z.object({ postId: idSchema, search: singleLineText().trim().max(200).optional() }),
    body: none,
    response: z.array(reviewCandidateSchema)
  }),
  createFeedback: endpoint({ method: 'POST', path: '/review/feedback', query: none, body: createFeedbackBodySchema, response: reviewThreadSchema, idempotent: true }),
  /** Resolves (resolved true) or reopens a comment thread. */
  resolveFeedback: endpoint({
    method: 'PUT',
    path: '/review/feedback/resolve',
    query: none,
    body: z.object({ feedbackId: idSchema, resolved: z.boolean().default(true) }),
    response: reviewThreadSchema
  }),
  /** The author applies a suggestion: a new revision of the post (version: the post version it was read at). */
  acceptSuggestion: endpoint({
    method: 'POST',
    path: '/review/suggestion/accept',
    query: none,
    body: z.object({ feedbackId: idSchema, version: z.number().int().positive() }),
    response: reviewThreadSchema
  }),
  dismissSuggestion: endpoint({ method: 'POST', path: '/review/suggestion/dismiss', query: none, body: z.object({ feedbackId: idSchema }), response: reviewThreadSchema }),
  /** The author sends the post for approval: PENDING for the author's team leaders and admins. */
  submitForApproval: endpoint({
    method: 'POST',
    path: '/review/submit',
    query: none,
    body: z.object({ postId: idSchema, version: z.number().int().positive() }),
    response: reviewThreadSchema
  }),
  /** version: the post version the approver read; another one is 409 (it changed since). */
  approvePost: endpoint({
    method: 'POST',
    path: '/review/approve',
    query: none,
    body: z.object({ postId: idSchema, version: z.number().int().positive() }),
    response: reviewThreadSchema
  }),
  rejectPost: endpoint({
    method: 'POST',
    path: '/review/reject',
    query: none,
    body: z.object({
      postId: idSchema,
      reason: multiLineText().trim().min(1, MESSAGES.rejectionReasonEmpty).max(REJECTION_REASON_MAX, `Keep the reason under ${REJECTION_REASON_MAX.toLocaleString('en-US')} characters.`)
    }),
    response: reviewThreadSchema
  }),
  /** Every kept revision of a post, newest first: for its author, reviewers, the author's team leaders and admins. */
  listPostVersions: endpoint({
    method: 'GET',
    path: '/posts/versions',
    query: z.object({ postId: idSchema }),
    body: none,
    response: z.object({ versions: z.array(postVersionSchema) })
  }),

  // Results (issue 14). Scope: a MEMBER sees their own posts and their team's totals, a team leader
  // their teams' members, an admin everyone. format=csv answers text/csv (streamed), not the JSON below.
  analyticsPosts: endpoint({ method: 'GET', path: '/analytics/posts', query: analyticsPostsQuerySchema, body: none, response: analyticsPostsSchema }),
  analyticsMembers: endpoint({ method: 'GET', path: '/analytics/members', query: analyticsQuerySchema, body: none, response: analyticsGroupsSchema }),
  analyticsTeams: endpoint({ method: 'GET', path: '/analytics/teams', query: analyticsQuerySchema, body: none, response: analyticsGroupsSchema }),
  analyticsPages: endpoint({ method: 'GET', path: '/analytics/pages', query: analyticsQuerySchema, body: none, response: analyticsGroupsSchema }),
  analyticsTimeseries: endpoint({ method: 'GET', path: '/analytics/timeseries', query: analyticsTimeseriesQuerySchema, body: none, response: analyticsTimeseriesSchema }),
  teamEffort: endpoint({
    method: 'GET',
    path: '/team/effort',
    query: z.object({ month: monthQuerySchema, timezone: timeZoneQuerySchema.optional() }),
    body: none,
    response: teamEffortSchema
  }),
  /** A leader (of the member's team) or an admin reminds a member who is behind: a notification linking to their next slot. */
  nudgeMember: endpoint({ method: 'POST', path: '/team/nudge', query: none, body: z.object({ userId: idSchema, month: monthQuerySchema }), response: ok, idempotent: true }),
  getDashboard: endpoint({ method: 'GET', path: '/dashboard', query: z.object({ timezone: timeZoneQuerySchema.optional() }), body: none, response: dashboardSchema }),

  /**
   * The organization's audit log (issue 17), admins only, newest first with keyset paging;
   * format=csv answers every matching entry as text/csv (streamed). Entries are never edited or
   * deleted: there is no endpoint for it.
   */
  getAuditLog: endpoint({ method: 'GET', path: '/organization/audit-log', query: auditLogQuerySchema, body: none, response: auditLogPageSchema }),

  // Notifications
  /**
   * The bell's list, newest first, a page at a time (issue 16): pass the answer's nextCursor as
   * `cursor` for the next (older) page; null on the last one. A malformed cursor is a 400.
   */
  listNotifications: endpoint({
    method: 'GET',
    path: '/notification/list',
    query: z.object({
      cursor: singleLineText().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_DEFAULT)
    }),
    body: none,
    response: z.object({ items: z.array(notificationSchema), nextCursor: z.string().nullable() })
  }),
  markNotificationRead: endpoint({
    method: 'PUT',
    path: '/notification/mark-as-read',
    query: none,
    body: z.object({ id: singleLineText().min(1).max(100).optional() }),
    response: z.object({ updated: z.number().int().nonnegative() })
  })
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

export type QueryOf<E extends Endpoint> = z.input<E['query']>
export type BodyOf<E extends Endpoint> = z.input<E['body']>
export type ResponseOf<E extends Endpoint> = z.output<E['response']>

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional()
  })
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

/** Every `error.code` the server answers with (DESIGN.md §3), with its HTTP status. */
export const API_ERROR_CODES = {
  /** 400: input failed the endpoint's schema; `fields` holds a message per field. */
  validation: 400,
  /** 400: the body is not JSON. */
  invalid_json: 400,
  bad_request: 400,
  /** 401: no (live) session. */
  unauthenticated: 401,
  /** 401: sign-in with a wrong email or password ('Incorrect email or password.'). */
  invalid_credentials: 401,
  /** 402: the plan does not include this (the client dispatches 'openPlanModal'). */
  plan_limit: 402,
  /** 402: the organization has no subscription at all ('Your organization has no plan. Please contact support.'). */
  no_plan: 402,
  /** 403: a state-changing request without the X-Pagecrew-Client header. */
  csrf: 403,
  /** 403: the role does not allow it. */
  forbidden: 403,
  /** 404: unknown, or not in the session's organization. */
  not_found: 404,
  method_not_allowed: 405,
  /** 410: a join link that was accepted already ('This invitation has already been used. Sign in instead.'). */
  join_link_used: 410,
  /** 409: e.g. an email already in use (`fields.email`). */
  conflict: 409,
  /** 409: the endpoint needs an organization and the session has none ('Create an organization first.'). */
  no_organization: 409,
  too_large: 413,
  unsupported_media_type: 415,
  /** 422: an Idempotency-Key already used for this endpoint with other content ('This request was already sent with different content.'). */
  idempotency_mismatch: 422,
  /** 429 with Retry-After: too many sign-ups, tries at one join link or single sign-on requests from one address (and the like), or failed password checks (sign-in, joining, a credential change's current password). */
  rate_limited: 429,
  /** 500: anything unexpected; details are only logged. */
  internal: 500,
  /** 502: the billing provider failed or did not answer; nothing was changed. */
  bad_gateway: 502,
  /** 503: the database does not answer (MESSAGES.databaseUnavailable); the client may try again. */
  database_unavailable: 503,
  /** 507: the server ran out of disk space writing a file (MESSAGES.storageFull); the partial file is gone. */
  storage_full: 507
} as const satisfies Record<string, number>
export type ApiErrorCode = keyof typeof API_ERROR_CODES

export const API_BASE = '/api'
export const CLIENT_HEADER = 'x-pagecrew-client'
/** Endpoints marked `idempotent` read it (DESIGN.md §7); the client sends it as host.ts's IDEMPOTENCY_KEY_HEADER. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const SESSION_COOKIE = 'pagecrew_session'

export { MESSAGES, fileTooBigMessage } from './messages'
