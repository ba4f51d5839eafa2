/*
 * When a delivery is tried again and when an endpoint is given up on (issue 28; docs/api.md, "Webhooks").
 * A delivery is tried at once, then after each wait below: 8 tries over about 27½ hours
 * (PAGECREW_WEBHOOK_RETRY_DELAYS_MS replaces the waits, e.g. in development and tests). An
 * endpoint is turned off when every try to it has failed for 24 hours (its first failure since its
 * last success lies a day back): one event that never gets through turns it off at its last try,
 * and a burst of failures during a short outage does not. Counting tries in a row instead would
 * turn off a busy endpoint within seconds of a restart.
 */

export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const

/** Tries of an event's delivery: the first and one per wait. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1

/** How long every try to an endpoint must have failed before it is turned off. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 3_600_000

/** A sender holds a claimed delivery this long (a process that dies mid-try lets it go again after it). */
export const WEBHOOK_LEASE_MS = 60_000

/** The wait after the `attempts`-th failed try (1-based), on `delays` (config.webhookRetryDelaysMs; by default the schedule above). */
export const retryDelayMs = (attempts: number, delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS): number =>
  delays[Math.min(Math.max(attempts, 1), delays.length) - 1]!
