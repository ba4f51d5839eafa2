/**
 * The router state /subscription-expired receives when a 402 sent the user there (spec §4: the
 * 'openPlanModal' event): the page then knows a plan limit, not the calendar, brought them, and
 * where to go back once a plan is chosen.
 */
export interface PaymentRequiredState {
  paymentRequired: true
  /** The app path (with its query) the user was on. */
  from: string
}

export function paymentRequiredState(state: unknown): PaymentRequiredState | null {
  if (typeof state !== 'object' || state === null) return null
  const { paymentRequired, from } = state as Record<string, unknown>
  if (paymentRequired !== true || typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null
  return { paymentRequired: true, from }
}
