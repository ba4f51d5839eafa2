import type { BillingPlans } from '../../../shared/domain'
import { PLANS } from '../../../shared/constants'
import { renewDuePeriods } from '../renewals'
import type { OrganizationSession } from '../sessions'
import type { BillingDeps } from './types'
import { toPlanDto } from './views'

/* GET /billing/plans: the plan table, the price being paid and the provider's pricing table (docs/architecture.md, "Billing and plans"). */

export async function billingPlans(deps: Pick<BillingDeps, 'db' | 'clock' | 'provider' | 'contactSalesUrl'>, session: OrganizationSession): Promise<BillingPlans> {
  const { db, clock, provider, contactSalesUrl } = deps
  const organizationId = session.organization.id
  const row = await renewDuePeriods(db, organizationId, clock.now())
  const table = provider.pricingTable()
  return {
    provider: provider.kind,
    plans: PLANS.map((plan) => toPlanDto(plan, row?.productId === plan.id)),
    currentPriceId: row?.priceId ?? null,
    pricingTable: table ? { ...table, clientReferenceId: organizationId, customerEmail: session.email } : null,
    contactSalesUrl
  }
}
