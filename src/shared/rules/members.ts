import type { MemberStatus, Role } from '../domain'
import { roleGrantRefusal } from './roles'

/** Seats: every member counts, ACTIVE or INVITED (an invitation holds a seat). */
export function hasFreeSeat(memberCount: number, availableSeats: number): boolean {
  return memberCount < availableSeats
}

type RoleChangeCheck = 'ok' | 'ghost-cannot-change-roles' | 'only-admins' | 'last-admin'

/**
 * Spec §6: a ghost cannot change roles (nor can anyone but an ADMIN, see roleGrantRefusal); an
 * ADMIN cannot be lowered when they are the last ACTIVE admin ('There must be at least one admin
 * in your organization.'). `activeAdmins` counts the organization's ACTIVE members with role
 * ADMIN, the target included.
 */
export function checkRoleChange(input: {
  actorRole: Role
  targetRole: Role
  targetStatus: MemberStatus
  newRole: Role
  activeAdmins: number
}): RoleChangeCheck {
  const refusal = roleGrantRefusal({ actorRole: input.actorRole, path: 'update', newRole: input.newRole, currentRole: input.targetRole })
  if (refusal === 'ghost-cannot-change-roles') return refusal
  if (refusal) return 'only-admins'
  if (input.newRole === input.targetRole) return 'ok'
  const lowersAnActiveAdmin = input.targetRole === 'ADMIN' && input.targetStatus === 'ACTIVE'
  if (lowersAnActiveAdmin && input.activeAdmins <= 1) return 'last-admin'
  return 'ok'
}

/** Spec §4: an INVITED member's monthly target and review flow cannot be edited (unchanged values pass). */
export function invitedMemberEditRefusal(input: {
  status: MemberStatus
  current: { assignedNumberOfPosts: number; userApprovalFlow: boolean }
  next: { numberOfPosts?: number; userApprovalFlow?: boolean }
}): 'numberOfPosts' | 'userApprovalFlow' | null {
  if (input.status !== 'INVITED') return null
  if (input.next.numberOfPosts !== undefined && input.next.numberOfPosts !== input.current.assignedNumberOfPosts) return 'numberOfPosts'
  if (input.next.userApprovalFlow !== undefined && input.next.userApprovalFlow !== input.current.userApprovalFlow) return 'userApprovalFlow'
  return null
}

/** Spec §9: topic tags and AI templates sorted with the organization default first, then by name. */
export function sortDefaultFirst<T extends { isDefaultOrganizationTemplate: boolean; templateName: string }>(templates: readonly T[]): T[] {
  return [...templates].sort(
    (a, b) =>
      Number(b.isDefaultOrganizationTemplate) - Number(a.isDefaultOrganizationTemplate) ||
      a.templateName.localeCompare(b.templateName, 'en', { sensitivity: 'base' })
  )
}
