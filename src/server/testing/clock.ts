import type { Clock } from '../clock'

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
