import type { Clock, Timers } from '../../clock'
import type { Database, Executor } from '../../db/client'
import type { jobs } from '../../db/schema'

/* What the job runner's lanes and queue take and answer (docs/architecture.md, "The job runner and the metrics sync"). */

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

export interface Lane {
  kind: JobKind
  timer: unknown
  running: Promise<void> | null
  kicked: boolean
}

/** The runner's state, made once by createJobRunner from its options. */
export interface RunnerContext {
  db: Database
  clock: Clock
  timers: Timers
  workerId: string
  defaultLockMs: number
  log: (message: string) => void
  lanes: Map<string, Lane>
  state: { stopped: boolean }
}
