import { randomUUID } from 'node:crypto'
import { realTimers } from '../../clock'
import type { PublishTarget } from '../../adapters/linkedin/linkedin'
import { publishBatch } from './publishBatch'
import { sweepStale } from './sweep'
import { telling } from './telling'
import type { Publisher, PublisherContext, PublisherOptions } from './types'

/*
 * The exactly-once publisher (issue 6, DESIGN §1): claim.ts, publishOne.ts, recordOutcome.ts and
 * sweep.ts are its steps, publishBatch.ts a run; this facade fills in the options' defaults once
 * and delegates. The rules are in docs/architecture.md, "The exactly-once publisher".
 */

export { UNKNOWN_OUTCOME_REASON } from '../../../shared/rules/postLifecycle'
export { NOT_PUBLISHED_TITLE, PUBLISHED_TITLE } from '../../events/publishNotices'
export type { Publisher, PublisherEvent, PublisherOptions, RunResult, SweepResult } from './types'

/** The publisher's name among the job runner's kinds. */
export const PUBLISH_JOB = 'publish'

export function createPublisher(options: PublisherOptions): Publisher {
  const publishTimeoutMs = options.publishTimeoutMs ?? 30_000
  const mediaBytesPerSecond = options.mediaBytesPerSecond ?? 1024 * 1024
  const maxPublishTimeoutMs = Math.max(publishTimeoutMs, options.maxPublishTimeoutMs ?? 30 * 60_000)
  const ctx: PublisherContext = {
    options,
    db: options.db,
    clock: options.clock,
    timers: options.timers ?? realTimers,
    linkedin: options.linkedin,
    notifications: options.notifications,
    resolveTarget: options.resolveTarget,
    workerId: options.workerId ?? `publisher-${randomUUID().slice(0, 8)}`,
    batchSize: options.batchSize ?? 50,
    concurrency: Math.max(1, options.concurrency ?? 1),
    timeoutFor: (target: PublishTarget) => {
      const bytes = target.media.reduce((sum, m) => sum + m.size, 0)
      return Math.min(maxPublishTimeoutMs, publishTimeoutMs + Math.ceil((bytes / mediaBytesPerSecond) * 1000))
    },
    state: { ownAttemptsLeftOpen: false }
  }

  return {
    workerId: ctx.workerId,
    runOnce: () => telling(options, (run) => publishBatch(ctx, run)),
    sweep: ({ olderThanMs = 10 * 60_000 } = {}) => telling(options, (run) => sweepStale(ctx, run, olderThanMs)),
    job({ intervalMs = 5_000, sweepOlderThanMs = Math.max(10 * 60_000, maxPublishTimeoutMs * 2) } = {}) {
      return {
        name: PUBLISH_JOB,
        intervalMs,
        run: () =>
          telling(options, async (run) => {
            await sweepStale(ctx, run, sweepOlderThanMs)
            // A full batch: more may be due, and the runner runs again at once.
            return (await publishBatch(ctx, run)).claimed === ctx.batchSize
          })
      }
    }
  }
}
