/** The source of "now" for everything that depends on time; tests inject a fixed or advancing clock. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock under the test's control. */
export interface ManualClock extends Clock {
  set(date: Date | string): void
  advance(ms: number): void
}

export function manualClock(start: Date | string = '2025-01-15T09:00:00.000Z'): ManualClock {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime()
    },
    advance: (ms) => {
      current += ms
    }
  }
}

/**
 * The timers background jobs wait on (the publisher's interval, a publish call's timeout). Tests
 * inject manual ones (testing/timers.ts) and move time themselves instead of sleeping.
 * A callback may return a promise (a job's run): real timers ignore it, manual timers wait for it,
 * so a test knows the run is over before it looks at what the run did or did not do.
 */
export interface Timers {
  setTimeout(callback: () => unknown, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}
