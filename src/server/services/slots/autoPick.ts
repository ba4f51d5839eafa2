import { TZDate } from '@date-fns/tz'
import { addMonths, startOfMonth } from 'date-fns'
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { DAY_MS, TIME_OPTIONS } from '../../../shared/constants'
import { localTime, slotDateWindow, zonedInstant } from '../../../shared/rules'
import type { Executor } from '../../db/client'
import { assignedSlots, memberships, users } from '../../db/schema'
import { badRequest } from '../../errors'
import type { Viewer } from '../slotView'
import { quarterOf, safeTimeZone } from './time'

/**
 * Auto mode of slot creation: the member furthest below their monthly target, at their usual
 * quarter-hour, tomorrow in their timezone (docs/architecture.md, "Plan (assigned slots)", "Auto mode").
 */
const DEFAULT_AUTO_HOUR = 9
/** Auto mode: how far back a member's slots count for their usual posting time. */
const AUTO_HISTORY_DAYS = 90
/** Auto mode: the look-ahead of the second tie-break. */
const AUTO_UPCOMING_DAYS = 30

/**
 * Auto mode, the time: the member's usual quarter-hour, i.e. the most common quarter-hour (in
 * their timezone) among their slots of the past 90 days; on a tie the quarter-hour used most
 * recently. Null without history (the caller then takes currentHour:00, default 09:00).
 */
export function bestQuarterHour(times: readonly Date[], timeZone: string): string | null {
  const seen = new Map<string, { n: number; last: number }>()
  for (const t of times) {
    const q = quarterOf(localTime(t, timeZone))
    const entry = seen.get(q) ?? { n: 0, last: -Infinity }
    entry.n++
    entry.last = Math.max(entry.last, t.getTime())
    seen.set(q, entry)
  }
  let best: { q: string; n: number; last: number } | null = null
  for (const [q, { n, last }] of seen) {
    if (!best || n > best.n || (n === best.n && last > best.last)) best = { q, n, last }
  }
  return best?.q ?? null
}

export interface AutoCandidate {
  id: string
  fullName: string
  /** Monthly target posts (memberships.assignedNumberOfPosts). */
  target: number
  /** Slots assigned to them in the current calendar month of their timezone (past and future). */
  thisMonth: number
  /** Their slots from now to 30 days ahead. */
  upcoming: number
}

/**
 * Auto mode, the member: the one furthest below their monthly target (target − slots this
 * month, largest first; may be negative for everyone, the largest still wins); ties → fewer
 * slots in the next 30 days → full name (case-insensitive) → id. Null when nobody is eligible.
 */
export function pickFairly(candidates: readonly AutoCandidate[]): AutoCandidate | null {
  const sorted = [...candidates].sort(
    (a, b) =>
      b.target - b.thisMonth - (a.target - a.thisMonth) ||
      a.upcoming - b.upcoming ||
      a.fullName.toLowerCase().localeCompare(b.fullName.toLowerCase(), 'en') ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
  return sorted[0] ?? null
}

/** Everyone the viewer may assign to among the organization's ACTIVE members (auto mode without a given member). */
export async function assignablePool(executor: Executor, viewer: Viewer): Promise<string[]> {
  const rows = await executor
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, viewer.organizationId), eq(memberships.status, 'ACTIVE')))
  return rows.map((r) => r.userId).filter((id) => viewer.isAdmin || id === viewer.userId || viewer.led.has(id))
}

/** Auto mode: one member of `pool` (pickFairly) and the first occurrence's time (bestQuarterHour). */
export async function autoPick(executor: Executor, organizationId: string, pool: readonly string[], currentHour: number | undefined, now: Date) {
  const candidates = await executor
    .select({ id: users.id, fullName: users.fullName, timezone: users.timezone, target: memberships.assignedNumberOfPosts })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, [...pool])))
  if (candidates.length === 0) throw badRequest(MESSAGES.noEligibleMember, { assignedUserId: MESSAGES.noEligibleMember })
  const zones = new Map(candidates.map((c) => [c.id, safeTimeZone(c.timezone)]))
  const monthOf = (id: string) => {
    const start = startOfMonth(new TZDate(now.getTime(), zones.get(id)!))
    return { start: start.getTime(), end: addMonths(start, 1).getTime() }
  }
  const months = new Map(candidates.map((c) => [c.id, monthOf(c.id)]))
  // One query covers the month (≤ 31 days back), the 90-day history and the next 30 days.
  const from = Math.min(now.getTime() - AUTO_HISTORY_DAYS * DAY_MS, ...[...months.values()].map((m) => m.start))
  const to = Math.max(now.getTime() + AUTO_UPCOMING_DAYS * DAY_MS, ...[...months.values()].map((m) => m.end))
  const slots = await executor
    .select({ assigneeId: assignedSlots.assigneeId, time: assignedSlots.time })
    .from(assignedSlots)
    .where(
      and(
        eq(assignedSlots.organizationId, organizationId),
        inArray(assignedSlots.assigneeId, candidates.map((c) => c.id)),
        gte(assignedSlots.time, new Date(from)),
        lt(assignedSlots.time, new Date(to))
      )
    )
  const nowMs = now.getTime()
  const picked = pickFairly(
    candidates.map((c) => {
      const month = months.get(c.id)!
      const mine = slots.filter((s) => s.assigneeId === c.id).map((s) => s.time.getTime())
      return {
        id: c.id,
        fullName: c.fullName,
        target: c.target,
        thisMonth: mine.filter((t) => t >= month.start && t < month.end).length,
        upcoming: mine.filter((t) => t >= nowMs && t < nowMs + AUTO_UPCOMING_DAYS * DAY_MS).length
      }
    })
  )!
  const timeZone = zones.get(picked.id)!
  const history = slots.filter((s) => s.assigneeId === picked.id && s.time.getTime() < nowMs && s.time.getTime() >= nowMs - AUTO_HISTORY_DAYS * DAY_MS)
  const hour = bestQuarterHour(history.map((s) => s.time), timeZone) ?? `${String(currentHour ?? DEFAULT_AUTO_HOUR).padStart(2, '0')}:00`
  const wallClock = TIME_OPTIONS.includes(hour) ? hour : quarterOf(hour)
  return { assigneeId: picked.id, timeZone, time: zonedInstant(slotDateWindow(now, timeZone).min, wallClock, timeZone) }
}
