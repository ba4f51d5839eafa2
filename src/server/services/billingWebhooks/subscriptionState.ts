import { eq } from 'drizzle-orm'
import { PLANS } from '../../../shared/constants'
import type { PlanStatus } from '../../../shared/domain/enums'
import type { ProviderSubscriptionState } from '../../adapters/billing/billing'
import type { Database, Executor } from '../../db/client'
import { subscriptions } from '../../db/schema'
import { lockOrganization } from '../access'
import { record, type AuditActor } from '../audit'
import { endPasswordSessionsWhenSsoRequiredAgain } from '../ssoRequired'
import type { ApplyOutcome, SubscriptionRow } from './types'

/* A provider's subscription state on the organization's row, and what every change of the row does (docs/architecture.md, "Billing and plans"). */

const ENDED_STATUSES: ReadonlySet<PlanStatus> = new Set<PlanStatus>(['canceled', 'incomplete_expired'])

const planForPrice = (priceId: string | null) => (priceId ? (PLANS.find((p) => p.variants.some((v) => v.priceId === priceId)) ?? null) : null)

/**
 * What every change of an organization's subscription row does in the change's transaction (the
 * caller holds the organization lock):
 *
 * - when the plan includes single sign-on again and the organization requires it, the password
 *   sessions of its domains end (ssoRequired.ts): Required holds from that moment, so a password
 *   session opened while the plan had lapsed does not outlive the renewal. `keepSession` is the
 *   session of the admin making the change, if one does (as switching Required on keeps it);
 * - its audit entry (issue 17): a new plan ('billing.plan_changed'), else new seats
 *   ('billing.seats_changed'), else another change of its status or cancellation
 *   ('billing.subscription_changed'), with how many password sessions ended when any did; nothing
 *   when none of those changed (a renewal moving the period end, a provider's bookkeeping).
 */
export async function subscriptionChanged(
  tx: Executor,
  actor: AuditActor,
  at: Date,
  was: SubscriptionRow,
  now: SubscriptionRow,
  keepSession: string | null = null
): Promise<void> {
  const passwordSessionsEnded = await endPasswordSessionsWhenSsoRequiredAgain(tx, was, now, at, keepSession)
  const fields = (r: SubscriptionRow) => ({
    plan: PLANS.find((p) => p.id === r.productId)?.name ?? null,
    priceId: r.priceId,
    availableSeats: r.availableSeats,
    status: r.status,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd
  })
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  const a = fields(was)
  const b = fields(now)
  for (const key of Object.keys(b) as (keyof typeof b)[]) {
    if (a[key] === b[key]) continue
    before[key] = a[key]
    after[key] = b[key]
  }
  if (passwordSessionsEnded > 0) after.passwordSessionsEnded = passwordSessionsEnded
  if (Object.keys(after).length === 0) return
  const action = 'priceId' in after ? 'billing.plan_changed' : 'availableSeats' in after ? 'billing.seats_changed' : 'billing.subscription_changed'
  await record(tx, {
    organizationId: now.organizationId,
    at,
    actor,
    action,
    target: { type: 'subscription', id: now.id, label: b.plan ?? 'Trial' },
    before,
    after
  })
}

/**
 * Writes a provider's subscription state to the organization's subscription row. The caller holds
 * the organization lock (lockOrganization) inside a transaction; the row is re-read here. The
 * audit log names `actor` (the system for webhooks; the admin whose checkout the provider applied,
 * whose session is `keepSession`).
 */
export async function applySubscriptionState(
  tx: Executor,
  state: ProviderSubscriptionState,
  now: Date,
  log: (message: string) => void = () => undefined,
  actor: AuditActor = 'system',
  keepSession: string | null = null
): Promise<ApplyOutcome> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.organizationId, state.organizationId)).limit(1).for('update')
  if (!row) {
    log(`Stripe subscription ${state.subscriptionId ?? '?'}: organization ${state.organizationId} has no subscription row`)
    return 'no_subscription'
  }
  if (row.providerUpdatedAt && state.observedAt.getTime() < row.providerUpdatedAt.getTime()) return 'stale'
  const sameSubscription = row.provider === 'stripe' && row.providerSubscriptionId !== null && row.providerSubscriptionId === state.subscriptionId
  if (sameSubscription && ENDED_STATUSES.has(row.status) && state.status !== row.status) return 'stale'
  if (sameSubscription && state.status === 'incomplete' && row.status !== 'incomplete') return 'stale'
  const otherSubscription = row.providerSubscriptionId !== null && state.subscriptionId !== null && row.providerSubscriptionId !== state.subscriptionId
  if (otherSubscription && ENDED_STATUSES.has(state.status) && !ENDED_STATUSES.has(row.status)) {
    log(`Stripe subscription ${state.subscriptionId} ended; organization ${state.organizationId} keeps ${row.providerSubscriptionId}`)
    return 'stale'
  }

  const plan = planForPrice(state.priceId)
  if (!plan) log(`Stripe subscription ${state.subscriptionId ?? '?'}: price lookup_key ${state.priceId ?? '(none)'} is no Pagecrew plan; the plan stays ${row.productId ?? 'unset'}`)
  const observed = row.providerUpdatedAt && row.providerUpdatedAt > state.observedAt ? row.providerUpdatedAt : state.observedAt
  const [updated] = await tx
    .update(subscriptions)
    .set({
      productId: plan ? plan.id : row.productId,
      priceId: plan ? state.priceId : row.priceId,
      minSeats: plan ? plan.seats : row.minSeats,
      status: state.status,
      availableSeats: Math.max(0, state.quantity),
      currentPeriodEnd: state.currentPeriodEnd,
      trialEndsAt: state.trialEndsAt ?? row.trialEndsAt,
      endsAt: state.endsAt,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      provider: 'stripe',
      providerCustomerId: state.customerId ?? row.providerCustomerId,
      providerSubscriptionId: state.subscriptionId ?? row.providerSubscriptionId,
      providerUpdatedAt: observed,
      updatedAt: now
    })
    .where(eq(subscriptions.id, row.id))
    .returning()
  await subscriptionChanged(tx, actor, now, row, updated!, keepSession)
  return 'applied'
}

/** applySubscriptionState in its own transaction with the organization locked (e.g. a checkout's 'applied' state). */
export async function lockAndApplySubscriptionState(
  db: Database,
  state: ProviderSubscriptionState,
  now: Date,
  log?: (message: string) => void
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, state.organizationId)
    return applySubscriptionState(tx, state, now, log)
  })
}
