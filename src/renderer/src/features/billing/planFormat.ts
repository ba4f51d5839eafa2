import type { BillingPlans, CurrentPlan, Invoice, PlanDto, PlanVariantDto } from '@shared/domain'
import { isSubscriptionExpired, isTrial } from '@shared/rules'

export type BillingInterval = PlanVariantDto['name']

export const INTERVAL_LABELS: Record<BillingInterval, string> = { monthly: 'Monthly', yearly: 'Yearly' }
const INTERVAL_UNITS: Record<BillingInterval, string> = { monthly: 'month', yearly: 'year' }

/** The text the plan dialog shows for members, who cannot choose (spec §6: admins choose). */
export const ASK_AN_ADMIN = 'Ask an admin of your organization to choose a plan.'

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** An amount without a currency symbol (spec §9 'Currency not shown'): 1450, 12.5 -> '1,450', '12.5'. */
export function formatAmount(amount: number): string {
  return numberFormat.format(amount)
}

/** '29 per seat / month' (no currency, spec §9). */
export function pricePerSeatLabel(price: number, interval: BillingInterval): string {
  return `${formatAmount(price)} per seat / ${INTERVAL_UNITS[interval]}`
}

/** '145 / month' for 5 seats at 29. */
export function totalLabel(price: number, seats: number, interval: BillingInterval): string {
  return `${formatAmount(price * seats)} / ${INTERVAL_UNITS[interval]}`
}

export function variantFor(plan: PlanDto, interval: BillingInterval): PlanVariantDto | null {
  return plan.variants.find((v) => v.name === interval) ?? null
}

/** A plan sold only yearly (Enterprise, spec §9). */
export function isYearlyOnly(plan: PlanDto): boolean {
  return plan.variants.length > 0 && plan.variants.every((v) => v.name === 'yearly')
}

/** A plan whose price is not shown: it is arranged with sales ('Contact us'), never checked out. */
export function isContactSales(plan: PlanDto): boolean {
  return plan.variants.length === 0 || plan.variants.every((v) => v.price === null)
}

/** The interval the organization pays now (from the current price), monthly otherwise. */
export function initialInterval(plans: Pick<BillingPlans, 'plans' | 'currentPriceId'>): BillingInterval {
  for (const plan of plans.plans) {
    const variant = plan.variants.find((v) => v.priceId === plans.currentPriceId)
    if (variant) return variant.name
  }
  return 'monthly'
}

/**
 * The variant the organization already pays for and may not check out again: its current price,
 * while the subscription runs (a trial or an expired plan may choose any plan, its own included).
 */
export function isCurrentChoice(variant: PlanVariantDto, currentPriceId: string | null, plan: CurrentPlan | undefined, now: Date): boolean {
  if (currentPriceId === null || variant.priceId !== currentPriceId) return false
  if (!plan) return true
  return !isTrial(plan) && !isSubscriptionExpired(plan, now)
}

/** The plan-table fields of spec §3 as the cards list them. */
export function planFeatures(plan: PlanDto): Array<{ label: string; value: string }> {
  const yesNo = (v: boolean) => (v ? 'Yes' : 'No')
  const included = (v: boolean) => (v ? 'Included' : 'Not included')
  return [
    { label: 'Seats', value: `${plan.seats} minimum` },
    { label: 'AI prompts per month', value: String(plan.AIPrompts) },
    { label: 'Teams included', value: String(plan.teamsIncluded) },
    { label: 'Academy', value: yesNo(plan.academy) },
    { label: 'SSO', value: yesNo(plan.sso) },
    { label: 'Review flow', value: yesNo(plan.reviewFlow) },
    { label: 'Assigned slots', value: included(plan.assignedSlots) },
    { label: 'Team leaderboard', value: included(plan.teamLeaderboard) }
  ]
}

/** The fewest seats a checkout allows: the plan's minimum, and never fewer than the users (contract). */
export function checkoutMinimum(planSeats: number, users: number): number {
  return Math.max(planSeats, users)
}

export const INVOICE_STATUS_LABELS: Record<Invoice['status'], string> = { paid: 'Paid', open: 'Open', void: 'Void' }
