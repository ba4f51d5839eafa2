import { eq } from 'drizzle-orm'
import { subscriptions } from '../../db/schema'
import { lockOrganization } from '../access'
import { subscriptionChanged } from '../billingWebhooks'
import { isBuiltinPaid, renewDuePeriods } from '../renewals'
import { lockSubscription } from '../subscriptions'
import { portalOrganization } from './provider'
import { subscriptionEnded } from './subscription'
import type { BillingDeps } from './types'

/*
 * The built-in portal's cancel and resume (POST /billing/portal/cancel, /resume): cancel sets
 * cancel-at-period-end and endsAt = the period end; resume clears both while the period lasts
 * (docs/architecture.md, "Billing and plans").
 */

/** False when the token is unknown or expired. */
export async function setCancelAtPeriodEnd(deps: Pick<BillingDeps, 'db' | 'clock'>, token: unknown, cancel: boolean): Promise<boolean> {
  const { db, clock } = deps
  const organizationId = await portalOrganization(db, clock, token)
  if (!organizationId) return false
  await renewDuePeriods(db, organizationId, clock.now())
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const row = await lockSubscription(tx, organizationId)
    const now = clock.now()
    // Only a running built-in paid plan; anything else (trial, ended, Stripe) is left alone.
    if (!row || !isBuiltinPaid(row) || subscriptionEnded(row, now) || !row.currentPeriodEnd) return
    if (cancel && (row.status !== 'active' || row.cancelAtPeriodEnd)) return
    if (!cancel && !row.cancelAtPeriodEnd) return
    const [updated] = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, endsAt: cancel ? row.currentPeriodEnd : null, updatedAt: now })
      .where(eq(subscriptions.id, row.id))
      .returning()
    // The portal's link names the organization, not a user: the entry's actor is the system.
    await subscriptionChanged(tx, 'system', now, row, updated!)
  })
  return true
}
