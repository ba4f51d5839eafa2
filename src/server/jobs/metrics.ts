import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import { DAY_MS } from '../../shared/constants'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { jobs, linkedInApiUsage, postMetrics, postMetricSnapshots, posts } from '../db/schema'
import { LinkedInPermissionError, LinkedInRateLimitError, TokenExpiredError, type LinkedInAdapter, type PostMetrics } from '../adapters/linkedin/linkedin'
import type { PostRow } from '../services/posts'
import type { PublishTarget } from '../adapters/linkedin/linkedin'
import type { JobKind, JobQueue, JobRow } from './runner'

/**
 * The metrics job (issue 14): a kind of the one job runner (jobs/runner.ts) that reads each
 * published post's results from LinkedIn on a decaying schedule and keeps them as snapshots
 * (post_metric_snapshots) beside the latest figures (post_metrics).
 *
 * - Queued once per publishing, in the transaction that records the post PUBLISHED (the
 *   publisher's onPublished): the job keyed by the post id, due an hour after publishing.
 * - Schedule (METRICS_READINGS_MS): 1 h, 6 h and 24 h after publishing, then daily to day 30,
 *   weekly to day 90 (the last reading on day 90), then the job is removed. After a reading the
 *   next is the first one still ahead: readings missed while no server ran are skipped, not caught
 *   up in a burst.
 * - Each run claims a batch of due jobs (any number of server processes claim disjoint ones) and
 *   reads their posts in one statement; per post: the connection (the author's LinkedIn, through
 *   resolveTarget), one call of its daily budget, LinkedIn's metrics, then one transaction writes
 *   the snapshot, the latest figures and the next due time. Statements per batch are bounded:
 *   a handful per post, never a query per snapshot or per day.
 * - Daily budget per connection (linkedin_api_usage, UTC days): counted with one upsert that only
 *   adds a call below the budget, so processes racing for the last call cannot overspend. Over
 *   budget: the job waits for the next UTC day (not a failure), and so does the rest of the batch
 *   for that connection.
 * - 429 (LinkedInRateLimitError): the job is retried after retryAfterMs (an attempt recorded), and
 *   every other job of that connection due before then — in this batch and in the queue — waits
 *   as long, so the connection is not asked again before LinkedIn allows it.
 * - Missing permission (LinkedInPermissionError): the post's metrics are marked 'unavailable' once
 *   and the job removed — no error every run.
 * - Not connected or token expired: nothing to read until the member reconnects. Retried daily,
 *   up to MAX_DISCONNECTED_ATTEMPTS (two weeks) in a row; then the job is removed and the post
 *   keeps its last figures (reconnecting later does not revive it).
 * - Anything else (network, 5xx): retried with exponential backoff from 5 minutes (at most a day),
 *   up to MAX_FAILED_ATTEMPTS in a row; then the job is removed and the error logged.
 * - A post no longer PUBLISHED (deleted) has nothing to read: its job is removed.
 */
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
const FIRST_BACKOFF_MS = 5 * 60_000

export interface MetricsJobOptions {
  db: Database
  clock: Clock
  queue: JobQueue
  linkedin: LinkedInAdapter
  /** The author's connection and the post's author on LinkedIn (services.posts.publishTarget); null = not connected. */
  resolveTarget(post: PostRow): Promise<PublishTarget | null>
  /** LinkedIn calls per connection per UTC day (default 500). */
  dailyBudget?: number
  /** Jobs per run (default 50). */
  batchSize?: number
  /** The wait between runs when no more are due (default one minute). */
  intervalMs?: number
  log?: (message: string) => void
}

export interface MetricsJob extends JobKind {
  /** Queues the first reading of a post just published (in the transaction that records it). */
  enqueue(tx: Executor, post: Pick<PostRow, 'id' | 'organizationId' | 'authorUserId'> & { publishedAt: Date }): Promise<void>
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10)
const nextUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1))
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function createMetricsJob(options: MetricsJobOptions): MetricsJob {
  const { db, clock, queue, linkedin, resolveTarget } = options
  const dailyBudget = options.dailyBudget ?? DEFAULT_DAILY_BUDGET
  const batchSize = options.batchSize ?? 50
  const log = options.log ?? ((message: string) => console.error(message))

  /**
   * `calls` of the connection's budget for today (a member's post costs LinkedIn one call per
   * metric); false when they do not fit in what is left.
   */
  async function spendCalls(userId: string, now: Date, calls: number): Promise<boolean> {
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
  async function holdConnection(userId: string, until: Date, now: Date): Promise<void> {
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

  async function record(job: JobRow, post: PostRow & { publishedAt: Date }, metrics: PostMetrics, now: Date): Promise<void> {
    const figures = {
      impressions: metrics.impressions,
      membersReached: metrics.membersReached,
      reactions: metrics.reactions,
      comments: metrics.comments,
      reshares: metrics.reshares,
      clicks: metrics.clicks
    }
    await db.transaction(async (tx) => {
      await tx.insert(postMetricSnapshots).values({ postId: post.id, organizationId: post.organizationId, takenAt: now, ...figures })
      await tx
        .insert(postMetrics)
        .values({ postId: post.id, organizationId: post.organizationId, status: 'ok', ...figures, updatedAt: now })
        .onConflictDoUpdate({ target: postMetrics.postId, set: { status: 'ok', ...figures, updatedAt: now } })
      await queue.complete(job, nextReadingAt(post.publishedAt, now), tx)
    })
  }

  async function markUnavailable(job: JobRow, post: PostRow, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .insert(postMetrics)
        .values({ postId: post.id, organizationId: post.organizationId, status: 'unavailable', updatedAt: now })
        .onConflictDoUpdate({ target: postMetrics.postId, set: { status: 'unavailable', updatedAt: now } })
      await queue.complete(job, null, tx)
    })
  }

  /** A failure that may pass: tried again at retryAt unless it has failed `max` times in a row. */
  async function retryOrGiveUp(job: JobRow, error: string, retryAt: Date, max: number): Promise<void> {
    if (job.attempts + 1 < max) return queue.fail(job, error, retryAt)
    log(`metrics of post ${job.key}: given up after ${max} attempts: ${error}`)
    await queue.complete(job, null)
  }

  /** Reads one post; says until when its connection must not be asked again (budget spent, 429), if so. */
  async function readOne(job: JobRow, post: PostRow & { publishedAt: Date; linkedInPostUrn: string }, now: Date): Promise<Date | null> {
    const target = await resolveTarget(post)
    if (!target) {
      await retryOrGiveUp(job, 'LinkedIn is not connected', new Date(now.getTime() + DAY_MS), MAX_DISCONNECTED_ATTEMPTS)
      return null
    }
    if (!(await spendCalls(post.authorUserId, now, linkedin.metricsCallCost?.(target.author) ?? 1))) {
      const tomorrow = nextUtcDay(now)
      await queue.defer(job, tomorrow)
      return tomorrow
    }
    let metrics: PostMetrics
    try {
      metrics = await linkedin.metrics({ urn: post.linkedInPostUrn, author: target.author, accessToken: target.accessToken, publishedAt: post.publishedAt, now })
    } catch (error) {
      if (error instanceof LinkedInRateLimitError) {
        const until = new Date(now.getTime() + error.retryAfterMs)
        await queue.fail(job, error.message, until)
        await holdConnection(post.authorUserId, until, now)
        return until
      }
      if (error instanceof LinkedInPermissionError) {
        await markUnavailable(job, post, now)
        return null
      }
      if (error instanceof TokenExpiredError) {
        await retryOrGiveUp(job, error.message, new Date(now.getTime() + DAY_MS), MAX_DISCONNECTED_ATTEMPTS)
        return null
      }
      throw error
    }
    await record(job, post, metrics, now)
    return null
  }

  return {
    name: METRICS_JOB,
    intervalMs: options.intervalMs ?? 60_000,

    async enqueue(tx, post) {
      await queue.enqueue(METRICS_JOB, post.id, new Date(post.publishedAt.getTime() + METRICS_READINGS_MS[0]!), { authorUserId: post.authorUserId }, post.organizationId, tx)
    },

    async run() {
      const claimed = await queue.claim(METRICS_JOB, batchSize)
      if (claimed.length === 0) return false
      const rows = await db
        .select()
        .from(posts)
        .where(
          inArray(
            posts.id,
            claimed.map((job) => job.key)
          )
        )
      const byId = new Map(rows.map((post) => [post.id, post]))
      /** Connections not to ask again in this batch, and until when. */
      const held = new Map<string, Date>()
      for (const job of claimed) {
        const post = byId.get(job.key)
        const now = clock.now()
        if (!post || post.status !== 'PUBLISHED' || !post.publishedAt || !post.linkedInPostUrn) {
          await queue.complete(job, null)
          continue
        }
        const until = held.get(post.authorUserId)
        if (until) {
          await queue.defer(job, until)
          continue
        }
        try {
          const hold = await readOne(job, { ...post, publishedAt: post.publishedAt, linkedInPostUrn: post.linkedInPostUrn }, now)
          if (hold) held.set(post.authorUserId, hold)
        } catch (error) {
          const backoff = Math.min(DAY_MS, FIRST_BACKOFF_MS * 2 ** job.attempts)
          await retryOrGiveUp(job, messageOf(error), new Date(now.getTime() + backoff), MAX_FAILED_ATTEMPTS)
        }
      }
      return claimed.length === batchSize
    }
  }
}
