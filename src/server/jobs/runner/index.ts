import { randomUUID } from 'node:crypto'
import { realTimers } from '../../clock'
import { kick, register, start, stop } from './lanes'
import { claim, complete, defer, enqueue, fail } from './queue'
import type { JobRunner, JobRunnerOptions, Lane, RunnerContext } from './types'

/*
 * The one job runner (DESIGN.md §7, issue 14): every background job of a server process is a kind
 * of it. lanes.ts runs the kinds, queue.ts is the `jobs` queue; this facade fills in the options'
 * defaults once and delegates. The rules are in docs/architecture.md, "The job runner and the metrics sync".
 */

export type { JobKind, JobQueue, JobRow, JobRunner, JobRunnerOptions } from './types'

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const ctx: RunnerContext = {
    db: options.db,
    clock: options.clock,
    timers: options.timers ?? realTimers,
    workerId: options.workerId ?? `worker-${randomUUID().slice(0, 8)}`,
    defaultLockMs: options.lockMs ?? 10 * 60_000,
    log: options.log ?? ((message: string) => console.error(message)),
    lanes: new Map<string, Lane>(),
    state: { stopped: true }
  }

  return {
    workerId: ctx.workerId,
    register: (kind) => register(ctx, kind),
    start: () => start(ctx),
    kick: (name) => kick(ctx, name),
    stop: () => stop(ctx),
    enqueue: (kind, key, runAt, payload, organizationId, executor) => enqueue(ctx, kind, key, runAt, payload, organizationId, executor),
    claim: (kind, limit, lockMs) => claim(ctx, kind, limit, lockMs),
    complete: (job, nextRunAt, executor) => complete(ctx, job, nextRunAt, executor),
    fail: (job, error, retryAt) => fail(ctx, job, error, retryAt),
    defer: (job, runAt, executor) => defer(ctx, job, runAt, executor)
  }
}
