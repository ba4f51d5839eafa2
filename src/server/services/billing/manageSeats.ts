import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { CurrentPlan } from '../../../shared/domain'
import { checkSeatChange } from '../../../shared/rules'
import type { Executor } from '../../db/client'
import { memberships, subscriptions } from '../../db/schema'
import { ApiError, badRequest, planLimit } from '../../errors'
import { lockOrganization, noPlan } from '../access'
import { sessionActor } from '../audit'
import { subscriptionChanged } from '../billingWebhooks'
import { isUuid } from '../ids'
import { removeMemberships } from '../members/removal'
import { cents, isBuiltinPaid, renewDuePeriods, writeInvoice } from '../renewals'
import type { OrganizationSession } from '../sessions'
import { lockSubscription, toCurrentPlan, TRIAL_AVAILABLE_SEATS, variantByPriceId, type SubscriptionRow } from '../subscriptions'
import { removeUserPhotoFiles } from '../userPhotos'
import { callProvider } from './provider'
import { periodStartOf, requireAdminStill, subscriptionEnded } from './subscription'
import type { BillingDeps } from './types'

/*
 * PATCH /billing/manage-seats (admins): a new seat quantity, and when it goes below the users the
 * members picked to leave, removed as DELETE /members/delete removes one; the provider is told in
 * the same transaction, and added seats are invoiced prorated (docs/architecture.md, "Billing and plans").
 */

interface ManageSeatsInput {
  newSeatQuantity: number
  memberIdsToCancel: string[]
}

type Membership = typeof memberships.$inferSelect

export async function manageSeats(
  deps: Pick<BillingDeps, 'db' | 'clock' | 'provider' | 'uploadsDir'>,
  session: OrganizationSession,
  input: ManageSeatsInput
): Promise<{ currentPlan: CurrentPlan; usersCount: number }> {
  const { db, clock, provider, uploadsDir } = deps
  const organizationId = session.organization.id
  let deletedPhotos: string[] = []
  const answer = await db.transaction(async (tx) => {
    // The organization row first: the lock invitations take, so both serialize.
    await lockOrganization(tx, organizationId)
    await requireAdminStill(tx, session)
    await renewDuePeriods(tx, organizationId, clock.now())
    const subscription = await lockSubscription(tx, organizationId)
    if (!subscription) throw noPlan()
    const now = clock.now()
    if (subscriptionEnded(subscription, now)) throw planLimit(MESSAGES.subscriptionExpired)

    const people = await tx
      .select({ userId: memberships.userId, role: memberships.role, status: memberships.status })
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId))
    const users = people.length
    const picked = input.memberIdsToCancel
    const trial = requireSeatChange(session, subscription, people, input)

    deletedPhotos = await removeMemberships(tx, organizationId, picked, now, { type: 'user', userId: session.userId })
    const previousSeats = subscription.availableSeats
    const [updated] = await tx
      .update(subscriptions)
      .set({ availableSeats: input.newSeatQuantity, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id))
      .returning()
    const row = updated!
    await subscriptionChanged(tx, sessionActor(session), now, subscription, row)

    if (!trial && row.provider === provider.kind) {
      await callProvider(() => provider.updateSeats({ subscription: row, quantity: input.newSeatQuantity }))
    }
    await invoiceAddedSeats(tx, organizationId, row, input.newSeatQuantity - previousSeats, now)
    return { currentPlan: toCurrentPlan(row), usersCount: users - picked.length }
  })
  await removeUserPhotoFiles(uploadsDir, deletedPhotos)
  return answer
}

/**
 * The refusals, in order: below minSeats; above the trial's seats during the trial (402); picked
 * ids not of this organization ("not in your organization", never revealing another one); the
 * acting admin; a count other than users − seats; no ACTIVE ADMIN left. Whether it is the trial.
 */
function requireSeatChange(
  session: OrganizationSession,
  subscription: SubscriptionRow,
  people: readonly Pick<Membership, 'userId' | 'role' | 'status'>[],
  input: ManageSeatsInput
): boolean {
  const users = people.length
  const picked = input.memberIdsToCancel
  const field = (message: string) => badRequest(message, { memberIdsToCancel: message })

  const problem = checkSeatChange({ newSeatQuantity: input.newSeatQuantity, minSeats: subscription.minSeats, users, memberIdsToCancel: picked })
  if (problem?.kind === 'below-min') {
    throw badRequest(MESSAGES.seatsBelowMin(problem.minSeats), { newSeatQuantity: MESSAGES.seatsBelowMin(problem.minSeats) })
  }
  const trial = subscription.priceId === null
  const trialMax = Math.max(TRIAL_AVAILABLE_SEATS, subscription.availableSeats)
  if (trial && input.newSeatQuantity > trialMax) {
    throw new ApiError(402, 'plan_limit', MESSAGES.trialSeatsMax(trialMax), { newSeatQuantity: MESSAGES.trialSeatsMax(trialMax) })
  }
  const byId = new Map(people.map((p) => [p.userId, p]))
  if (!picked.every((id) => isUuid(id) && byId.has(id))) throw field(MESSAGES.seatsRemovalUnknown)
  if (picked.includes(session.userId)) throw field(MESSAGES.seatsCannotRemoveYourself)
  if (problem) {
    const required = Math.max(0, users - input.newSeatQuantity)
    throw field(MESSAGES.seatsRemovalCount(required))
  }
  const removing = new Set(picked)
  const adminsLeft = people.filter((p) => p.role === 'ADMIN' && p.status === 'ACTIVE' && !removing.has(p.userId)).length
  if (adminsLeft === 0) throw field(MESSAGES.seatsWouldRemoveLastAdmin)
  return trial
}

/**
 * Seat proration (built-in, paid plans): added seats are invoiced for the rest of the current
 * period, unit = round(price × remaining time / period length) in cents; removed seats are not credited.
 */
async function invoiceAddedSeats(tx: Executor, organizationId: string, row: SubscriptionRow, added: number, now: Date): Promise<void> {
  const bought = variantByPriceId(row.priceId)
  if (isBuiltinPaid(row) && added > 0 && bought?.variant.price != null && row.currentPeriodEnd && row.currentPeriodEnd.getTime() > now.getTime()) {
    const { plan, variant } = bought
    const start = await periodStartOf(tx, row, variant.name)
    const length = Math.max(1, row.currentPeriodEnd.getTime() - start.getTime())
    const remaining = Math.min(length, row.currentPeriodEnd.getTime() - now.getTime())
    const days = Math.ceil(remaining / 86_400_000)
    await writeInvoice(tx, {
      organizationId,
      description: `${plan.name} — ${variant.name}, ${added} added ${added === 1 ? 'seat' : 'seats'}, prorated for ${days} ${days === 1 ? 'day' : 'days'}`,
      quantity: added,
      unitAmountCents: Math.round((cents(variant.price!) * remaining) / length),
      periodStart: now,
      periodEnd: row.currentPeriodEnd,
      createdAt: now
    })
  }
}
