import type { CurrentPlan } from '../domain'
import { BANNER_WARNING_DAYS, DAY_MS } from '../constants'

const TRIAL_STATUSES = new Set(['trialing', 'on_trial'])

export function isTrial(plan: Pick<CurrentPlan, 'status'>): boolean {
  return TRIAL_STATUSES.has(plan.status)
}

/** Expired when endsAt is past, or a trial's trialEndsAt is past (spec §4). */
export function isSubscriptionExpired(
  plan: Pick<CurrentPlan, 'status' | 'endsAt' | 'trialEndsAt'>,
  now: Date
): boolean {
  if (plan.endsAt && Date.parse(plan.endsAt) < now.getTime()) return true
  if (isTrial(plan) && plan.trialEndsAt && Date.parse(plan.trialEndsAt) < now.getTime()) return true
  return false
}

/** Whole days left until an instant, rounded up, never negative. */
export function daysUntil(instant: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(instant) - now.getTime()) / DAY_MS))
}

export function trialDaysLeft(plan: Pick<CurrentPlan, 'status' | 'trialEndsAt'>, now: Date): number | null {
  if (!isTrial(plan) || !plan.trialEndsAt) return null
  return daysUntil(plan.trialEndsAt, now)
}

export { BANNER_WARNING_DAYS }
