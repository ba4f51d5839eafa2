import { describe, expect, it } from 'vitest'
import { belongsToOrganization, currentOrganization } from './organizations'

const setting = (organizationId: string) => ({
  role: 'ADMIN' as const,
  status: 'ACTIVE' as const,
  assignedNumberOfPosts: 0,
  organizationId,
  organizationWorkOSId: `org_${organizationId}`,
  postTags: []
})

const organizations = [
  { id: 'a', name: 'Acme', organizationWorkOSId: 'org_a', unreadNotificationCount: 2 },
  { id: 'b', name: 'Beta', organizationWorkOSId: 'org_b', unreadNotificationCount: 0 }
]

describe('currentOrganization', () => {
  it('is the organization of the first organization setting', () => {
    expect(currentOrganization({ organizations, userOrgSettings: [setting('b'), setting('a')] })?.name).toBe('Beta')
  })

  it('is null without settings or when the organization is not listed', () => {
    expect(currentOrganization({ organizations, userOrgSettings: [] })).toBeNull()
    expect(currentOrganization({ organizations, userOrgSettings: [setting('z')] })).toBeNull()
  })
})

describe('belongsToOrganization', () => {
  it('matches on the organizationWorkOSId', () => {
    expect(belongsToOrganization({ organizations }, 'org_b')).toBe(true)
    expect(belongsToOrganization({ organizations }, 'b')).toBe(false)
  })
})
