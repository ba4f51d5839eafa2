import type { User, UserOrganization } from '../domain'

/**
 * The session's current organization among the user's organizations: the server lists the current
 * organization's settings first (spec §6 reads the role from userOrgSettings[0]).
 */
export function currentOrganization(
  user: Pick<User, 'organizations' | 'userOrgSettings'>
): UserOrganization | null {
  const currentId = user.userOrgSettings[0]?.organizationId
  if (!currentId) return null
  return user.organizations.find((o) => o.id === currentId) ?? null
}

/** Whether the user belongs to the organization with this WorkOS-style id (the `?orgid=` value). */
export function belongsToOrganization(user: Pick<User, 'organizations'>, organizationWorkOSId: string): boolean {
  return user.organizations.some((o) => o.organizationWorkOSId === organizationWorkOSId)
}
