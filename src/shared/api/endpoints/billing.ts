import { z } from 'zod'
import { billingOverviewSchema, billingPlansSchema, checkoutResultSchema, currentPlanSchema, entitlementSchema } from '../../domain'
import { singleLineText } from '../../domain/text'
import { endpoint, none } from './base'
import { idSchema } from './common'

export const billingEndpoints = {
  // Billing
  getEntitlements: endpoint({ method: 'GET', path: '/billing/verify/entitled', query: none, body: none, response: z.array(entitlementSchema) }),
  /** The plan table with the current plan marked (any member; the dialog is for admins). */
  getBillingPlans: endpoint({ method: 'GET', path: '/billing/plans', query: none, body: none, response: billingPlansSchema }),
  /** /settings/billing: plan, status, seats used/available, period, invoices (any member may read). */
  getBillingOverview: endpoint({ method: 'GET', path: '/billing/subscription', query: none, body: none, response: billingOverviewSchema }),
  /** Choose a plan (admins). seatQuantity defaults to max(plan seats, users); never below either. */
  checkout: endpoint({ role: 'admin',
    method: 'POST',
    path: '/billing/checkout',
    query: none,
    body: z.object({
      priceId: singleLineText().trim().min(1, 'Choose a plan.').max(100),
      seatQuantity: z.number().int('Enter a whole number of seats.').min(1, 'Enter at least 1 seat.').max(100_000).optional()
    }),
    response: checkoutResultSchema,
    idempotent: true
  }),
  /** Spec §7 (admins). Exactly max(0, users - newSeatQuantity) member user ids must be listed. */
  manageSeats: endpoint({ role: 'admin',
    method: 'PATCH',
    path: '/billing/manage-seats',
    query: none,
    body: z.object({
      newSeatQuantity: z.number().int('Enter a whole number of seats.').min(1, 'Enter at least 1 seat.').max(100_000),
      memberIdsToCancel: z.array(idSchema).max(100_000).default([])
    }),
    response: z.object({ currentPlan: currentPlanSchema, usersCount: z.number().int().nonnegative() }),
    idempotent: true
  }),
  /** Spec §7 (admins): the provider's customer portal (built-in: a signed one-hour link to /api/billing/portal). */
  getCustomerPortalUrl: endpoint({ role: 'admin', method: 'GET', path: '/billing/customer-portal-url', query: none, body: none, response: z.object({ url: z.string() }) })
} as const
