import { claim } from './claim'
import { publishOne } from './publishOne'
import type { PublisherContext, PublisherEvent, RunRecord, RunResult } from './types'

/*
 * One batch: the claim, then its posts published `concurrency` at a time; every lane ends before
 * the run does (docs/architecture.md, "The exactly-once publisher").
 */

class Aborted extends Error {}

export async function publishBatch(ctx: PublisherContext, run: RunRecord): Promise<RunResult> {
  const { options, concurrency, state } = ctx
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
    const claimed = await claim(ctx, run)
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
          result[await publishOne(ctx, run, item, event)]++
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
    if (!aborted) state.ownAttemptsLeftOpen = true
    throw error
  }
}
