import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { MESSAGES } from '../../shared/api/messages'
import { UNKNOWN_OUTCOME_REASON } from '../../shared/rules/postLifecycle'
import { realTimers, type Clock, type Timers } from '../clock'
import type { Database, Executor } from '../db/client'
import { posts, publishAttempts } from '../db/schema'
import { LinkedInTimeoutError, isKnownSafeFailure, type LinkedInAdapter, type PublishTarget } from '../adapters/linkedin/linkedin'
import { approvalRequiredFor, isApproved } from '../services/approval'
import type { NotificationService } from '../services/notifications'
import { applyPostTransition, applyPostTransitionToMany, type PostPatch } from '../services/postLifecycle'
import type { JobKind } from './runner'
import type { PostRow } from '../services/posts'
import { postLink } from '../services/postLinks'

/**
 * The exactly-once publisher (issue 6, DESIGN §1). Any number of processes may run one against
 * PostgreSQL; the embedded PGlite server runs one.
 *
 * runOnce():
 * 1. One transaction: SELECT due SCHEDULED posts FOR UPDATE SKIP LOCKED (two workers never claim the
 *    same row), set them PENDING_PUBLISH and insert a running publish_attempts row each; commit.
 *    Approval (issue 13) is checked in this transaction, under the same row locks: a due post whose
 *    author needs approval (approvalRequiredFor: two look-ups per organization of the batch) and
 *    that is not APPROVED for its current revision is not claimed but refused loudly — DRAFT with
 *    MESSAGES.notApprovedAtPublishTime, version + 1, and post.failed (cause notApproved). Approving, rejecting and editing lock the post row as well: a row being changed is
 *    skipped by the claim (SKIP LOCKED) and seen, as changed, by the next run; a change that comes
 *    while the claim holds the row waits for it, then finds the post PENDING_PUBLISH, which every
 *    change refuses (409 postBeingPublished).
 * 2. Per post, outside any transaction: re-read the row and skip it if its status or version
 *    changed (edited or unscheduled after the claim); otherwise call LinkedIn once.
 * 3. Record the outcome compare-and-set: only if our attempt is still running (the sweep did not
 *    resolve it) and the post is still PENDING_PUBLISH at the claimed version.
 *    - success: PUBLISHED with the urn and publishedAt (post.published);
 *    - known-safe failure (token expired, validation, not connected): DRAFT with the reason;
 *    - anything else (timeout, network, 5xx): DRAFT with UNKNOWN_OUTCOME_REASON (post.failed,
 *      cause unknownOutcome).
 *    Each outcome is a domain event written with it; who is told what is the publish notices
 *    consumer's (events/publishNotices.ts), in its own transaction, exactly once. The publish call is never retried automatically; retrying is a user action
 *      (POST /posts/retry, services/posts/retryPost.ts, which issues a new idempotency key).
 *
 * sweep({ olderThanMs }): posts left PENDING_PUBLISH by a crashed worker (their running attempt
 * started more than olderThanMs ago — choose it longer than the longest publish timeout). The stale attempt is
 * marked 'unknown'; the adapter is asked for a post with the idempotency key: found -> PUBLISHED
 * with that urn; not found -> SCHEDULED again, so the next run publishes it once with the SAME key
 * (the adapter de-duplicates by key, so even a call still in flight cannot produce a second post).
 * After a run of this worker failed on its own (the database went away mid-batch, issue 16) the
 * next sweep also resolves this worker's open attempts whatever their age: the run has ended, so
 * none of its calls is in flight, and the batch goes out once the database is back, not an hour later.
 *
 * Every status change above is an event of the post lifecycle (shared/rules/postLifecycle.ts)
 * applied by services/postLifecycle.ts: publishingStarted, notApprovedInTime, published, failed, requeued.
 */
export { UNKNOWN_OUTCOME_REASON }
const NOT_CONNECTED_REASON = 'LinkedIn is not connected — connect LinkedIn and schedule again'

type PublisherEvent = 'claimed' | 'beforePublish' | 'afterPublish'

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

interface RunResult {
  claimed: number
  published: number
  failed: number
  unknown: number
  skipped: number
}

interface SweepResult {
  published: number
  rescheduled: number
}

export interface Publisher {
  readonly workerId: string
  runOnce(): Promise<RunResult>
  sweep(options?: { olderThanMs?: number }): Promise<SweepResult>
  /**
   * The publisher as a kind of the job runner (jobs/runner.ts): each run sweeps, then publishes one
   * batch. A post that just became due (publish now) is runner.kick(PUBLISH_JOB).
   */
  job(options?: { intervalMs?: number; sweepOlderThanMs?: number }): JobKind
}

/** The publisher's name among the job runner's kinds. */
export const PUBLISH_JOB = 'publish'

export { NOT_PUBLISHED_TITLE, PUBLISHED_TITLE } from '../events/publishNotices'


interface Claimed {
  post: PostRow
  attemptId: string
}

type Outcome = 'published' | 'failed' | 'unknown' | 'skipped'

/** One run's note of whether it recorded an outcome people are told of (published, failed, not approved in time). */
interface RunRecord {
  outcomes: boolean
}

class Aborted extends Error {}

function withTimeout<T>(timers: Timers, promise: Promise<T>, ms: number): Promise<T> {
  let timer: unknown
  const timeout = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(() => reject(new LinkedInTimeoutError(`LinkedIn did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => timers.clearTimeout(timer))
}

export function createPublisher(options: PublisherOptions): Publisher {
  const { db, clock, linkedin, notifications, resolveTarget } = options
  const timers = options.timers ?? realTimers
  const workerId = options.workerId ?? `publisher-${randomUUID().slice(0, 8)}`
  const batchSize = options.batchSize ?? 50
  const concurrency = Math.max(1, options.concurrency ?? 1)
  const publishTimeoutMs = options.publishTimeoutMs ?? 30_000
  const mediaBytesPerSecond = options.mediaBytesPerSecond ?? 1024 * 1024
  const maxPublishTimeoutMs = Math.max(publishTimeoutMs, options.maxPublishTimeoutMs ?? 30 * 60_000)
  const timeoutFor = (target: PublishTarget) => {
    const bytes = target.media.reduce((sum, m) => sum + m.size, 0)
    return Math.min(maxPublishTimeoutMs, publishTimeoutMs + Math.ceil((bytes / mediaBytesPerSecond) * 1000))
  }

  async function claim(run: RunRecord): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const now = clock.now()
      const due = await tx
        .select()
        .from(posts)
        .where(and(eq(posts.status, 'SCHEDULED'), lte(posts.scheduledAt, now)))
        .orderBy(asc(posts.scheduledAt))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      const refused = await unapproved(tx, due)
      if (refused.length > 0) await refuseUnapproved(tx, run, refused)
      const approved = due.filter((post) => !refused.includes(post))
      if (approved.length === 0) return []
      await applyPostTransitionToMany(tx, {
        event: 'publishingStarted',
        by: 'system',
        where: inArray(
          posts.id,
          approved.map((p) => p.id)
        ),
        now
      })
      // A running attempt left by an earlier claim (a crashed worker whose post the user then edited
      // back to SCHEDULED) is closed: the outcome of that call is unknown, and this claim supersedes it.
      await tx
        .update(publishAttempts)
        .set({ outcome: 'unknown', finishedAt: now, error: 'superseded by a later claim' })
        .where(
          and(
            inArray(
              publishAttempts.postId,
              due.map((p) => p.id)
            ),
            isNull(publishAttempts.outcome)
          )
        )
      const claimed = approved.map((post) => ({ post: { ...post, status: 'PENDING_PUBLISH' as const }, attemptId: randomUUID() }))
      await tx.insert(publishAttempts).values(
        claimed.map(({ post, attemptId }) => ({
          id: attemptId,
          postId: post.id,
          organizationId: post.organizationId,
          workerId,
          postVersion: post.version,
          startedAt: now
        }))
      )
      return claimed
    })
  }

  /** The due posts that need approval and are not approved for their revision: one look-up per organization. */
  async function unapproved(tx: Executor, due: readonly PostRow[]): Promise<PostRow[]> {
    const byOrganization = new Map<string, PostRow[]>()
    for (const post of due) byOrganization.set(post.organizationId, [...(byOrganization.get(post.organizationId) ?? []), post])
    const refused: PostRow[] = []
    for (const [organizationId, rows] of byOrganization) {
      const required = await approvalRequiredFor(
        tx,
        clock,
        organizationId,
        rows.map((r) => r.authorUserId)
      )
      refused.push(...rows.filter((post) => !isApproved(post, required.get(post.authorUserId) ?? false)))
    }
    return refused
  }

  /**
   * Due while not approved: never published. Back to DRAFT with the reason (version + 1, so any
   * copy of the row elsewhere is stale), with post.failed (cause notApproved) in the claim's
   * transaction: the publish notices consumer tells the author and the approvers.
   */
  async function refuseUnapproved(tx: Executor, run: RunRecord, refused: readonly PostRow[]): Promise<void> {
    const rows = await applyPostTransitionToMany(tx, {
      event: 'notApprovedInTime',
      by: 'system',
      where: inArray(
        posts.id,
        refused.map((p) => p.id)
      ),
      patch: { failureReason: MESSAGES.notApprovedAtPublishTime },
      now: clock.now()
    })
    if (rows.length > 0) run.outcomes = true
  }

  /** Finishes our attempt if it is still running; false when the sweep resolved it meanwhile. */
  async function finishAttempt(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    attemptId: string,
    outcome: 'published' | 'failed' | 'unknown',
    error: string | null
  ): Promise<boolean> {
    const rows = await tx
      .update(publishAttempts)
      .set({ outcome, error, finishedAt: clock.now() })
      .where(and(eq(publishAttempts.id, attemptId), isNull(publishAttempts.outcome)))
      .returning({ id: publishAttempts.id })
    return rows.length === 1
  }

  /** The outcome of our claim, compare-and-set: only while the post is still PENDING_PUBLISH at the claimed version. */
  const settle = (
    executor: Executor,
    post: PostRow,
    event: 'published' | 'failed' | 'requeued',
    patch: PostPatch,
    now: Date,
    extra: Pick<Parameters<typeof applyPostTransition>[1], 'with' | 'onlyIf'> = {}
  ) => applyPostTransition(executor, { postId: post.id, event, by: 'system', expected: { status: 'PENDING_PUBLISH', version: post.version }, patch, now, ...extra })

  async function publishOne(run: RunRecord, { post, attemptId }: Claimed, event: (e: PublisherEvent, id: string) => Promise<void>): Promise<Outcome> {
    // Edited or unscheduled since the claim: do not publish.
    const [current] = await db.select({ status: posts.status, version: posts.version }).from(posts).where(eq(posts.id, post.id))
    if (!current || current.status !== 'PENDING_PUBLISH' || current.version !== post.version) {
      await db.transaction((tx) => finishAttempt(tx, attemptId, 'failed', 'skipped: the post changed after it was claimed'))
      return 'skipped'
    }
    const target = await resolveTarget(post)
    if (!target) {
      await recordFailure(run, post, attemptId, NOT_CONNECTED_REASON, 'failed')
      return 'failed'
    }
    await event('beforePublish', post.id)
    let urn: string
    try {
      const result = await withTimeout(
        timers,
        linkedin.publish({
          author: target.author,
          text: post.text,
          type: post.type,
          poll: post.poll,
          media: target.media,
          idempotencyKey: post.idempotencyKey,
          accessToken: target.accessToken,
          reshareOf: post.reshareOfUrn
        }),
        timeoutFor(target)
      )
      urn = result.urn
    } catch (error) {
      if (isKnownSafeFailure(error)) {
        await event('afterPublish', post.id)
        await recordFailure(run, post, attemptId, error.message, 'failed')
        return 'failed'
      }
      await event('afterPublish', post.id)
      await recordFailure(run, post, attemptId, UNKNOWN_OUTCOME_REASON, 'unknown', error instanceof Error ? error.message : String(error))
      return 'unknown'
    }
    await event('afterPublish', post.id)
    // One statement (the common path): finish our attempt if still running and, only then, the post
    // if it is still PENDING_PUBLISH at the claimed version; onPublished joins its transaction.
    const publishedAt = clock.now()
    const recorded = await db.transaction(async (tx) => {
      const finished = tx.$with('finished').as(
        tx
          .update(publishAttempts)
          .set({ outcome: 'published', finishedAt: publishedAt, error: null })
          .where(and(eq(publishAttempts.id, attemptId), isNull(publishAttempts.outcome)))
          .returning({ id: publishAttempts.id })
      )
      const row = await settle(tx, post, 'published', { linkedInPostUrn: urn, publishedAt, failureReason: null }, publishedAt, {
        with: [finished],
        onlyIf: sql`exists (select 1 from ${finished})`
      })
      if (row) {
        await options.onPublished?.(tx, { ...post, status: 'PUBLISHED', linkedInPostUrn: urn, publishedAt })
        return { attempt: 1, post: 1 }
      }
      // The post was not ours any more: did our attempt finish (only this statement marks it published)?
      const [attempt] = await tx.select({ outcome: publishAttempts.outcome }).from(publishAttempts).where(eq(publishAttempts.id, attemptId))
      return { attempt: attempt?.outcome === 'published' ? 1 : 0, post: 0 }
    })
    if (recorded?.post === 1) run.outcomes = true
    if (recorded?.attempt === 1 && recorded.post === 0) {
      // Published, but the user changed the post meanwhile: keep their change, say what happened.
      await db.transaction(async (tx) => {
        await tx
          .update(publishAttempts)
          .set({ error: `published as ${urn}, but the post was changed meanwhile` })
          .where(eq(publishAttempts.id, attemptId))
        await notifications.notify(
          {
            organizationId: post.organizationId,
            userId: post.authorUserId,
            title: 'Post published before your change',
            message: `The earlier version of your post was published on LinkedIn (${urn}) while you changed it.`,
            link: postLink(post.id)
          },
          tx
        )
      })
    }
    return 'published'
  }

  async function recordFailure(run: RunRecord, post: PostRow, attemptId: string, reason: string, outcome: 'failed' | 'unknown', error = reason) {
    await db.transaction(async (tx) => {
      if (!(await finishAttempt(tx, attemptId, outcome, error))) return
      // post.failed, with its cause read from the reason (UNKNOWN_OUTCOME_REASON: unknownOutcome): the author is told by the consumer.
      if (await settle(tx, post, 'failed', { failureReason: reason }, clock.now())) run.outcomes = true
    })
  }

  /**
   * A run from its start to its end, however it ends (a failed run may have recorded outcomes
   * before it failed): told() once at the end when it recorded any. Each run has its own record, so
   * runs called directly and the job's runs neither kick for each other's outcomes nor lose them.
   */
  async function telling<T>(work: (run: RunRecord) => Promise<T>): Promise<T> {
    const run: RunRecord = { outcomes: false }
    try {
      return await work(run)
    } finally {
      if (run.outcomes) options.told?.()
    }
  }

  /** A run of this worker failed (not a test's abort): its open attempts are resolved by the next sweep, whatever their age. */
  let ownAttemptsLeftOpen = false

  async function publishBatch(run: RunRecord): Promise<RunResult> {
    let aborted: unknown = null
    const event = async (e: PublisherEvent, id: string) => {
      if (aborted) throw new Aborted()
      try {
        await options.onEvent?.(e, id)
      } catch (error) {
        aborted = error
        throw new Aborted()
      }
    }
    try {
      const claimed = await claim(run)
      const result: RunResult = { claimed: claimed.length, published: 0, failed: 0, unknown: 0, skipped: 0 }
      for (const c of claimed) {
        try {
          await event('claimed', c.post.id)
        } catch {
          throw aborted
        }
      }
      let next = 0
      const failures: unknown[] = []
      const lane = async () => {
        while (!aborted && failures.length === 0 && next < claimed.length) {
          const item = claimed[next++]!
          try {
            result[await publishOne(run, item, event)]++
          } catch (error) {
            if (error instanceof Aborted) return
            failures.push(error)
          }
        }
      }
      // Every lane ends before the run does: no publish call of this run is still going afterwards.
      await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane))
      if (aborted) throw aborted
      if (failures.length > 0) throw failures[0]
      return result
    } catch (error) {
      // The database failed under us (issue 16: killed mid-batch), maybe after LinkedIn took a post:
      // this worker's open attempts are not running any more, so the next sweep resolves them now
      // instead of waiting out the crashed-worker cutoff. (A test's onEvent abort stands for a
      // killed process, which would not know this.)
      if (!aborted) ownAttemptsLeftOpen = true
      throw error
    }
  }

  async function sweepStale(run: RunRecord, olderThanMs: number): Promise<SweepResult> {
    const cutoff = new Date(clock.now().getTime() - olderThanMs)
    const ownLeftOpen = ownAttemptsLeftOpen
    const stale = await db
      .select({ post: posts, attemptId: publishAttempts.id, startedAt: publishAttempts.startedAt })
      .from(posts)
      .innerJoin(publishAttempts, and(eq(publishAttempts.postId, posts.id), isNull(publishAttempts.outcome)))
      .where(
        and(
          eq(posts.status, 'PENDING_PUBLISH'),
          ownLeftOpen ? or(lte(publishAttempts.startedAt, cutoff), eq(publishAttempts.workerId, workerId)) : lte(publishAttempts.startedAt, cutoff)
        )
      )
    const result: SweepResult = { published: 0, rescheduled: 0 }
    for (const { post, attemptId, startedAt } of stale) {
      const target = await resolveTarget(post)
      if (!target) {
        // Without a token LinkedIn cannot be asked: the outcome stays unknown and the author decides.
        await recordFailure(run, post, attemptId, UNKNOWN_OUTCOME_REASON, 'unknown', 'worker stopped; LinkedIn could not be asked (not connected)')
        continue
      }
      const found = await linkedin.findPublished({
        idempotencyKey: post.idempotencyKey,
        author: target.author,
        text: post.text,
        since: startedAt,
        accessToken: target.accessToken,
        reshareOf: post.reshareOfUrn
      })
      await db.transaction(async (tx) => {
        const note = found ? `worker stopped; LinkedIn has the post as ${found.urn}` : 'worker stopped; LinkedIn has no post with this key: scheduled again'
        if (!(await finishAttempt(tx, attemptId, 'unknown', note))) return
        const now = clock.now()
        const updated = found
          ? await settle(tx, post, 'published', { linkedInPostUrn: found.urn, publishedAt: now, failureReason: null }, now)
          : await settle(tx, post, 'requeued', {}, now)
        if (!updated) return
        result[found ? 'published' : 'rescheduled']++
        if (found) run.outcomes = true
        if (found) await options.onPublished?.(tx, { ...post, status: 'PUBLISHED', linkedInPostUrn: found.urn, publishedAt: now })
      })
    }
    if (ownLeftOpen) ownAttemptsLeftOpen = false
    return result
  }

  return {
    workerId,
    runOnce: () => telling(publishBatch),
    sweep: ({ olderThanMs = 10 * 60_000 } = {}) => telling((run) => sweepStale(run, olderThanMs)),
    job({ intervalMs = 5_000, sweepOlderThanMs = Math.max(10 * 60_000, maxPublishTimeoutMs * 2) } = {}) {
      return {
        name: PUBLISH_JOB,
        intervalMs,
        run: () =>
          telling(async (run) => {
            await sweepStale(run, sweepOlderThanMs)
            // A full batch: more may be due, and the runner runs again at once.
            return (await publishBatch(run)).claimed === batchSize
          })
      }
    }
  }
}
