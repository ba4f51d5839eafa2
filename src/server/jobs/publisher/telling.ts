import type { PublisherOptions, RunRecord } from './types'

/* A run's outcomes and the publish notices consumer (docs/architecture.md, "The exactly-once publisher"). */

/**
 * A run from its start to its end, however it ends (a failed run may have recorded outcomes
 * before it failed): told() once at the end when it recorded any. Each run has its own record, so
 * runs called directly and the job's runs neither kick for each other's outcomes nor lose them.
 */
export async function telling<T>(options: PublisherOptions, work: (run: RunRecord) => Promise<T>): Promise<T> {
  const run: RunRecord = { outcomes: false }
  try {
    return await work(run)
  } finally {
    if (run.outcomes) options.told?.()
  }
}
