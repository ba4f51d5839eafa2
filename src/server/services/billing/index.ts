import type { BillingOverview, BillingPlans, CheckoutResult, CurrentPlan } from '../../../shared/domain'
import type { BillingProvider } from '../../adapters/billing/billing'
import type { OrganizationSession } from '../sessions'
import { billingOverview } from './billingOverview'
import { billingPlans } from './billingPlans'
import { setCancelAtPeriodEnd } from './cancelAtPeriodEnd'
import { checkout } from './checkout'
import { customerPortalUrl } from './customerPortalUrl'
import { manageSeats } from './manageSeats'
import { portalView } from './portalView'
import type { BillingDeps, PortalView } from './types'

/*
 * Billing (issue 4): plans, checkout, seats, the provider's portal and the built-in one. Built-in
 * billing keeps subscriptions, seats and invoices in the database; Stripe talks to Stripe and its
 * webhooks (../billingWebhooks/) keep the row in step; renewals are ../renewals.ts. One use case
 * per file; this facade only delegates. The rules are in docs/architecture.md, "Billing and plans".
 */

export { subscriptionEnded } from './subscription'
export type { BillingDeps, PortalView } from './types'

export interface BillingService {
  readonly providerKind: BillingProvider['kind']
  plans(session: OrganizationSession): Promise<BillingPlans>
  overview(organizationId: string): Promise<BillingOverview>
  /** baseUrl: the app's public address (http/publicUrl.ts; never the Host header) for the provider's return links. */
  checkout(session: OrganizationSession, input: { priceId: string; seatQuantity?: number }, baseUrl: string): Promise<CheckoutResult>
  manageSeats(session: OrganizationSession, input: { newSeatQuantity: number; memberIdsToCancel: string[] }): Promise<{ currentPlan: CurrentPlan; usersCount: number }>
  customerPortalUrl(session: OrganizationSession, baseUrl: string): Promise<{ url: string }>
  /** The built-in portal page behind a live token; null when the token is unknown or expired. */
  portal(token: unknown): Promise<PortalView | null>
  /** Cancel at period end / resume from the built-in portal; false when the token is unknown or expired. */
  portalCancel(token: unknown): Promise<boolean>
  portalResume(token: unknown): Promise<boolean>
}

export function createBillingService(deps: BillingDeps): BillingService {
  return {
    providerKind: deps.provider.kind,
    plans: (session) => billingPlans(deps, session),
    overview: (organizationId) => billingOverview(deps, organizationId),
    checkout: (session, input, baseUrl) => checkout(deps, session, input, baseUrl),
    manageSeats: (session, input) => manageSeats(deps, session, input),
    customerPortalUrl: (session, baseUrl) => customerPortalUrl(deps, session, baseUrl),
    portal: (token) => portalView(deps, token),
    portalCancel: (token) => setCancelAtPeriodEnd(deps, token, true),
    portalResume: (token) => setCancelAtPeriodEnd(deps, token, false)
  }
}
