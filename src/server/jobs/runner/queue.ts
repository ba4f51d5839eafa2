import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { jobs } from '../../db/schema'
import type { JobRow, RunnerContext } from './types'

/* The `jobs` queue's helpers (docs/architecture.md, "The job runner and the metrics sync"). */

const ours = (ctx: RunnerContext, job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, ctx.workerId))

export async function enqueue(
  ctx: RunnerContext,
  kind: string,
  key: string,
  runAt: Date,
  payload: Record<string, unknown> = {},
  organizationId: string | null = null,
  executor: Executor = ctx.db
): Promise<void> {
  const now = ctx.clock.now()
  const id = randomUUID()
  await executor
    .insert(jobs)
    .values({ id, kind, key, organizationId, runAt, payload, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      set: { id, runAt, payload, organizationId, attempts: 0, runs: 0, lastError: null, lockedBy: null, lockedUntil: null, updatedAt: now }
    })
}

export function claim(ctx: RunnerContext, kind: string, limit: number, lockMs = ctx.defaultLockMs): Promise<JobRow[]> {
  const { db, clock, workerId } = ctx
  return db.transaction(async (tx) => {
    const now = clock.now()
    const due = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now))))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const lockedUntil = new Date(now.getTime() + lockMs)
    await tx
      .update(jobs)
      .set({ lockedBy: workerId, lockedUntil, updatedAt: now })
      .where(
        inArray(
          jobs.id,
          due.map((job) => job.id)
        )
      )
    return due.map((job) => ({ ...job, lockedBy: workerId, lockedUntil }))
  })
}

export async function complete(ctx: RunnerContext, job: JobRow, nextRunAt: Date | null, executor: Executor = ctx.db): Promise<void> {
  if (nextRunAt === null) {
    await executor.delete(jobs).where(ours(ctx, job))
    return
  }
  await executor
    .update(jobs)
    .set({ runAt: nextRunAt, runs: sql`${jobs.runs} + 1`, attempts: 0, lastError: null, lockedBy: null, lockedUntil: null, updatedAt: ctx.clock.now() })
    .where(ours(ctx, job))
}

export async function fail(ctx: RunnerContext, job: JobRow, error: string, retryAt: Date): Promise<void> {
  await ctx.db
    .update(jobs)
    .set({ runAt: retryAt, attempts: sql`${jobs.attempts} + 1`, lastError: error, lockedBy: null, lockedUntil: null, updatedAt: ctx.clock.now() })
    .where(ours(ctx, job))
}

export async function defer(ctx: RunnerContext, job: JobRow, runAt: Date, executor: Executor = ctx.db): Promise<void> {
  await executor.update(jobs).set({ runAt, lockedBy: null, lockedUntil: null, updatedAt: ctx.clock.now() }).where(ours(ctx, job))
}
