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

/** The ways a role reaches a membership: an invitation, an edit, and accepting an invitation. */
type RoleGrantPath = 'invite' | 'update' | 'accept'

/**
 * Who may give which role (spec §6 "a ghost cannot change roles", issue 12). The actor is the
 * member acting in the organization (team leaders are MEMBERs: leading grants no role power):
 *
 * | actor                | invite                   | update (changing a role)  |
 * |----------------------|--------------------------|---------------------------|
 * | ADMIN                | ADMIN, MEMBER, GHOST (1) | any role to any role (2)  |
 * | GHOST                | MEMBER only              | none                      |
 * | MEMBER / team leader | none (403)               | none (403)                |
 *
 * Accepting never picks a role: the invitee gets the role stored on the invitation, and only while
 * the member who last issued it or set its role ("inviter") may still give that role, so MEMBER
 * always, ADMIN and GHOST only while the inviter is an ACTIVE ADMIN. A ghost may invite because
 * spec §6 lets both kinds of admin invite, but only as MEMBER: any other role would hand out
 * admin power, which is what "cannot change roles" keeps from a ghost. An unchanged role (the edit
 * dialog resends it) is no grant. (1) GHOST also needs the GHOST_ROLE entitlement (402).
 * (2) Never lowering the last ACTIVE ADMIN (checkRoleChange, 409).
 */
export function grantableRoles(actorRole: Role | null | undefined, path: RoleGrantPath): readonly Role[] {
  if (actorRole === 'ADMIN') return ['ADMIN', 'MEMBER', 'GHOST']
  if (actorRole === 'GHOST') return path === 'update' ? [] : ['MEMBER']
  return []
}

/**
 * Why `actorRole` may not give `newRole` through `path` (null: allowed). On update `currentRole`
 * is the member's role now; keeping it is always allowed. On accept the actor is the inviter's
 * current role in the organization (null when they are no longer an ACTIVE member), and a MEMBER
 * invitation is always honoured.
 */
export function roleGrantRefusal(input: {
  actorRole: Role | null | undefined
  path: RoleGrantPath
  newRole: Role
  currentRole?: Role
}): 'ghost-cannot-change-roles' | 'only-admins' | 'inviter-may-not-grant' | null {
  if (input.path === 'update' && input.newRole === input.currentRole) return null
  if (input.path === 'accept') {
    if (input.newRole === 'MEMBER') return null
    return grantableRoles(input.actorRole, 'accept').includes(input.newRole) ? null : 'inviter-may-not-grant'
  }
  if (grantableRoles(input.actorRole, input.path).includes(input.newRole)) return null
  return input.actorRole === 'GHOST' ? 'ghost-cannot-change-roles' : 'only-admins'
}
