import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { linkTo } from '../../../shared/routes'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { organizations, teamMembers, teams, users } from '../../db/schema'
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors'
import { isAdminSession, membersAmong } from '../access'
import type { NotificationService } from '../notifications'
import type { OrganizationSession } from '../sessions'
import type { TeamFormFields } from './types'

/* A team's people: who may be in it, replacing them, telling the added, who may change it (docs/architecture.md, "Organizations and members"). */

const ADDED_TO_TEAM_TITLE = 'You were added to a team 👥'

/** Two saves racing to put one person into two teams: the database's one-team rule answers 409. */
export function concurrentTeamChange(err: unknown): unknown {
  if (!isUniqueViolation(err, 'team_members_one_team_per_org')) return err
  const message = 'A member was just added to another team. Reload and try again.'
  return conflict(message, { members: message })
}

/**
 * Members and leaders: every id an ACTIVE member of the organization (404 for strangers, 400
 * for invitations not accepted yet), leaders made members too, nobody in another team (409).
 */
export async function checkPeople(tx: Executor, organizationId: string, fields: TeamFormFields, teamId: string | null) {
  const leaders = [...new Set(fields.teamLeaders)]
  const members = [...new Set([...fields.members, ...leaders])]
  const found = await membersAmong(tx, organizationId, members)
  if (found.size !== members.length) throw notFound(MESSAGES.memberNotFound)
  const invited = members.filter((id) => found.get(id) === 'INVITED')
  if (invited.length > 0) {
    const message = 'Invited members can join a team once they have accepted their invitation.'
    throw badRequest(message, { members: message })
  }
  const elsewhere = await tx
    .select({ fullName: users.fullName, email: users.email, team: teams.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.organizationId, organizationId),
        inArray(teamMembers.userId, members),
        teamId ? ne(teamMembers.teamId, teamId) : undefined
      )
    )
    .orderBy(asc(users.fullName))
  if (elsewhere.length > 0) {
    const names = elsewhere.map((p) => `${p.fullName || p.email} (${p.team})`).join(', ')
    const message = `Already in another team: ${names}. A member can be in only one team.`
    throw conflict(message, { members: message })
  }
  return { members, leaders: new Set(leaders) }
}

export async function replacePeople(clock: Clock, tx: Executor, organizationId: string, teamId: string, members: string[], leaders: Set<string>) {
  const before = await tx.select({ userId: teamMembers.userId, isLeader: teamMembers.isLeader }).from(teamMembers).where(eq(teamMembers.teamId, teamId))
  await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId))
  const now = clock.now()
  await tx.insert(teamMembers).values(members.map((userId) => ({ teamId, organizationId, userId, isLeader: leaders.has(userId), createdAt: now })))
  const had = new Set(before.map((b) => b.userId))
  return {
    added: members.filter((id) => !had.has(id)),
    /** The people before and after, for the audit log. */
    was: { members: before.map((b) => b.userId).sort(), leaders: before.filter((b) => b.isLeader).map((b) => b.userId).sort() },
    now: { members: [...members].sort(), leaders: [...leaders].sort() }
  }
}

export async function notifyAdded(notifications: NotificationService, tx: Executor, organizationId: string, teamName: string, userIds: string[], actorId: string) {
  const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1)
  for (const userId of userIds) {
    if (userId === actorId) continue
    await notifications.notify(
      { organizationId, userId, title: ADDED_TO_TEAM_TITLE, message: `You are now a member of the team ${teamName} in ${org?.name ?? 'your organization'}.`, link: linkTo('team') },
      tx
    )
  }
}

/** Admins, or a leader of this team (spec §1: team leaders manage their team). */
export async function requireAdminOrLeader(db: Database, session: OrganizationSession, teamId: string) {
  if (isAdminSession(session)) return
  const [lead] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
    .limit(1)
  if (!lead) throw forbidden('Only admins and the leaders of this team can change it.')
}
