import type { EffortMember, TeamEffort } from '../../../shared/domain'
import { isBehind, monthRange, streakOf, weekStarts } from '../../../shared/rules'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'
import { nextOpenSlots, nudgedToday, slotCounts, weeksWithPosts } from './memberReads'
import { STREAK_WEEKS_MAX } from './messages'
import { monthStandings } from './standings'
import { viewerTimeZone } from './timeZone'
import type { MemberStanding, TeamEffortDeps } from './types'

/* GET /team/effort: the teams' members against their targets and the leaderboard (docs/architecture.md, "Team effort, nudges and the dashboard"). */

export async function teamEffort({ db, clock }: Pick<TeamEffortDeps, 'db' | 'clock'>, session: OrganizationSession, query: { month: string; timezone?: string }): Promise<TeamEffort> {
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
  const slots = await slotCounts(db, organizationId, period, now, among)
  const next = await nextOpenSlots(db, organizationId, shownIds, now)
  const nudged = await nudgedToday(db, organizationId, shownIds, now)
  // The streak ends with the month's last week, or this week while the month is current; a future month has none.
  const streakEnd = now < period.from ? null : now < period.to ? now : new Date(period.to.getTime() - 1)
  const starts = streakEnd ? weekStarts(streakEnd, STREAK_WEEKS_MAX, timezone) : []
  // Posts up to the streak's end only: a past month's last week does not count the next month's days.
  const weeks = streakEnd && shownIds.length ? await weeksWithPosts(db, organizationId, among, starts, new Date(streakEnd.getTime() + 1)) : new Map<string, Set<number>>()

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
}
