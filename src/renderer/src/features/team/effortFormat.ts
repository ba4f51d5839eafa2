import type { EffortTeam } from '@shared/domain'

/** 0.756 → '76%'. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`
}

/** A progress bar's value: published against target, full once the target is reached. */
export function progressOf(published: number, target: number): number {
  return target > 0 ? Math.min(1, published / target) : 0
}

export function weeksLabel(weeks: number): string {
  return `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`
}

/** The leaderboard: by rank (the server's, by share of target), teams without targets last, then by name. */
export function rankedTeams(teams: readonly EffortTeam[]): EffortTeam[] {
  return [...teams].sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.team.name.localeCompare(b.team.name))
}
