import type { Timers } from '../clock'

/** Timers that only move when the test says so (the server's twin of src/main/testing/fakes.ts manualTimers). */
export interface ManualTimers extends Timers {
  /**
   * Moves time `ms` forward, running every callback that falls due (those they schedule within the
   * window too) in time order, each to the end of the promise it returns. Resolves with how many ran:
   * a test that expects nothing to have happened first sees that the job had its turn. Another
   * advance may run while a callback is held (one job lane waiting while another runs); time
   * never moves back.
   */
  advance(ms: number): Promise<number>
  /** Milliseconds from now to each pending timer, soonest first. */
  readonly pending: number[]
}

export function manualTimers(): ManualTimers {
  let now = 0
  let nextId = 1
  const due = new Map<number, { at: number; callback: () => unknown }>()
  const nextDue = (until: number) => {
    let next: number | null = null
    for (const [id, timer] of due) {
      if (timer.at > until) continue
      if (next === null || timer.at < due.get(next)!.at) next = id
    }
    return next
  }
  return {
    setTimeout(callback, ms) {
      const id = nextId++
      due.set(id, { at: now + Math.max(0, ms), callback })
      return id
    },
    clearTimeout(handle) {
      due.delete(handle as number)
    },
    async advance(ms) {
      const until = now + ms
      let ran = 0
      for (let id = nextDue(until); id !== null; id = nextDue(until)) {
        const timer = due.get(id)!
        due.delete(id)
        now = Math.max(now, timer.at)
        ran++
        await timer.callback()
      }
      now = Math.max(now, until)
      return ran
    },
    get pending() {
      return [...due.values()].map((timer) => timer.at - now).sort((a, b) => a - b)
    }
  }
}
