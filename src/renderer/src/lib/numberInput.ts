/** Keys that cannot be part of a whole, positive number (seat counts, monthly targets). */
export const BLOCKED_NUMBER_KEYS = new Set(['-', '+', 'e', 'E', '.', ','])

/** The largest seat count the API accepts. */
export const MAX_SEATS = 100_000
