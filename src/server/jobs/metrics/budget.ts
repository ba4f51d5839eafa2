import { and, eq, lt, lte, sql } from 'drizzle-orm'
import { jobs, linkedInApiUsage } from '../../db/schema'
import { METRICS_JOB, utcDay } from './readings'
import type { MetricsContext } from './types'

/* A connection's daily budget and holding it after a 429 (docs/architecture.md, "The job runner and the metrics sync"). */

/**
 * `calls` of the connection's budget for today (a member's post costs LinkedIn one call per
 * metric); false when they do not fit in what is left.
 */
export async function spendCalls({ db, dailyBudget }: MetricsContext, userId: string, now: Date, calls: number): Promise<boolean> {
  if (calls > dailyBudget) return false
  const rows = await db
    .insert(linkedInApiUsage)
    .values({ userId, day: utcDay(now), calls })
    .onConflictDoUpdate({
      target: [linkedInApiUsage.userId, linkedInApiUsage.day],
      set: { calls: sql`${linkedInApiUsage.calls} + ${calls}` },
      setWhere: lte(linkedInApiUsage.calls, dailyBudget - calls)
    })
    .returning({ calls: linkedInApiUsage.calls })
  return rows.length === 1
}

/** The connection's other queued jobs due before `until` wait for it too (not those another worker holds). */
export async function holdConnection({ db }: MetricsContext, userId: string, until: Date, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: until, updatedAt: now })
    .where(
      and(
        eq(jobs.kind, METRICS_JOB),
        sql`${jobs.payload}->>'authorUserId' = ${userId}`,
        lt(jobs.runAt, until),
        sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${now.toISOString()}::timestamptz)`
      )
    )
}
