import type { Clock, Timers } from '../../clock'
import type { Database, Executor } from '../../db/client'
import type { LinkedInAdapter, PublishTarget } from '../../adapters/linkedin/linkedin'
import type { NotificationService } from '../../services/notifications'
import type { PostRow } from '../../services/posts'
import type { JobKind } from '../runner'

/* What the publisher's steps take and answer (docs/architecture.md, "The exactly-once publisher"). */

export type PublisherEvent = 'claimed' | 'beforePublish' | 'afterPublish'

export interface PublisherOptions {
  db: Database
  clock: Clock
  /** The publish call's timeout waits on these (tests drive them by hand); the job runner owns the interval. */
  timers?: Timers
  linkedin: LinkedInAdapter
  notifications: NotificationService
  workerId?: string
  batchSize?: number
  /** Posts of one batch published at the same time (default 1). */
  concurrency?: number
  /**
   * A publish call not answered within this is an unknown outcome (default 30 s), plus one second
   * per mediaBytesPerSecond of the post's files (they are uploaded to LinkedIn within the call), at
   * most maxPublishTimeoutMs in all.
   */
  publishTimeoutMs?: number
  /** The upload rate a publish call is given time for (default 1 MiB/s: a 200 MB video gets 200 s more). */
  mediaBytesPerSecond?: number
  /** The longest a publish call may take (default 30 min); job() sweeps only attempts older than twice this. */
  maxPublishTimeoutMs?: number
  /**
   * Who publishes this post, with which token and media; null = the author's LinkedIn is not
   * connected (a known-safe failure).
   */
  resolveTarget(post: PostRow): Promise<PublishTarget | null>
  /**
   * Test hook. A throw aborts the run at that point as if the process had been killed: nothing
   * more is published or recorded by this run, and runOnce rejects with the error.
   */
  onEvent?(event: PublisherEvent, postId: string): void | Promise<void>
  /**
   * Called once per publishing, in the transaction that records the post PUBLISHED (the run's
   * success, or the sweep finding it on LinkedIn): the metrics job queues the post's first reading.
   */
  onPublished?(tx: Executor, post: PostRow & { publishedAt: Date }): Promise<void>
  /**
   * Called once at the end of each run that recorded an outcome people are told of (published,
   * failed, not approved in time): a runOnce() or sweep() called directly, or a run of job() (its
   * sweep and batch together). The outcome is in the event stream, and the publish notices consumer
   * (events/publishNotices.ts) is asked to run now rather than at its interval.
   */
  told?(): void
}

export interface RunResult {
  claimed: number
  published: number
  failed: number
  unknown: number
  skipped: number
}

export interface SweepResult {
  published: number
  rescheduled: number
}

export interface Publisher {
  readonly workerId: string
  runOnce(): Promise<RunResult>
  sweep(options?: { olderThanMs?: number }): Promise<SweepResult>
  /**
   * The publisher as a kind of the job runner (jobs/runner/): each run sweeps, then publishes one
   * batch. A post that just became due (publish now) is runner.kick(PUBLISH_JOB).
   */
  job(options?: { intervalMs?: number; sweepOlderThanMs?: number }): JobKind
}

/** What every step takes: the options with their defaults, made once by createPublisher, and the worker's state. */
export interface PublisherContext {
  /** The options as given: the hooks (onEvent, onPublished, told) are called on them. */
  options: PublisherOptions
  db: Database
  clock: Clock
  timers: Timers
  linkedin: LinkedInAdapter
  notifications: NotificationService
  resolveTarget: PublisherOptions['resolveTarget']
  workerId: string
  batchSize: number
  concurrency: number
  /** The publish call's timeout for a target: publishTimeoutMs plus the upload time of its media, at most maxPublishTimeoutMs. */
  timeoutFor(target: PublishTarget): number
  state: {
    /** A run of this worker failed (not a test's abort): its open attempts are resolved by the next sweep, whatever their age. */
    ownAttemptsLeftOpen: boolean
  }
}

export interface Claimed {
  post: PostRow
  attemptId: string
}

export type Outcome = 'published' | 'failed' | 'unknown' | 'skipped'

/** One run's note of whether it recorded an outcome people are told of (published, failed, not approved in time). */
export interface RunRecord {
  outcomes: boolean
}
