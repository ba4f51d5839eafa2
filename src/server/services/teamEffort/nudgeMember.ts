import { and, count, eq, gte, lt, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { isBehind, monthRange } from '../../../shared/rules'
import { memberships, posts, teamMembers, users } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../errors'
import { isAdminSession, requireUuid } from '../access'
import type { OrganizationSession } from '../sessions'
import { slotLink } from '../slots'
import { nextOpenSlots, nudgedToday } from './memberReads'
import { EFFORT_MESSAGES, NUDGE_TITLE, nudgeMessage, WRITE_POST_LINK } from './messages'
import { viewerTimeZone } from './timeZone'
import type { TeamEffortDeps } from './types'

/* POST /team/nudge: a leader or admin cheers a member on who is behind (docs/architecture.md, "Team effort, nudges and the dashboard"). */

export async function nudgeMember(deps: TeamEffortDeps, session: OrganizationSession, input: { userId: string; month: string }): Promise<void> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  requireUuid(input.userId, MESSAGES.memberNotFound)
  const now = clock.now()
  const timezone = await viewerTimeZone(db, session.userId, undefined)
  const period = monthRange(input.month, timezone)
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ status: memberships.status, target: memberships.assignedNumberOfPosts })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, input.userId)))
      .for('update', { of: memberships })
    if (!member) throw notFound(MESSAGES.memberNotFound)
    if (!isAdminSession(session)) {
      const [leads] = await tx
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(
          and(
            eq(teamMembers.organizationId, organizationId),
            eq(teamMembers.userId, session.userId),
            eq(teamMembers.isLeader, true),
            sql`${teamMembers.teamId} = (select tm.team_id from ${teamMembers} tm where tm.organization_id = ${organizationId} and tm.user_id = ${input.userId})`
          )
        )
      if (!leads) throw forbidden(EFFORT_MESSAGES.nudgeNotAllowed)
    }
    if (member.status !== 'ACTIVE') throw conflict(EFFORT_MESSAGES.nudgeInactive)
    const [published] = await tx
      .select({ n: count() })
      .from(posts)
      .where(
        and(
          eq(posts.organizationId, organizationId),
          eq(posts.authorUserId, input.userId),
          eq(posts.status, 'PUBLISHED'),
          gte(posts.publishedAt, period.from),
          lt(posts.publishedAt, period.to)
        )
      )
    const publishedCount = published?.n ?? 0
    if (!isBehind(publishedCount, member.target, period, now)) throw conflict(EFFORT_MESSAGES.nudgeNotBehind)
    if ((await nudgedToday(tx, organizationId, [input.userId], now)).size > 0) throw conflict(EFFORT_MESSAGES.alreadyNudged)
    const slotId = (await nextOpenSlots(tx, organizationId, [input.userId], now)).get(input.userId)
    const [nudger] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, session.userId))
    const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: timezone }).format(period.from)
    await deps.notifications.notify(
      {
        organizationId,
        userId: input.userId,
        title: NUDGE_TITLE,
        message: nudgeMessage({ nudger: nudger?.fullName ?? 'Your team leader', published: publishedCount, target: member.target, monthLabel, hasSlot: !!slotId }),
        link: slotId ? slotLink(slotId) : WRITE_POST_LINK
      },
      tx
    )
  })
}
