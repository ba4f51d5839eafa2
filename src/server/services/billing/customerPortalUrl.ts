import { noPlan } from '../access'
import type { OrganizationSession } from '../sessions'
import { findSubscription } from '../subscriptions'
import { callProvider, returnUrl } from './provider'
import type { BillingDeps } from './types'

/* GET /billing/customer-portal-url (admins): the provider's billing portal, returning to Settings → Billing (docs/architecture.md, "Billing and plans"). */

export async function customerPortalUrl(deps: Pick<BillingDeps, 'db' | 'provider'>, session: OrganizationSession, baseUrl: string): Promise<{ url: string }> {
  const { db, provider } = deps
  const organizationId = session.organization.id
  const row = await findSubscription(db, organizationId)
  if (!row) throw noPlan()
  const url = await callProvider(() => provider.portalUrl({ subscription: row, organizationId, returnUrl: returnUrl(baseUrl) }))
  return { url }
}
