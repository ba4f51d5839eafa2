import type { z } from 'zod'
import type { updateMemberBodySchema } from '@shared/api/contract'
import type { Member, Role } from '@shared/domain'
import { isValidEmail } from '@shared/rules'

export interface MemberForm {
  email: string
  role: Role
  /** The monthly target as typed: digits only. */
  numberOfPosts: string
  userApprovalFlow: boolean
  postTags: string[]
  businessPages: string[]
}

export function initialMemberForm(member: Member | null): MemberForm {
  return {
    email: member?.email ?? '',
    role: member?.role ?? 'MEMBER',
    numberOfPosts: String(member?.assignedNumberOfPosts ?? 0),
    userApprovalFlow: member?.userApprovalFlow ?? false,
    postTags: member?.postTags ?? [],
    businessPages: member?.businessPages.map((p) => p.id) ?? []
  }
}

export function isMemberFormDirty(form: MemberForm, initial: MemberForm): boolean {
  return JSON.stringify(form) !== JSON.stringify(initial)
}

/** Submit is disabled until the email follows the rule of spec §5 (text@text.text, no spaces). */
export function canSubmitMemberForm(form: MemberForm): boolean {
  return isValidEmail(form.email.trim())
}

/** Keys that would make the monthly target negative or not a whole number (spec §5: minus key blocked). */
export const BLOCKED_TARGET_KEYS = new Set(['-', '+', 'e', 'E', '.', ','])

/** Only digits stay (a pasted '-3' becomes '3'); the target is 0 or more. */
export function sanitizeTarget(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 5)
}

function targetValue(raw: string): number {
  const value = Number.parseInt(raw, 10)
  return Number.isFinite(value) && value >= 0 ? value : 0
}

/** Business pages: the chosen ids, or null when none is chosen (spec §7). */
export function selectedBusinessPages(ids: readonly string[]): string[] | null {
  return ids.length > 0 ? [...ids] : null
}

type UpdateBody = z.input<typeof updateMemberBodySchema>

/**
 * PUT /members/update for an edit (spec §7). An INVITED member's target and review flow are not
 * sent (spec §4); the email only changes for INVITED members; the role only when it changed (a
 * ghost cannot change roles).
 */
export function memberUpdateBody(member: Member, form: MemberForm): UpdateBody {
  const invited = member.status === 'INVITED'
  const body: UpdateBody = {
    userId: member.id,
    postTags: form.postTags,
    selectedBusinessPages: selectedBusinessPages(form.businessPages)
  }
  const email = form.email.trim().toLowerCase()
  if (invited && email !== member.email) body.email = email
  if (form.role !== member.role) body.role = form.role
  if (!invited) body.numberOfPosts = targetValue(form.numberOfPosts)
  if (!invited) body.userApprovalFlow = form.userApprovalFlow
  return body
}
