/** The source of "now" for everything that depends on time; tests inject a fixed or advancing clock. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

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
