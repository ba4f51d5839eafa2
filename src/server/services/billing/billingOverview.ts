import type { BillingOverview } from '../../../shared/domain'
import { renewDuePeriods } from '../renewals'
import { toCurrentPlan, variantByPriceId } from '../subscriptions'
import { usersCount } from './subscription'
import type { BillingDeps } from './types'
import { invoiceViews } from './views'

/* GET /billing/subscription: the organization's plan, seats, period and invoices, after any due renewal (docs/architecture.md, "Billing and plans"). */

export async function billingOverview(deps: Pick<BillingDeps, 'db' | 'clock' | 'provider'>, organizationId: string): Promise<BillingOverview> {
  const { db, clock, provider } = deps
  const row = await renewDuePeriods(db, organizationId, clock.now())
  return {
    provider: provider.kind,
    currentPlan: toCurrentPlan(row),
    priceId: row?.priceId ?? null,
    interval: variantByPriceId(row?.priceId)?.variant.name ?? null,
    usersCount: await usersCount(db, organizationId),
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    invoices: await invoiceViews(db, organizationId)
  }
}
