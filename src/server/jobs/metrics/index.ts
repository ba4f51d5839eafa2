import { readBatch } from './readBatch'
import { DEFAULT_DAILY_BUDGET, METRICS_JOB, METRICS_READINGS_MS } from './readings'
import type { MetricsContext, MetricsJob, MetricsJobOptions } from './types'

/*
 * The metrics job (issue 14): a kind of the one job runner (jobs/runner/) that reads each published
 * post's results from LinkedIn on a decaying schedule. readings.ts is the schedule, readBatch.ts a
 * run, readOne.ts one post, budget.ts the daily budget, outcome.ts what a reading leaves; this
 * facade fills in the options' defaults once and delegates. The rules are in docs/architecture.md,
 * "The job runner and the metrics sync".
 */

export { DEFAULT_DAILY_BUDGET, MAX_DISCONNECTED_ATTEMPTS, MAX_FAILED_ATTEMPTS, METRICS_JOB, METRICS_READINGS_MS, nextReadingAt } from './readings'
export type { MetricsJob, MetricsJobOptions } from './types'

export function createMetricsJob(options: MetricsJobOptions): MetricsJob {
  const ctx: MetricsContext = {
    db: options.db,
    clock: options.clock,
    queue: options.queue,
    linkedin: options.linkedin,
    resolveTarget: options.resolveTarget,
    dailyBudget: options.dailyBudget ?? DEFAULT_DAILY_BUDGET,
    batchSize: options.batchSize ?? 50,
    log: options.log ?? ((message: string) => console.error(message))
  }
  const { queue } = ctx

  return {
    name: METRICS_JOB,
    intervalMs: options.intervalMs ?? 60_000,

    async enqueue(tx, post) {
      await queue.enqueue(METRICS_JOB, post.id, new Date(post.publishedAt.getTime() + METRICS_READINGS_MS[0]!), { authorUserId: post.authorUserId }, post.organizationId, tx)
    },

    run: () => readBatch(ctx)
  }
}
