import { z } from 'zod'
import { instantSchema } from './common'
import { singleLineText } from './text'

/*
 * Each person's data, out and erased (issue 28, GDPR articles 15, 17 and 20): Settings → Privacy,
 * and an admin's Export data / Erase account on a member (docs/architecture.md, "Personal data:
 * export and erasure").
 */

/** How long an export's file can be downloaded. */
export const PERSONAL_DATA_EXPORT_DAYS = 7

/** The name every kept post and comment of an erased person shows instead of theirs. */
export const FORMER_MEMBER_NAME = 'Former member'

export const PRIVACY_MESSAGES = {
  exportNotFound: 'This export does not exist or has expired.',
  exportNotReady: 'This export is not ready yet.',
  exportRunning: 'An export of this data is already being prepared. Wait until it is ready.',
  confirmationMismatch: 'Type the email address of the account exactly as shown.',
  currentPasswordNeeded: 'Enter your current password to delete your account.',
  onlyAdmin: (organizationName: string) =>
    `You are the only admin of ${organizationName}. Make another member an admin (Settings → Organization → Members) before you delete your account.`,
  lastMemberOrganization: (organizationName: string) =>
    `You are the only member of ${organizationName}. Delete the organization (Settings → Organization) before you delete your account.`,
  memberInOtherOrganization: 'This person also belongs to another organization: remove them from yours instead, or they can delete their account themselves.',
  eraseYourself: 'To delete your own account, use Settings → Privacy.',
  eraseLastAdmin: 'The only admin of the organization cannot be erased.',
  exportReadyTitle: 'Your data is ready',
  exportReadyMessage: 'The export you asked for can be downloaded from Settings → Privacy for 7 days.',
  memberExportReadyTitle: 'A member’s data is ready',
  memberExportReadyMessage: 'The export of a member’s data can be downloaded from Settings → Organization → Members for 7 days.'
} as const

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const
export type ExportStatus = (typeof EXPORT_STATUSES)[number]

export const personalDataExportSchema = z.object({
  id: z.string(),
  /** 'account': everything about the person; 'organization': one organization's rows about them (asked by its admin). */
  scope: z.enum(['account', 'organization']),
  status: z.enum(EXPORT_STATUSES),
  /** 0-100 while it is prepared. */
  progress: z.number().int().min(0).max(100),
  /** Bytes of the ZIP once ready. */
  fileSize: z.number().int().nonnegative().nullable(),
  createdAt: instantSchema,
  completedAt: instantSchema.nullable(),
  /** When the file is deleted. */
  expiresAt: instantSchema
})
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>

export const personalDataExportListSchema = z.object({ exports: z.array(personalDataExportSchema) })

export const ERASED_MEMBER_CONTENT = ['keep', 'remove'] as const
export type ErasedMemberContent = (typeof ERASED_MEMBER_CONTENT)[number]

export const ERASED_MEMBER_CONTENT_LABELS: Record<ErasedMemberContent, string> = {
  keep: `Keep their posts and comments, shown as "${FORMER_MEMBER_NAME}"`,
  remove: 'Remove their posts and comments'
}

export const organizationPrivacySchema = z.object({ erasedMemberContent: z.enum(ERASED_MEMBER_CONTENT) })
export type OrganizationPrivacy = z.infer<typeof organizationPrivacySchema>

/** What erasing an account does, per organization it belongs to (the dialog says it exactly). */
export const erasurePreviewSchema = z.object({
  email: z.string(),
  /** A password account confirms with its current password too. */
  passwordRequired: z.boolean(),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), erasedMemberContent: z.enum(ERASED_MEMBER_CONTENT) })),
  /** Why it cannot be done now (e.g. the only admin of an organization with other members); null when it can. */
  blockedBy: z.string().nullable()
})
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>

const confirmation = singleLineText({ error: PRIVACY_MESSAGES.confirmationMismatch }).trim().max(320, PRIVACY_MESSAGES.confirmationMismatch)

export const eraseOwnAccountBodySchema = z.object({
  /** The account's email address, typed. */
  confirmation,
  currentPassword: singleLineText().max(1000).optional()
})

export const eraseMemberBodySchema = z.object({ userId: singleLineText().max(100), confirmation })
export const exportMemberBodySchema = z.object({ userId: singleLineText().max(100) })
