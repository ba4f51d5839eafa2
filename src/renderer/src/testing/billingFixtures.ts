import { PLANS } from '@shared/constants'
import type { BillingOverview, BillingPlans, CurrentPlan, Invoice, PlanDto } from '@shared/domain'

/** The plan table of spec §9 as GET /billing/plans sends it, `activeId` marked as the current plan. */
export function planTable(activeId: string | null = null): PlanDto[] {
  return PLANS.map((plan) => ({ ...plan, activePlan: plan.id === activeId, variants: plan.variants.map((v) => ({ ...v })) }))
}

/** GET /billing/plans with built-in billing (no pricing table) during a trial, unless told otherwise. */
export function aBillingPlans(overrides: Partial<BillingPlans> & { activeId?: string | null } = {}): BillingPlans {
  const { activeId = null, ...rest } = overrides
  return {
    provider: 'builtin',
    plans: planTable(activeId),
    currentPriceId: null,
    pricingTable: null,
    contactSalesUrl: 'mailto:sales@pagecrew.example',
    ...rest
  }
}

/** Stripe's pricing table settings as GET /billing/plans sends them when Stripe is configured. */
export const STRIPE_PRICING_TABLE = {
  publishableKey: 'pk_test_123',
  pricingTableId: 'prctbl_123',
  clientReferenceId: 'org-a',
  customerEmail: 'ada@example.com'
} as const

export function aCurrentPlan(overrides: Partial<CurrentPlan> = {}): CurrentPlan {
  return {
    availableSeats: 5,
    minSeats: 5,
    productId: 'professional',
    productName: 'Professional Seat',
    status: 'active',
    endsAt: null,
    trialEndsAt: null,
    ...overrides
  }
}

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    number: 'PC-0001',
    createdAt: '2026-03-01T12:00:00.000Z',
    description: 'Professional Seat, yearly, 5 seats',
    quantity: 5,
    unitAmount: 290,
    amount: 1450,
    status: 'paid',
    periodStart: '2026-03-01T12:00:00.000Z',
    periodEnd: '2027-03-01T12:00:00.000Z',
    url: null,
    ...overrides
  }
}

/** GET /billing/subscription: an active Professional yearly plan with 3 users and no invoices. */
export function aBillingOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    provider: 'builtin',
    currentPlan: aCurrentPlan(),
    priceId: 'professional-yearly',
    interval: 'yearly',
    usersCount: 3,
    currentPeriodEnd: '2027-03-01T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    invoices: [],
    ...overrides
  }
}
