import { z } from 'zod'
import { DEFAULT_MIN_SEATS } from '../constants'
import { instantSchema } from './common'
import { entitlementKeySchema, planStatusSchema } from './enums'

/* Billing (issue 4): the organization's plan and entitlements, the plan table, the subscription and its invoices. */

export const currentPlanSchema = z.object({
  availableSeats: z.number().int().nonnegative(),
  minSeats: z.number().int().positive().default(DEFAULT_MIN_SEATS),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  status: planStatusSchema,
  endsAt: instantSchema.nullable(),
  trialEndsAt: instantSchema.nullable()
})
export type CurrentPlan = z.infer<typeof currentPlanSchema>

export const entitlementSchema = z.object({
  lookupKey: entitlementKeySchema,
  /** 0 means unlimited (spec §4). */
  limit: z.number().int().nonnegative(),
  currentUsage: z.number().int().nonnegative()
})
export type Entitlement = z.infer<typeof entitlementSchema>

export const planVariantSchema = z.object({
  priceId: z.string(),
  /** Price per seat and interval; null where the plan table does not show it (Enterprise). */
  price: z.number().nullable(),
  name: z.enum(['monthly', 'yearly'])
})
export type PlanVariantDto = z.infer<typeof planVariantSchema>

/** A row of the plan table (spec §3 plan-table fields; values from §9 in src/shared/constants.ts). */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The plan's minimum seat count (becomes currentPlan.minSeats). */
  seats: z.number().int().positive(),
  AIPrompts: z.number().int().nonnegative(),
  assignedSlots: z.boolean(),
  teamLeaderboard: z.boolean(),
  /** True for the organization's current plan (filled per request). */
  activePlan: z.boolean(),
  academy: z.boolean(),
  sso: z.boolean(),
  reviewFlow: z.boolean(),
  teamsIncluded: z.number().int().nonnegative(),
  variants: z.array(planVariantSchema)
})
export type PlanDto = z.infer<typeof planSchema>

export const billingProviderSchema = z.enum(['builtin', 'stripe'])
export type BillingProviderKind = z.infer<typeof billingProviderSchema>

/** GET /billing/plans: the plan table, and the card provider's pricing table when Stripe is configured. */
export const billingPlansSchema = z.object({
  provider: billingProviderSchema,
  plans: z.array(planSchema),
  /** The priceId the organization pays now; null during a trial. */
  currentPriceId: z.string().nullable(),
  /** Stripe's embeddable pricing table (its script loads when the plan dialog opens); null with built-in billing. */
  pricingTable: z
    .object({ publishableKey: z.string(), pricingTableId: z.string(), clientReferenceId: z.string(), customerEmail: z.string() })
    .nullable(),
  /** Where 'Contact us' for Enterprise points (mailto: or a web page). */
  contactSalesUrl: z.string()
})
export type BillingPlans = z.infer<typeof billingPlansSchema>

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: instantSchema,
  description: z.string(),
  quantity: z.number().int().nonnegative(),
  /** Whole currency units with cents as decimals (e.g. 290, 12.5); the currency is not shown (spec §9). */
  unitAmount: z.number().nonnegative(),
  amount: z.number(),
  status: z.enum(['paid', 'open', 'void']),
  periodStart: instantSchema.nullable(),
  periodEnd: instantSchema.nullable(),
  url: z.string().nullable()
})
export type Invoice = z.infer<typeof invoiceSchema>

/** GET /billing/subscription: what /settings/billing shows. */
export const billingOverviewSchema = z.object({
  provider: billingProviderSchema,
  currentPlan: currentPlanSchema,
  priceId: z.string().nullable(),
  interval: z.enum(['monthly', 'yearly']).nullable(),
  /** Members of the organization (ACTIVE and INVITED): each takes a seat. */
  usersCount: z.number().int().nonnegative(),
  currentPeriodEnd: instantSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  invoices: z.array(invoiceSchema)
})
export type BillingOverview = z.infer<typeof billingOverviewSchema>

/** POST /billing/checkout: built-in billing completes at once; Stripe answers with its Checkout page. */
export const checkoutResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('completed'), currentPlan: currentPlanSchema }),
  z.object({ status: z.literal('redirect'), url: z.string() })
])
export type CheckoutResult = z.infer<typeof checkoutResultSchema>
