import { describe, expect, it } from 'vitest'
import { checkRoleChange, hasFreeSeat, invitedMemberEditRefusal, sortDefaultFirst } from './members'

describe('seats', () => {
  it('has a free seat while members are fewer than the available seats', () => {
    expect(hasFreeSeat(4, 5)).toBe(true)
    expect(hasFreeSeat(5, 5)).toBe(false)
    expect(hasFreeSeat(0, 0)).toBe(false)
  })
})

describe('checkRoleChange', () => {
  const base = { actorRole: 'ADMIN' as const, targetRole: 'ADMIN' as const, targetStatus: 'ACTIVE' as const, newRole: 'MEMBER' as const }
  it('refuses to lower the last active admin', () => {
    expect(checkRoleChange({ ...base, activeAdmins: 1 })).toBe('last-admin')
    expect(checkRoleChange({ ...base, activeAdmins: 2 })).toBe('ok')
    expect(checkRoleChange({ ...base, targetStatus: 'INVITED', activeAdmins: 1 })).toBe('ok')
  })
  it('refuses every role change by a ghost, but not an unchanged role', () => {
    expect(checkRoleChange({ ...base, actorRole: 'GHOST', activeAdmins: 3 })).toBe('ghost-cannot-change-roles')
    expect(checkRoleChange({ ...base, actorRole: 'GHOST', newRole: 'ADMIN', activeAdmins: 1 })).toBe('ok')
  })
})

describe('invitedMemberEditRefusal', () => {
  const current = { assignedNumberOfPosts: 0, userApprovalFlow: false }
  it('refuses changed targets and review flow for INVITED members only', () => {
    expect(invitedMemberEditRefusal({ status: 'INVITED', current, next: { numberOfPosts: 3 } })).toBe('numberOfPosts')
    expect(invitedMemberEditRefusal({ status: 'INVITED', current, next: { userApprovalFlow: true } })).toBe('userApprovalFlow')
    expect(invitedMemberEditRefusal({ status: 'INVITED', current, next: { numberOfPosts: 0, userApprovalFlow: false } })).toBeNull()
    expect(invitedMemberEditRefusal({ status: 'ACTIVE', current, next: { numberOfPosts: 3, userApprovalFlow: true } })).toBeNull()
  })
})

describe('display helpers', () => {
  it('sorts the default template first, then by name', () => {
    const sorted = sortDefaultFirst([
      { templateName: 'beta', isDefaultOrganizationTemplate: false },
      { templateName: 'Zed', isDefaultOrganizationTemplate: true },
      { templateName: 'Alpha', isDefaultOrganizationTemplate: false }
    ])
    expect(sorted.map((t) => t.templateName)).toEqual(['Zed', 'Alpha', 'beta'])
  })
})
