import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { realTimers, type Clock, type Timers } from '../clock'
import type { Database, Executor } from '../db/client'
import { jobs } from '../db/schema'

/**
 * The one job runner (DESIGN.md §7, issue 14): every background job of a server process is a kind
 * of it — the publisher, the metrics sync, the media cleanup — not a loop of its own.
 *
 * Decisions:
 * - A kind is a name, an interval and run(): one batch, answering whether more is waiting. The
 *   runner owns the timers: each kind runs on its own lane (its own timer and run in flight), so a
 *   slow batch of one kind (metrics waiting on LinkedIn) never delays another kind's next run (the
 *   publisher). While more is waiting the lane runs again at once; otherwise it waits its interval.
 * - Every run starts from a timer, the first and the kicked ones too, and the timer's callback
 *   returns the run: injected timers (testing/timers.ts) see every run and wait for it, so tests
 *   move time by hand and never sleep. kick(kind) asks for a run now (publish now); a kick during
 *   a run adds one more run right after it.
 * - A kind's failure is logged and the lane goes on at its next interval; one kind never stops another.
 * - Kinds that keep their work in the `jobs` table (metrics) use the queue helpers below; the
 *   publisher keeps its own claim on the posts table (the post row is its job). claim() is one
 *   transaction: due rows (run_at <= now, not locked or their lock expired) FOR UPDATE SKIP LOCKED,
 *   then locked_by/locked_until set — any number of server processes (workerIds) claim disjoint
 *   jobs, on PostgreSQL and on PGlite. A worker that dies leaves its jobs locked until lockMs has
 *   passed; another worker then takes them over.
 * - complete/fail/defer only touch a job still locked by this worker (a worker whose lock expired
 *   and was taken over does not overwrite the new owner's work). complete counts a run and resets
 *   attempts; fail counts an attempt and keeps the error; defer moves a job without counting either
 *   (waiting for a daily budget is not a failure).
 * - Enqueueing a key that is queued already makes it a new job: a new id, unlocked, due at its new
 *   time. A run of the old one still going on then finishes without touching it (complete, fail and
 *   defer match the id they claimed), and the new one is claimed when due like any other, by any
 *   worker: the queueing asked for a run with what is true now, which the older run may not have seen.
 * - "Now" is the injected clock's, never the database's, so tests move due times with the clock.
 */
export type JobRow = typeof jobs.$inferSelect

export interface JobKind {
  /** Unique among the runner's kinds; kinds with queued jobs use it as jobs.kind. */
  name: string
  /** The wait between runs when nothing more is waiting. */
  intervalMs: number
  /** One batch; true when more work is waiting (the lane runs again at once). */
  run(): Promise<boolean>
}

export interface JobQueue {
  /** Queues (kind, key) at runAt; the same key again replaces its time and payload and starts it afresh, also while it runs. */
  enqueue(kind: string, key: string, runAt: Date, payload?: Record<string, unknown>, organizationId?: string | null, executor?: Executor): Promise<void>
  /** Up to `limit` due jobs of `kind`, locked for this worker (lockMs, default the runner's). */
  claim(kind: string, limit: number, lockMs?: number): Promise<JobRow[]>
  /** Done for now: next at nextRunAt (a run counted, attempts reset), or removed (null). */
  complete(job: JobRow, nextRunAt: Date | null, executor?: Executor): Promise<void>
  /** Failed: attempts + 1, the error kept, tried again at retryAt. */
  fail(job: JobRow, error: string, retryAt: Date): Promise<void>
  /** Not run now, and not a failure: due again at runAt. */
  defer(job: JobRow, runAt: Date, executor?: Executor): Promise<void>
}

export interface JobRunner extends JobQueue {
  readonly workerId: string
  register(kind: JobKind): void
  /** Every registered kind runs at once, then per its interval. */
  start(): void
  /** `kind` has work due now: run it on a zero-delay timer. Nothing happens unless started. */
  kick(kind: string): void
  /** No more runs; resolves when the runs in flight have finished. */
  stop(): Promise<void>
}

export interface JobRunnerOptions {
  db: Database
  clock: Clock
  timers?: Timers
  workerId?: string
  /** How long a claimed job stays this worker's before another may take it over (default 10 min). */
  lockMs?: number
  log?: (message: string) => void
}

interface Lane {
  kind: JobKind
  timer: unknown
  running: Promise<void> | null
  kicked: boolean
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock } = options
  const timers = options.timers ?? realTimers
  const workerId = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`
  const defaultLockMs = options.lockMs ?? 10 * 60_000
  const log = options.log ?? ((message: string) => console.error(message))
  const lanes = new Map<string, Lane>()
  let stopped = true

  const ours = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId))

  const schedule = (lane: Lane, ms: number) => {
    if (lane.timer !== null) timers.clearTimeout(lane.timer)
    lane.timer = timers.setTimeout(() => {
      lane.timer = null
      return stopped ? undefined : runLane(lane)
    }, ms)
  }

  const runLane = (lane: Lane): Promise<void> => {
    lane.running = (async () => {
      try {
        while (!stopped && (await lane.kind.run()));
      } catch (error) {
        log(`job ${lane.kind.name} (${workerId}): ${error instanceof Error ? error.message : String(error)}`)
      }
    })().finally(() => {
      lane.running = null
      if (stopped) return
      schedule(lane, lane.kicked ? 0 : lane.kind.intervalMs)
      lane.kicked = false
    })
    return lane.running
  }

  return {
    workerId,

    register(kind) {
      if (lanes.has(kind.name)) throw new Error(`job kind ${kind.name} is registered already`)
      const lane: Lane = { kind, timer: null, running: null, kicked: false }
      lanes.set(kind.name, lane)
      if (!stopped) schedule(lane, 0)
    },

    start() {
      if (!stopped) return
      stopped = false
      for (const lane of lanes.values()) schedule(lane, 0)
    },

    kick(name) {
      const lane = lanes.get(name)
      if (stopped || !lane) return
      if (lane.running) lane.kicked = true
      else schedule(lane, 0)
    },

    async stop() {
      stopped = true
      for (const lane of lanes.values()) {
        if (lane.timer !== null) timers.clearTimeout(lane.timer)
        lane.timer = null
        lane.kicked = false
      }
      await Promise.all([...lanes.values()].map((lane) => lane.running))
    },

    async enqueue(kind, key, runAt, payload = {}, organizationId = null, executor = db) {
      const now = clock.now()
      const id = randomUUID()
      await executor
        .insert(jobs)
        .values({ id, kind, key, organizationId, runAt, payload, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [jobs.kind, jobs.key],
          set: { id, runAt, payload, organizationId, attempts: 0, runs: 0, lastError: null, lockedBy: null, lockedUntil: null, updatedAt: now }
        })
    },

    claim(kind, limit, lockMs = defaultLockMs) {
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
    },

    async complete(job, nextRunAt, executor = db) {
      if (nextRunAt === null) {
        await executor.delete(jobs).where(ours(job))
        return
      }
      await executor
        .update(jobs)
        .set({ runAt: nextRunAt, runs: sql`${jobs.runs} + 1`, attempts: 0, lastError: null, lockedBy: null, lockedUntil: null, updatedAt: clock.now() })
        .where(ours(job))
    },

    async fail(job, error, retryAt) {
      await db
        .update(jobs)
        .set({ runAt: retryAt, attempts: sql`${jobs.attempts} + 1`, lastError: error, lockedBy: null, lockedUntil: null, updatedAt: clock.now() })
        .where(ours(job))
    },

    async defer(job, runAt, executor = db) {
      await executor.update(jobs).set({ runAt, lockedBy: null, lockedUntil: null, updatedAt: clock.now() }).where(ours(job))
    }
  }
}
