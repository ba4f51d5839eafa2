import { DAY_MS } from '../../../shared/constants'

/* When a post's metrics are read, and how often a reading is tried (docs/architecture.md, "The job runner and the metrics sync"). */

export const METRICS_JOB = 'metrics'

const HOUR_MS = 60 * 60_000

/** When a post's metrics are read, counted from its publishing. */
export const METRICS_READINGS_MS: readonly number[] = [
  HOUR_MS,
  6 * HOUR_MS,
  DAY_MS,
  ...Array.from({ length: 29 }, (_, i) => (i + 2) * DAY_MS),
  ...Array.from({ length: 8 }, (_, i) => (30 + 7 * (i + 1)) * DAY_MS),
  90 * DAY_MS
]

/** The next reading after `now` of a post published at publishedAt; null when the schedule is over. */
export function nextReadingAt(publishedAt: Date, now: Date): Date | null {
  const age = now.getTime() - publishedAt.getTime()
  const next = METRICS_READINGS_MS.find((offset) => offset > age)
  return next === undefined ? null : new Date(publishedAt.getTime() + next)
}

export const DEFAULT_DAILY_BUDGET = 500
export const MAX_DISCONNECTED_ATTEMPTS = 14
export const MAX_FAILED_ATTEMPTS = 10
export const FIRST_BACKOFF_MS = 5 * 60_000

export const utcDay = (at: Date) => at.toISOString().slice(0, 10)
export const nextUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1))
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
