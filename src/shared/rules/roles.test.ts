import { describe, expect, it } from 'vitest'
import { isAdmin, isAdminRole, isTeamLeader, roleOf } from './roles'

const setting = (role: 'ADMIN' | 'MEMBER' | 'GHOST') => ({
  role,
  status: 'ACTIVE' as const,
  assignedNumberOfPosts: 0,
  organizationId: 'o',
  organizationWorkOSId: 'org_x',
  postTags: []
})

describe('roles', () => {
  it('counts ADMIN and GHOST as admins, not MEMBER', () => {
    expect(isAdminRole('ADMIN')).toBe(true)
    expect(isAdminRole('GHOST')).toBe(true)
    expect(isAdminRole('MEMBER')).toBe(false)
    expect(isAdminRole(null)).toBe(false)
  })
  it('reads the role from the first organization setting', () => {
    expect(roleOf({ userOrgSettings: [setting('MEMBER'), setting('ADMIN')] })).toBe('MEMBER')
    expect(isAdmin({ userOrgSettings: [setting('GHOST')] })).toBe(true)
    expect(isAdmin({ userOrgSettings: [] })).toBe(false)
  })
  it('treats a user leading at least one team as a team leader', () => {
    expect(isTeamLeader({ leadingTeams: [] })).toBe(false)
    expect(isTeamLeader({ leadingTeams: [{ id: 't1' }] })).toBe(true)
    expect(isTeamLeader({ leadingTeams: [{ id: 't1' }] }, 't2')).toBe(false)
    expect(isTeamLeader({ leadingTeams: [{ id: 't1' }] }, 't1')).toBe(true)
  })
})
