import { z } from 'zod'
import { multiLineText, singleLineText } from '../../domain/text'
import { MESSAGES } from '../messages'
import { endpoint } from './base'
import { REJECTION_REASON_MAX } from './review'

// Approve links (issue 28): signed, single-use, expiring links to approve a post or request changes,
// emailed to approvers and posted to chat channels. docs/architecture.md, "Approve links".
const tokenSchema = singleLineText().trim().min(1, MESSAGES.approveLinkInvalid).max(200, MESSAGES.approveLinkInvalid)

export const approveLinkInfoSchema = z.object({
  action: z.enum(['approve', 'request_changes']),
  expiresAt: z.string(),
  /** The post changed since approval was asked for: the link will be refused (MESSAGES.approveLinkOutdated). */
  outdated: z.boolean(),
  post: z.object({ id: z.string(), preview: z.string(), authorName: z.string(), slotTime: z.string().nullable() }),
  organizationName: z.string()
})
export type ApproveLinkInfo = z.infer<typeof approveLinkInfoSchema>

export const approveLinkOutcomeSchema = z.object({ outcome: z.enum(['approved', 'changes_requested']), postId: z.string() })
export type ApproveLinkOutcome = z.infer<typeof approveLinkOutcomeSchema>

export const approveLinkEndpoints = {
  /** What a link would do (the signed-in person must be its approver): 404 unknown, 403 someone else's, 410 used or expired. */
  approveLinkInfo: endpoint({
    method: 'GET',
    path: '/approve-links/info',
    query: z.object({ token: tokenSchema }),
    body: z.undefined(),
    response: approveLinkInfoSchema
  }),
  /** Uses a link once with the app's approval rules; `reason` is needed to request changes. */
  useApproveLink: endpoint({
    method: 'POST',
    path: '/approve-links/use',
    query: z.undefined(),
    body: z.object({
      token: tokenSchema,
      reason: multiLineText().trim().max(REJECTION_REASON_MAX, `Keep the reason under ${REJECTION_REASON_MAX.toLocaleString('en-US')} characters.`).optional()
    }),
    response: approveLinkOutcomeSchema,
    idempotent: true
  })
} as const
