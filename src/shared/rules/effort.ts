import { elapsedFraction, type Period } from './periods'

/**
 * Team effort's rules (issue 14), shared by the server (Team effort, nudges, the dashboard) and
 * the /team screen, so "behind" and the leaderboard read the same everywhere.
 */

/**
 * Behind the month's pace: fewer posts than the target times the share of the month gone by (the
 * current month), fewer than the target (a past month). Never before the month starts, never
 * without a target.
 */
export function isBehind(published: number, target: number, month: Period, now: Date): boolean {
  if (target <= 0) return false
  return published < target * elapsedFraction(month, now)
}

/**
 * A team's share of its target: Σ min(published, target) / Σ target over members with a target.
 * Capping each member at their target keeps it fair across team sizes and stops one prolific
 * member from covering for the rest; null without any target.
 */
export function shareOfTarget(members: readonly { published: number; target: number }[]): number | null {
  let reached = 0
  let total = 0
  for (const m of members) {
    if (m.target <= 0) continue
    reached += Math.min(m.published, m.target)
    total += m.target
  }
  return total === 0 ? null : reached / total
}

/**
 * Ranks by share, best first; equal shares share a rank and the next rank skips (1, 1, 3), so a
 * rank always says how many teams did better. Without a share: no rank.
 */
export function rankByShare<T extends { shareOfTarget: number | null }>(items: readonly T[]): (number | null)[] {
  const shares = items.map((i) => i.shareOfTarget).filter((s): s is number => s !== null)
  return items.map((i) => (i.shareOfTarget === null ? null : 1 + shares.filter((s) => s > i.shareOfTarget!).length))
}

/** Weeks in a row with a post, counted back from the last week: `weeks` oldest first, true when it had a post. */
export function streakOf(weeks: readonly boolean[]): number {
  let streak = 0
  for (let i = weeks.length - 1; i >= 0 && weeks[i]; i--) streak++
  return streak
}
