import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { CheckoutResult } from '../../../shared/domain'
import { defaultCheckoutSeats } from '../../../shared/rules'
import { organizations, subscriptions } from '../../db/schema'
import { badRequest, conflict } from '../../errors'
import { lockOrganization, noPlan } from '../access'
import { sessionActor } from '../audit'
import { applySubscriptionState, subscriptionChanged } from '../billingWebhooks'
import { cents, nextPeriodEnd, renewDuePeriods, seatsWord, writeInvoice } from '../renewals'
import type { OrganizationSession } from '../sessions'
import { findSubscription, lockSubscription, toCurrentPlan, variantByPriceId } from '../subscriptions'
import { callProvider, returnUrl } from './provider'
import { requireAdminStill, subscriptionEnded, usersCount } from './subscription'
import type { BillingDeps } from './types'

/*
 * POST /billing/checkout (admins): a plan and its seats. The provider may send the admin away
 * (Stripe Checkout) or change a running subscription; built-in billing completes at once with a
 * new period and its invoice (docs/architecture.md, "Billing and plans", "Checkout").
 */

export async function checkout(
  deps: Pick<BillingDeps, 'db' | 'clock' | 'provider' | 'log'>,
  session: OrganizationSession,
  input: { priceId: string; seatQuantity?: number },
  baseUrl: string
): Promise<CheckoutResult> {
  const { db, clock, provider } = deps
  const log = deps.log ?? (() => undefined)
  const organizationId = session.organization.id
  const bought = variantByPriceId(input.priceId)
  if (!bought) throw badRequest(MESSAGES.checkoutUnknownPrice, { priceId: MESSAGES.checkoutUnknownPrice })
  const { plan, variant } = bought
  if (variant.price === null) throw badRequest(MESSAGES.enterpriseContactSales, { priceId: MESSAGES.enterpriseContactSales })
  const price = variant.price

  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    await requireAdminStill(tx, session)
    await renewDuePeriods(tx, organizationId, clock.now())
    const existing = await lockSubscription(tx, organizationId)
    if (!existing) throw noPlan()
    const now = clock.now()
    if (existing.priceId === variant.priceId && existing.status === 'active' && !subscriptionEnded(existing, now)) {
      throw conflict(MESSAGES.checkoutAlreadyOnPlan, { priceId: MESSAGES.checkoutAlreadyOnPlan })
    }
    const users = await usersCount(tx, organizationId)
    const seats = input.seatQuantity ?? defaultCheckoutSeats(plan.seats, users)
    if (seats < plan.seats) throw badRequest(MESSAGES.seatsBelowMin(plan.seats), { seatQuantity: MESSAGES.seatsBelowMin(plan.seats) })
    if (seats < users) throw badRequest(MESSAGES.checkoutSeatsBelowUsers(users), { seatQuantity: MESSAGES.checkoutSeatsBelowUsers(users) })

    const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1)
    const result = await callProvider(() =>
      provider.checkout({
        organizationId,
        organizationName: org?.name ?? '',
        customerEmail: session.email,
        plan,
        variant,
        seatQuantity: seats,
        existing,
        successUrl: returnUrl(baseUrl, { checkout: 'success' }),
        cancelUrl: returnUrl(baseUrl, { checkout: 'cancelled' })
      })
    )
    if (result.kind === 'redirect') return { status: 'redirect' as const, url: result.url }
    if (result.kind === 'applied') {
      // The provider changed the price of a running subscription: the same rules as its webhooks (ordering, lifecycle).
      await applySubscriptionState(tx, result.state, now, log, sessionActor(session), session.tokenHash)
      return { status: 'completed' as const, currentPlan: toCurrentPlan(await findSubscription(tx, organizationId)) }
    }
    const periodEnd = nextPeriodEnd(now, variant.name)
    const [row] = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        productId: plan.id,
        priceId: variant.priceId,
        availableSeats: seats,
        minSeats: plan.seats,
        endsAt: null,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: periodEnd,
        provider: 'builtin',
        updatedAt: now
      })
      .where(eq(subscriptions.id, existing.id))
      .returning()
    await subscriptionChanged(tx, sessionActor(session), now, existing, row!, session.tokenHash)
    await writeInvoice(tx, {
      organizationId,
      description: `${plan.name} — ${variant.name}, ${seatsWord(seats)}`,
      quantity: seats,
      unitAmountCents: cents(price),
      periodStart: now,
      periodEnd,
      createdAt: now
    })
    return { status: 'completed' as const, currentPlan: toCurrentPlan(row!) }
  })
}
