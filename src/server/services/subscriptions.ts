import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CurrentPlan } from '../../shared/domain'
import { DAY_MS, DEFAULT_MIN_SEATS, PLANS, TRIAL_DAYS, type PlanDefinition, type PlanVariant } from '../../shared/constants'
import type { Executor } from '../db/client'
import { subscriptions } from '../db/schema'

export type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * Decision: a new organization's trial gives 5 seats (the Professional plan's seat count, the
 * largest self-serve plan it may later choose) with minSeats DEFAULT_MIN_SEATS (1, spec §9). The trial has
 * no product: productId stays null until a plan is bought (issue 4), and the plan shows as
 * 'Free trial'.
 */
export const TRIAL_AVAILABLE_SEATS = 5
const TRIAL_PRODUCT_NAME = 'Free trial'

export function planById(productId: string | null): PlanDefinition | null {
  return PLANS.find((p) => p.id === productId) ?? null
}

/** The plan and variant of a priceId of the plan table; null for unknown ids. */
export function variantByPriceId(priceId: string | null | undefined): { plan: PlanDefinition; variant: PlanVariant } | null {
  if (!priceId) return null
  for (const plan of PLANS) {
    const variant = plan.variants.find((v) => v.priceId === priceId)
    if (variant) return { plan, variant }
  }
  return null
}

export async function startTrial(executor: Executor, organizationId: string, now: Date): Promise<SubscriptionRow> {
  const [row] = await executor
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      organizationId,
      productId: null,
      status: 'trialing',
      availableSeats: TRIAL_AVAILABLE_SEATS,
      minSeats: DEFAULT_MIN_SEATS,
      trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      endsAt: null,
      createdAt: now,
      updatedAt: now
    })
    .returning()
  return row!
}

export async function findSubscription(executor: Executor, organizationId: string): Promise<SubscriptionRow | null> {
  const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)).limit(1)
  return row ?? null
}

/** The subscription row, locked until the transaction ends (take lockOrganization first: one lock order). */
export async function lockSubscription(tx: Executor, organizationId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)).for('update').limit(1)
  return row ?? null
}

/**
 * The organization's currentPlan (spec §3). An organization without a subscription row (none
 * exist today: every organization starts a trial) reads as expired with no seats.
 */
export function toCurrentPlan(row: SubscriptionRow | null): CurrentPlan {
  if (!row) {
    return { availableSeats: 0, minSeats: DEFAULT_MIN_SEATS, productId: null, productName: null, status: 'expired', endsAt: null, trialEndsAt: null }
  }
  const plan = planById(row.productId)
  const trial = row.status === 'trialing' || row.status === 'on_trial'
  return {
    availableSeats: row.availableSeats,
    // The plan's minimum seat count: checkout sets it to the plan's seats (spec §9), the trial has 1.
    minSeats: row.minSeats,
    productId: row.productId,
    productName: plan?.name ?? (trial ? TRIAL_PRODUCT_NAME : null),
    status: row.status,
    endsAt: row.endsAt?.toISOString() ?? null,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null
  }
}
