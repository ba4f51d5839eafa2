import type { Role, User } from '../domain'

/** ADMIN and GHOST both count as admins (spec §6). */
export function isAdminRole(role: Role | undefined | null): boolean {
  return role === 'ADMIN' || role === 'GHOST'
}

/** The role is read from the first organization setting (spec §6). */
export function roleOf(user: Pick<User, 'userOrgSettings'>): Role | null {
  return user.userOrgSettings[0]?.role ?? null
}

export function isAdmin(user: Pick<User, 'userOrgSettings'>): boolean {
  return isAdminRole(roleOf(user))
}

/** A team leader leads at least one team; with a team id, leads that team. */
export function isTeamLeader(user: Pick<User, 'leadingTeams'>, teamId?: string): boolean {
  if (teamId === undefined) return user.leadingTeams.length > 0
  return user.leadingTeams.some((t) => t.id === teamId)
}
