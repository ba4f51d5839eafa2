import { z } from 'zod'
import { joinInfoSchema, memberSchema, outboxEmailSchema, roleSchema, userSchema } from '../../domain'
import { singleLineText } from '../../domain/text'
import { isValidEmail } from '../../rules/validation'
import { MESSAGES } from '../messages'
import { sessionSchema } from './auth'
import { endpoint, none, ok } from './base'
import { idListSchema, idSchema } from './common'

/* Organization administration (issue 3): members, invitations and joining. */

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

export const memberEndpoints = {
  // Members and invitations
  listMembers: endpoint({ method: 'GET', path: '/members/list', query: listMembersQuerySchema, body: none, response: listMembersResponseSchema }),
  inviteMember: endpoint({ role: 'admin',
    method: 'POST',
    path: '/members/invite',
    query: none,
    body: inviteMemberBodySchema,
    response: inviteMemberResponseSchema,
    idempotent: true
  }),
  updateMember: endpoint({ method: 'PUT', path: '/members/update', query: none, body: updateMemberBodySchema, response: memberSchema }),
  deleteMember: endpoint({ role: 'admin', method: 'DELETE', path: '/members/delete', query: z.object({ userId: idSchema }), body: none, response: ok }),
  /** Admins: the organization's sent emails (the built-in mail outbox), newest first. */
  listOutbox: endpoint({ role: 'admin', method: 'GET', path: '/members/outbox', query: none, body: none, response: z.array(outboxEmailSchema) }),
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
  acceptInvitation: endpoint({ method: 'POST', path: '/join/accept', query: none, body: joinAcceptBodySchema, response: sessionSchema, auth: false })
} as const
