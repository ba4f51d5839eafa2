import { describe, expect, it } from 'vitest'
import { grantableRoles, isAdmin, isAdminRole, isTeamLeader, roleGrantRefusal, roleOf } from './roles'

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

describe('who may grant which role', () => {
  it('lets an ADMIN give every role, a GHOST invite MEMBERs only, and nobody else anything', () => {
    expect(grantableRoles('ADMIN', 'invite')).toEqual(['ADMIN', 'MEMBER', 'GHOST'])
    expect(grantableRoles('ADMIN', 'update')).toEqual(['ADMIN', 'MEMBER', 'GHOST'])
    expect(grantableRoles('GHOST', 'invite')).toEqual(['MEMBER'])
    expect(grantableRoles('GHOST', 'update')).toEqual([])
    expect(grantableRoles('MEMBER', 'invite')).toEqual([])
    expect(grantableRoles(null, 'accept')).toEqual([])
  })
  it('names the refusal; keeping a role is no grant', () => {
    expect(roleGrantRefusal({ actorRole: 'GHOST', path: 'invite', newRole: 'ADMIN' })).toBe('ghost-cannot-change-roles')
    expect(roleGrantRefusal({ actorRole: 'GHOST', path: 'invite', newRole: 'GHOST' })).toBe('ghost-cannot-change-roles')
    expect(roleGrantRefusal({ actorRole: 'GHOST', path: 'invite', newRole: 'MEMBER' })).toBeNull()
    expect(roleGrantRefusal({ actorRole: 'GHOST', path: 'update', currentRole: 'ADMIN', newRole: 'MEMBER' })).toBe('ghost-cannot-change-roles')
    expect(roleGrantRefusal({ actorRole: 'GHOST', path: 'update', currentRole: 'ADMIN', newRole: 'ADMIN' })).toBeNull()
    expect(roleGrantRefusal({ actorRole: 'MEMBER', path: 'update', currentRole: 'MEMBER', newRole: 'ADMIN' })).toBe('only-admins')
    expect(roleGrantRefusal({ actorRole: 'ADMIN', path: 'update', currentRole: 'MEMBER', newRole: 'GHOST' })).toBeNull()
  })
  it('honours an accepted invitation role only while its inviter may give it; MEMBER always', () => {
    expect(roleGrantRefusal({ actorRole: 'ADMIN', path: 'accept', newRole: 'ADMIN' })).toBeNull()
    expect(roleGrantRefusal({ actorRole: 'GHOST', path: 'accept', newRole: 'ADMIN' })).toBe('inviter-may-not-grant')
    expect(roleGrantRefusal({ actorRole: 'MEMBER', path: 'accept', newRole: 'GHOST' })).toBe('inviter-may-not-grant')
    expect(roleGrantRefusal({ actorRole: null, path: 'accept', newRole: 'MEMBER' })).toBeNull()
  })
})
