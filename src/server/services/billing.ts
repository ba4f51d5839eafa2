import { addMonths, addYears } from 'date-fns'
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { MESSAGES } from '../../shared/api/messages'
import type { BillingOverview, BillingPlans, CheckoutResult, CurrentPlan, Invoice, PlanDto } from '../../shared/domain'
import { PLANS, type PlanDefinition, type PlanVariant } from '../../shared/constants'
import { checkSeatChange, defaultCheckoutSeats, isSubscriptionExpired } from '../../shared/rules'
import { organizationOfPortalToken } from '../adapters/billing/builtin'
import type { BillingProvider } from '../adapters/billing/billing'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { invoices, memberships, organizations, subscriptions } from '../db/schema'
import { ApiError, badRequest, conflict, forbidden, planLimit } from '../errors'
import type { OrganizationSession } from './sessions'
import { lockOrganization, noPlan, requireAdmin } from './access'
import { isUuid } from './ids'
import { sessionActor } from './audit'
import { applySubscriptionState, subscriptionChanged } from './billingWebhooks'
import { cents, isBuiltinPaid, nextPeriodEnd, renewDuePeriods, seatsWord, units, UTC, writeInvoice } from './renewals'
import { removeMemberships } from './members'
import { removeUserPhotoFiles } from './userPhotos'
import {
  findSubscription,
  lockSubscription,
  toCurrentPlan,
  TRIAL_AVAILABLE_SEATS,
  variantByPriceId,
  type SubscriptionRow
} from './subscriptions'
import { linkTo, type LinkQuery } from '../../shared/routes'

/*
 * Billing (issue 4). Interpretation decisions (docs/architecture.md, "Billing and plans"):
 *
 * - Providers. Built-in billing (the default) keeps subscriptions, seats and invoices in the
 *   database; Stripe (config.stripe) talks to Stripe and its webhooks keep the row in step. This
 *   service owns the subscription row and every transaction; a provider only talks to the outside
 *   (adapters/billing/billing.ts).
 * - Seats. Every membership takes a seat, ACTIVE or INVITED: the same count invitations use.
 * - Checkout (admins: ADMIN and GHOST). The seat quantity defaults to max(plan seats, users) and
 *   may be neither below the plan's seats (minSeats becomes the plan's seats) nor below the users.
 *   Buying the plan the organization already pays (same priceId, active, not ended) is refused
 *   (409): Manage seats changes the quantity. With built-in billing a checkout completes at once:
 *   status active, a new period of one month or one year from now (date-fns in UTC), endsAt and
 *   cancel-at-period-end cleared, the trial end kept as history, and a paid invoice for
 *   seats × price. Changing from one paid plan to another replaces the plan and starts a new
 *   period with a full invoice: no proration credit for the unused part of the old period.
 *   The Enterprise plan (no price in the plan table) is arranged with sales: 400 with the
 *   contact message (the plan table carries contactSalesUrl).
 * - Manage seats (admins). One transaction, organization row locked first (the lock invitations
 *   take, so seat changes and invitations serialize), subscription and memberships re-read inside
 *   it. The quantity may not go below minSeats; when it goes below the users, exactly
 *   (users − seats) members must be picked; they must be members of this organization (any other
 *   id is "not in your organization", never revealing other organizations), never the acting
 *   admin, and at least one ACTIVE ADMIN must remain. The picked members are removed exactly as
 *   DELETE /members/delete removes one (members.removeMemberships) and lose access at once. An
 *   ended subscription cannot change seats (402: choose a plan). During the free trial seats can
 *   be lowered freely but not raised above the trial's 5 (402: choose a plan). The provider is
 *   told inside the transaction; when it fails everything rolls back (502).
 * - Seat proration (built-in, paid plans). Added seats are invoiced for the rest of the current
 *   period: unit = round(price × remaining time / period length) in cents, quantity = seats added.
 *   Removed seats are not credited; the lower quantity applies from the next renewal on.
 * - Renewal (built-in). Nothing runs in the background: when an active subscription's period end
 *   has passed and it was not cancelled, the next read of the plan, the overview, the entitlements
 *   or the portal rolls the period forward (one month or one year at a time, from the previous end,
 *   until it lies in the future) and writes one paid renewal invoice per period, dated at the
 *   period's start, with the organization and subscription locked (idempotent: a second reader
 *   finds nothing due). Month steps follow date-fns (Jan 31 → Feb 28 → Mar 28).
 * - Cancellation (built-in portal). Cancel sets cancel-at-period-end and endsAt = the period end;
 *   resume clears both while the period lasts. Once endsAt has passed the organization reads as
 *   expired (spec §4) and the status becomes canceled.
 * - Invoice numbers are PC-<year>-<6 digits>, a sequence per organization and year (the
 *   organization lock serializes the writers). Amounts are stored in cents and answered in whole
 *   units with cents as decimals; the currency is not shown (spec §9).
 */

/** Trials and a missing row have no price; 'expired' rows and an endsAt in the past have ended. */
export function subscriptionEnded(row: SubscriptionRow | null, now: Date): boolean {
  if (!row) return true
  if (row.status === 'expired' || row.status === 'incomplete_expired') return true
  return isSubscriptionExpired(toCurrentPlan(row), now)
}

async function usersCount(executor: Executor, organizationId: string): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId))
  return Number(row?.n ?? 0)
}

async function invoiceViews(executor: Executor, organizationId: string): Promise<Invoice[]> {
  const rows = await executor
    .select()
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    createdAt: r.createdAt.toISOString(),
    description: r.description,
    quantity: r.quantity,
    unitAmount: units(r.unitAmountCents),
    amount: units(r.amountCents),
    status: r.status,
    periodStart: r.periodStart?.toISOString() ?? null,
    periodEnd: r.periodEnd?.toISOString() ?? null,
    url: r.url
  }))
}

const toPlanDto = (plan: PlanDefinition, activePlan: boolean): PlanDto => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  seats: plan.seats,
  AIPrompts: plan.AIPrompts,
  assignedSlots: plan.assignedSlots,
  teamLeaderboard: plan.teamLeaderboard,
  activePlan,
  academy: plan.academy,
  sso: plan.sso,
  reviewFlow: plan.reviewFlow,
  teamsIncluded: plan.teamsIncluded,
  variants: plan.variants.map((v) => ({ priceId: v.priceId, price: v.price, name: v.name }))
})

/** What the built-in portal page shows (rendered by routes/billing.ts). */
export interface PortalView {
  organizationName: string
  productName: string | null
  status: CurrentPlan['status']
  expired: boolean
  usersCount: number
  availableSeats: number
  trialEndsAt: Date | null
  currentPeriodEnd: Date | null
  endsAt: Date | null
  cancelAtPeriodEnd: boolean
  canCancel: boolean
  canResume: boolean
  invoices: Invoice[]
}

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

export function createBillingService(deps: {
  db: Database
  clock: Clock
  provider: BillingProvider
  contactSalesUrl: string
  /** <dataDir>/uploads: the photos of users deleted with the seats taken away go from there. */
  uploadsDir: string
  log?: (message: string) => void
}): BillingService {
  const { db, clock, provider, contactSalesUrl, uploadsDir } = deps
  const log = deps.log ?? (() => undefined)

  const returnUrl = (baseUrl: string, query?: LinkQuery) => `${baseUrl}${linkTo('billingSettings', query)}`

  /** The acting admin, re-read inside the lock (a concurrent change may have removed them). */
  async function requireAdminStill(tx: Executor, session: OrganizationSession): Promise<void> {
    const [me] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(
        and(eq(memberships.organizationId, session.organization.id), eq(memberships.userId, session.userId), eq(memberships.status, 'ACTIVE'))
      )
      .limit(1)
    if (!me || me.role === 'MEMBER') throw forbidden(MESSAGES.onlyAdmins)
  }

  /** Calls the provider; its failure is a 502 that rolls the surrounding transaction back. */
  async function callProvider<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      if (err instanceof ApiError) throw err
      throw new ApiError(502, 'bad_gateway', MESSAGES.billingProviderFailed)
    }
  }

  /** Start of the current period: the earliest period invoice ending at the period end, else one interval back. */
  async function periodStartOf(tx: Executor, row: SubscriptionRow, interval: PlanVariant['name']): Promise<Date> {
    const end = row.currentPeriodEnd!
    const [first] = await tx
      .select({ start: invoices.periodStart })
      .from(invoices)
      .where(and(eq(invoices.organizationId, row.organizationId), eq(invoices.periodEnd, end), sql`${invoices.periodStart} is not null`))
      .orderBy(asc(invoices.periodStart))
      .limit(1)
    if (first?.start) return first.start
    return new Date(interval === 'yearly' ? addYears(end, -1, { in: UTC }).getTime() : addMonths(end, -1, { in: UTC }).getTime())
  }

  async function portalOrganization(token: unknown): Promise<string | null> {
    return organizationOfPortalToken(db, token, clock.now())
  }

  const service: BillingService = {
    providerKind: provider.kind,

    async plans(session) {
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
    },

    async overview(organizationId) {
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
    },

    async checkout(session, input, baseUrl) {
      requireAdmin(session)
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
    },

    async manageSeats(session, input) {
      requireAdmin(session)
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
        const added = input.newSeatQuantity - previousSeats
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
        return { currentPlan: toCurrentPlan(row), usersCount: users - picked.length }
      })
      await removeUserPhotoFiles(uploadsDir, deletedPhotos)
      return answer
    },

    async customerPortalUrl(session, baseUrl) {
      requireAdmin(session)
      const organizationId = session.organization.id
      const row = await findSubscription(db, organizationId)
      if (!row) throw noPlan()
      const url = await callProvider(() => provider.portalUrl({ subscription: row, organizationId, returnUrl: returnUrl(baseUrl) }))
      return { url }
    },

    async portal(token) {
      const organizationId = await portalOrganization(token)
      if (!organizationId) return null
      const now = clock.now()
      const row = await renewDuePeriods(db, organizationId, now)
      const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1)
      const plan = toCurrentPlan(row)
      const ended = subscriptionEnded(row, now)
      const builtinPaid = row !== null && isBuiltinPaid(row)
      return {
        organizationName: org?.name ?? '',
        productName: plan.productName,
        status: plan.status,
        expired: ended,
        usersCount: await usersCount(db, organizationId),
        availableSeats: plan.availableSeats,
        trialEndsAt: row?.trialEndsAt ?? null,
        currentPeriodEnd: row?.currentPeriodEnd ?? null,
        endsAt: row?.endsAt ?? null,
        cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
        canCancel: builtinPaid && !ended && row!.status === 'active' && !row!.cancelAtPeriodEnd,
        canResume: builtinPaid && !ended && row!.cancelAtPeriodEnd,
        invoices: await invoiceViews(db, organizationId)
      }
    },

    async portalCancel(token) {
      return setCancelAtPeriodEnd(token, true)
    },

    async portalResume(token) {
      return setCancelAtPeriodEnd(token, false)
    }
  }

  async function setCancelAtPeriodEnd(token: unknown, cancel: boolean): Promise<boolean> {
    const organizationId = await portalOrganization(token)
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

  return service
}
