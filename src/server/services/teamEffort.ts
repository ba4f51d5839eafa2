import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { EffortMember, EffortTeam, PersonRef, TeamEffort } from '../../shared/domain'
import { MESSAGES } from '../../shared/api/messages'
import { API_BASE } from '../../shared/api/contract'
import { dayStart, isBehind, monthRange, rankByShare, shareOfTarget, streakOf, weekStarts, type Period } from '../../shared/rules'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { assignedSlots, memberships, notifications, posts, teamMembers, teams, users } from '../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, requireUuid } from './access'
import { checkedTimeZone, storedTimeZone, UNKNOWN_TIME_ZONE } from './analytics'
import type { NotificationService } from './notifications'
import { slotLink } from './slots'
import { linkTo } from '../../shared/routes'

/**
 * Team effort (issue 14): each team's members against their monthly targets, the leaderboard of
 * teams, and nudges. The dashboard reads the same standings (monthStandings).
 *
 * Decisions:
 * - The month is cut in a time zone: the `timezone` asked for, else the viewer's users.timezone,
 *   else UTC (an unknown zone is a 400 on `timezone`). Periods come from shared/rules/periods.ts.
 * - Members: ACTIVE memberships only (INVITED are left out). A member with a target
 *   (assigned_number_of_posts > 0) is listed in `members`, one without in `withoutTarget`; members
 *   in no team are `unassigned`.
 * - Published: the member's posts (as author, a business page's too) PUBLISHED in the month.
 * - Slots: those assigned to the member with their time in the month. DONE when a published post
 *   is linked to it (as services/slotView.ts derives it), MISSED when not done and its time has
 *   passed. On-time rate: of the done slots, those whose post was published at or before the
 *   slot's time; null without done slots.
 * - Streak: Monday-based weeks in the time zone with at least one published post, counted back
 *   from the week of the month's last day (posts up to the month's end), or from this week while
 *   the month is current — this week, still under way, breaks nothing: without a post yet the
 *   streak counts from last week. A future month has none. At most STREAK_WEEKS_MAX weeks: a
 *   bounded read, and a year in a row says enough.
 * - Behind: shared/rules/effort.ts isBehind (the pace of the days gone by; a past month: the
 *   whole target).
 * - Team totals: target and published summed over the team's members (published of members
 *   without a target too: the team's work); shareOfTarget = Σ min(published, target) / Σ target
 *   over members with a target, ranked best first, equal shares sharing a rank (1, 1, 3); a team
 *   without targets has no rank and lists last. Teams are listed by rank, then name.
 * - Scope: the leaderboard (every team's totals and rank) is everyone's (spec §9: every plan has
 *   a team leaderboard). Member rows: admins (ADMIN, GHOST) see every team's and the unassigned;
 *   anyone else their own team's (a user is in at most one team), and themselves when in no team.
 *   canNudge: every team for admins, the team a leader leads for them, else none.
 * - Nudges: by an admin or a leader of the member's team (else 403; a user not in the organization
 *   is 404). The member must be ACTIVE and behind in that month in the nudger's time zone (else 409).
 *   At most one nudge per member per calendar day in the member's time zone (409 'Already nudged
 *   today.'), held under the membership's row lock so two leaders nudging at once send one. The
 *   notification links to the member's next open slot, else to writing a post.
 * - Statements: a fixed number per request whatever the number of posts, members or teams.
 */
export interface TeamEffortService {
  effort(session: OrganizationSession, query: { month: string; timezone?: string }): Promise<TeamEffort>
  nudge(session: OrganizationSession, input: { userId: string; month: string }): Promise<void>
}

export const NUDGE_TITLE = 'Time to post ✍️'
export const STREAK_WEEKS_MAX = 52
export const WRITE_POST_LINK = linkTo('writePost')

export const EFFORT_MESSAGES = {
  nudgeNotAllowed: 'Only the member’s team leaders and admins can nudge them.',
  nudgeInactive: 'Only active members can be nudged.',
  nudgeNotBehind: 'This member is not behind their target for that month.',
  alreadyNudged: 'Already nudged today.'
} as const

export function nudgeMessage(input: { nudger: string; published: number; target: number; monthLabel: string; hasSlot: boolean }): string {
  const posts = `${input.published} of ${input.target} post${input.target === 1 ? '' : 's'}`
  const next = input.hasSlot ? 'Your next slot is waiting for you.' : 'Write a post to catch up.'
  return `${input.nudger} cheered you on: ${posts} published in ${input.monthLabel}. ${next}`
}

/** The time zone periods are cut in: the one asked for (400 as Analytics does when it is no IANA name Intl knows), else the user's, else UTC. */
export async function viewerTimeZone(executor: Executor, userId: string, requested: string | undefined): Promise<string> {
  if (requested !== undefined) {
    const checked = checkedTimeZone(requested)
    if (!checked) throw badRequest(UNKNOWN_TIME_ZONE, { timezone: UNKNOWN_TIME_ZONE })
    return checked
  }
  const [row] = await executor.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId))
  return storedTimeZone(row?.timezone)
}

export interface MemberStanding {
  member: PersonRef
  target: number
  published: number
  /** Of `published`, the reshares of recommended posts (issue 15). */
  reshares: number
  teamId: string | null
  isLeader: boolean
}

export interface TeamStanding {
  team: EffortTeam['team']
  target: number
  published: number
  shareOfTarget: number | null
  rank: number | null
}

/** Everyone's published posts against their targets in a period, and the teams ranked: three statements. */
export async function monthStandings(executor: Executor, organizationId: string, period: Period): Promise<{ members: MemberStanding[]; teams: TeamStanding[] }> {
  // The month's published posts counted per author in one pass over posts_org_published_idx.
  const published = executor
    .select({
      authorId: posts.authorUserId,
      n: sql<number>`count(*)::int`.as('n'),
      reshares: sql<number>`(count(*) filter (where ${posts.reshareOfUrn} is not null))::int`.as('reshares')
    })
    .from(posts)
    .where(and(eq(posts.organizationId, organizationId), eq(posts.status, 'PUBLISHED'), gte(posts.publishedAt, period.from), lt(posts.publishedAt, period.to)))
    .groupBy(posts.authorUserId)
    .as('published')
  const memberRows = await executor
    .select({
      id: users.id,
      fullName: users.fullName,
      image: users.image,
      target: memberships.assignedNumberOfPosts,
      teamId: teamMembers.teamId,
      isLeader: teamMembers.isLeader,
      published: sql<number>`coalesce(${published.n}, 0)::int`,
      reshares: sql<number>`coalesce(${published.reshares}, 0)::int`
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(teamMembers, and(eq(teamMembers.organizationId, memberships.organizationId), eq(teamMembers.userId, memberships.userId)))
    .leftJoin(published, eq(published.authorId, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
  const teamRows = await executor
    .select({ id: teams.id, name: teams.name, imageFile: teams.imageFile, imageVersion: teams.imageVersion })
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
  const members: MemberStanding[] = memberRows.map((r) => ({
    member: { id: r.id, fullName: r.fullName, image: r.image },
    target: r.target,
    published: r.published,
    reshares: r.reshares,
    teamId: r.teamId,
    isLeader: r.isLeader ?? false
  }))
  const unranked = teamRows.map((t) => {
    const own = members.filter((m) => m.teamId === t.id)
    return {
      team: { id: t.id, name: t.name, previewURL: t.imageFile ? `${API_BASE}/team/image/${t.id}?v=${t.imageVersion ?? '0'}` : null },
      target: own.reduce((sum, m) => sum + m.target, 0),
      published: own.reduce((sum, m) => sum + m.published, 0),
      shareOfTarget: shareOfTarget(own)
    }
  })
  const ranks = rankByShare(unranked)
  const ranked = unranked.map((t, i) => ({ ...t, rank: ranks[i]! }))
  // By rank (unranked last); the name order of teamRows breaks ties (a stable sort).
  ranked.sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER))
  return { members, teams: ranked }
}

/** Each member's next open slot (time from now on, no published post linked): one statement. */
export async function nextOpenSlots(executor: Executor, organizationId: string, userIds: readonly string[], now: Date): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map()
  const rows = await executor
    .selectDistinctOn([assignedSlots.assigneeId], { assigneeId: assignedSlots.assigneeId, id: assignedSlots.id })
    .from(assignedSlots)
    .where(and(eq(assignedSlots.organizationId, organizationId), inArray(assignedSlots.assigneeId, [...userIds]), gte(assignedSlots.time, now), notDone()))
    .orderBy(asc(assignedSlots.assigneeId), asc(assignedSlots.time), asc(assignedSlots.id))
  return new Map(rows.map((r) => [r.assigneeId, r.id]))
}

/** The longest a member's day can have lasted at `now`, whatever their time zone (UTC−12 to UTC+14, and a day). */
const LONGEST_DAY_MS = 50 * 60 * 60 * 1000

/**
 * The members nudged already today, each in their own time zone (at most one nudge a day): one
 * statement, for the effort table's buttons and for the nudge's own check.
 */
export async function nudgedToday(executor: Executor, organizationId: string, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await executor
    .select({ userId: notifications.userId, timezone: users.timezone, last: sql<Date>`max(${notifications.createdAt})`.mapWith(notifications.createdAt) })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        eq(notifications.organizationId, organizationId),
        eq(notifications.title, NUDGE_TITLE),
        inArray(notifications.userId, [...userIds]),
        gte(notifications.createdAt, new Date(now.getTime() - LONGEST_DAY_MS))
      )
    )
    .groupBy(notifications.userId, users.timezone)
  return new Set(rows.filter((r) => r.last >= dayStart(now, storedTimeZone(r.timezone))).map((r) => r.userId))
}

/** The slot has no published post linked (it is not DONE). */
const notDone = () => sql`not exists (select 1 from ${posts} where ${posts.slotId} = ${assignedSlots.id} and ${posts.status} = 'PUBLISHED')`

export function createTeamEffortService(deps: { db: Database; clock: Clock; notifications: Pick<NotificationService, 'notify'> }): TeamEffortService {
  const { db, clock } = deps

  /** Slots assigned, done, missed and done on time per assignee in the period. */
  async function slotCounts(organizationId: string, period: Period, now: Date, assignees: readonly string[] | null) {
    const done = sql`exists (select 1 from ${posts} where ${posts.slotId} = ${assignedSlots.id} and ${posts.status} = 'PUBLISHED')`
    const onTime = sql`exists (select 1 from ${posts} where ${posts.slotId} = ${assignedSlots.id} and ${posts.status} = 'PUBLISHED' and ${posts.publishedAt} <= ${assignedSlots.time})`
    const rows = await db
      .select({
        assigneeId: assignedSlots.assigneeId,
        assigned: count(),
        done: sql<number>`(count(*) filter (where ${done}))::int`,
        missed: sql<number>`(count(*) filter (where not ${done} and ${assignedSlots.time} < ${now.toISOString()}::timestamptz))::int`,
        onTime: sql<number>`(count(*) filter (where ${onTime}))::int`
      })
      .from(assignedSlots)
      .where(
        and(
          eq(assignedSlots.organizationId, organizationId),
          assignees ? inArray(assignedSlots.assigneeId, [...assignees]) : undefined,
          gte(assignedSlots.time, period.from),
          lt(assignedSlots.time, period.to)
        )
      )
      .groupBy(assignedSlots.assigneeId)
    return new Map(rows.map((r) => [r.assigneeId, r]))
  }

  /** Per author (all: null), which of the weeks starting at `starts` (each to the next, the last to `end`) had a published post. */
  async function weeksWithPosts(organizationId: string, authors: readonly string[] | null, starts: readonly Date[], end: Date): Promise<Map<string, Set<number>>> {
    const bounds = sql.join(
      [...starts, end].map((d) => sql`${d.toISOString()}::timestamptz`),
      sql`, `
    )
    const bucket = sql<number>`width_bucket(${posts.publishedAt}, array[${bounds}])`
    const rows = await db
      .select({ authorId: posts.authorUserId, bucket })
      .from(posts)
      .where(
        and(
          eq(posts.organizationId, organizationId),
          eq(posts.status, 'PUBLISHED'),
          authors ? inArray(posts.authorUserId, [...authors]) : undefined,
          gte(posts.publishedAt, starts[0]!),
          lt(posts.publishedAt, end)
        )
      )
      // By position: the bucket's expression carries parameters, which PostgreSQL would not match to the select's.
      .groupBy(sql`1, 2`)
    const byAuthor = new Map<string, Set<number>>()
    for (const r of rows) {
      const set = byAuthor.get(r.authorId) ?? new Set<number>()
      // width_bucket counts from 1 for the first week.
      set.add(Number(r.bucket) - 1)
      byAuthor.set(r.authorId, set)
    }
    return byAuthor
  }

  return {
    async effort(session, query) {
      const organizationId = session.organization.id
      const timezone = await viewerTimeZone(db, session.userId, query.timezone)
      const now = clock.now()
      const period = monthRange(query.month, timezone)
      const admin = isAdminSession(session)
      const standings = await monthStandings(db, organizationId, period)
      const me = standings.members.find((m) => m.member.id === session.userId)
      const visible = (m: MemberStanding) => admin || (m.teamId === null ? m.member.id === session.userId : m.teamId === me?.teamId)
      const shown = standings.members.filter(visible)
      const shownIds = shown.map((m) => m.member.id)

      // Admins see everyone: no list of ids to send.
      const among = admin ? null : shownIds
      const slots = await slotCounts(organizationId, period, now, among)
      const next = await nextOpenSlots(db, organizationId, shownIds, now)
      const nudged = await nudgedToday(db, organizationId, shownIds, now)
      // The streak ends with the month's last week, or this week while the month is current; a future month has none.
      const streakEnd = now < period.from ? null : now < period.to ? now : new Date(period.to.getTime() - 1)
      const starts = streakEnd ? weekStarts(streakEnd, STREAK_WEEKS_MAX, timezone) : []
      // Posts up to the streak's end only: a past month's last week does not count the next month's days.
      const weeks = streakEnd && shownIds.length ? await weeksWithPosts(organizationId, among, starts, new Date(streakEnd.getTime() + 1)) : new Map<string, Set<number>>()

      // The week under way breaks no streak before it is over: without a post yet, the streak ends with last week.
      const current = streakEnd === now
      const weekFlags = (had: Set<number>) => {
        const flags = starts.map((_, i) => had.has(i))
        return current && !flags[flags.length - 1] ? flags.slice(0, -1) : flags
      }
      const row = (m: MemberStanding): EffortMember => {
        const s = slots.get(m.member.id)
        const had = weeks.get(m.member.id)
        return {
          member: m.member,
          target: m.target,
          published: m.published,
          reshares: m.reshares,
          slotsAssigned: s?.assigned ?? 0,
          slotsDone: s?.done ?? 0,
          slotsMissed: s?.missed ?? 0,
          onTimeRate: s && s.done > 0 ? s.onTime / s.done : null,
          streakWeeks: had ? streakOf(weekFlags(had)) : 0,
          behind: isBehind(m.published, m.target, period, now),
          nextSlotId: next.get(m.member.id) ?? null,
          nudgedToday: nudged.has(m.member.id)
        }
      }
      const rowsOf = (list: MemberStanding[]) => list.filter(visible).map(row)
      return {
        month: query.month,
        timezone,
        teams: standings.teams.map((t) => {
          const own = standings.members.filter((m) => m.teamId === t.team.id)
          return {
            ...t,
            members: rowsOf(own.filter((m) => m.target > 0)),
            withoutTarget: rowsOf(own.filter((m) => m.target === 0))
          }
        }),
        unassigned: rowsOf(standings.members.filter((m) => m.teamId === null)),
        canNudge: admin ? standings.teams.map((t) => t.team.id) : me?.isLeader && me.teamId ? [me.teamId] : []
      }
    },

    async nudge(session, input) {
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
  }
}
