import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { PLANS } from '../../shared/constants'
import type { PlanStatus } from '../../shared/domain/enums'
import type { ProviderSubscriptionState } from '../adapters/billing/billing'
import { loadStripe, stripeResponseTime, subscriptionStateFromStripe } from '../adapters/billing/stripe'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { billingEvents, invoices, organizations, subscriptions } from '../db/schema'
import { ApiError } from '../errors'
import { lockOrganization } from './access'
import { record, type AuditActor } from './audit'
import { isUuid } from './ids'
import { endPasswordSessionsWhenSsoRequiredAgain } from './ssoRequired'

/**
 * Stripe webhooks (issue 4): Stripe tells Pagecrew what happened to a subscription or invoice, and
 * this service writes it to the organization's subscription row and invoice list.
 *
 * - Idempotent: the event id goes into billing_events in the same transaction as its effect; an
 *   id seen before changes nothing (Stripe delivers at least once and replays on request).
 * - Ordered by Stripe's clock: a subscription state older than the row's providerUpdatedAt is
 *   ignored (Stripe does not promise delivery order). Two lifecycle rules cover events of the same
 *   second: 'incomplete' is only ever a subscription's first status, and canceled /
 *   incomplete_expired are final, so neither can be overwritten by a late event of the same
 *   subscription. A late event of an older, ended subscription never replaces a newer one.
 * - Events that name no organization Pagecrew knows are recorded, logged and otherwise ignored;
 *   so are event types Pagecrew does not use.
 */

type ApplyOutcome = 'applied' | 'stale' | 'no_subscription'

interface WebhookResult {
  duplicate: boolean
  organizationId: string | null
  outcome: ApplyOutcome | 'recorded' | 'unknown_organization' | 'ignored'
}

const ENDED_STATUSES: ReadonlySet<PlanStatus> = new Set<PlanStatus>(['canceled', 'incomplete_expired'])

const planForPrice = (priceId: string | null) => (priceId ? (PLANS.find((p) => p.variants.some((v) => v.priceId === priceId)) ?? null) : null)

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * What every change of an organization's subscription row does in the change's transaction (the
 * caller holds the organization lock):
 *
 * - when the plan includes single sign-on again and the organization requires it, the password
 *   sessions of its domains end (ssoRequired.ts): Required holds from that moment, so a password
 *   session opened while the plan had lapsed does not outlive the renewal. `keepSession` is the
 *   session of the admin making the change, if one does (as switching Required on keeps it);
 * - its audit entry (issue 17): a new plan ('billing.plan_changed'), else new seats
 *   ('billing.seats_changed'), else another change of its status or cancellation
 *   ('billing.subscription_changed'), with how many password sessions ended when any did; nothing
 *   when none of those changed (a renewal moving the period end, a provider's bookkeeping).
 */
export async function subscriptionChanged(
  tx: Executor,
  actor: AuditActor,
  at: Date,
  was: SubscriptionRow,
  now: SubscriptionRow,
  keepSession: string | null = null
): Promise<void> {
  const passwordSessionsEnded = await endPasswordSessionsWhenSsoRequiredAgain(tx, was, now, at, keepSession)
  const fields = (r: SubscriptionRow) => ({
    plan: PLANS.find((p) => p.id === r.productId)?.name ?? null,
    priceId: r.priceId,
    availableSeats: r.availableSeats,
    status: r.status,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd
  })
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  const a = fields(was)
  const b = fields(now)
  for (const key of Object.keys(b) as (keyof typeof b)[]) {
    if (a[key] === b[key]) continue
    before[key] = a[key]
    after[key] = b[key]
  }
  if (passwordSessionsEnded > 0) after.passwordSessionsEnded = passwordSessionsEnded
  if (Object.keys(after).length === 0) return
  const action = 'priceId' in after ? 'billing.plan_changed' : 'availableSeats' in after ? 'billing.seats_changed' : 'billing.subscription_changed'
  await record(tx, {
    organizationId: now.organizationId,
    at,
    actor,
    action,
    target: { type: 'subscription', id: now.id, label: b.plan ?? 'Trial' },
    before,
    after
  })
}

/**
 * Writes a provider's subscription state to the organization's subscription row. The caller holds
 * the organization lock (lockOrganization) inside a transaction; the row is re-read here. The
 * audit log names `actor` (the system for webhooks; the admin whose checkout the provider applied,
 * whose session is `keepSession`).
 */
export async function applySubscriptionState(
  tx: Executor,
  state: ProviderSubscriptionState,
  now: Date,
  log: (message: string) => void = () => undefined,
  actor: AuditActor = 'system',
  keepSession: string | null = null
): Promise<ApplyOutcome> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.organizationId, state.organizationId)).limit(1).for('update')
  if (!row) {
    log(`Stripe subscription ${state.subscriptionId ?? '?'}: organization ${state.organizationId} has no subscription row`)
    return 'no_subscription'
  }
  if (row.providerUpdatedAt && state.observedAt.getTime() < row.providerUpdatedAt.getTime()) return 'stale'
  const sameSubscription = row.provider === 'stripe' && row.providerSubscriptionId !== null && row.providerSubscriptionId === state.subscriptionId
  if (sameSubscription && ENDED_STATUSES.has(row.status) && state.status !== row.status) return 'stale'
  if (sameSubscription && state.status === 'incomplete' && row.status !== 'incomplete') return 'stale'
  const otherSubscription = row.providerSubscriptionId !== null && state.subscriptionId !== null && row.providerSubscriptionId !== state.subscriptionId
  if (otherSubscription && ENDED_STATUSES.has(state.status) && !ENDED_STATUSES.has(row.status)) {
    log(`Stripe subscription ${state.subscriptionId} ended; organization ${state.organizationId} keeps ${row.providerSubscriptionId}`)
    return 'stale'
  }

  const plan = planForPrice(state.priceId)
  if (!plan) log(`Stripe subscription ${state.subscriptionId ?? '?'}: price lookup_key ${state.priceId ?? '(none)'} is no Pagecrew plan; the plan stays ${row.productId ?? 'unset'}`)
  const observed = row.providerUpdatedAt && row.providerUpdatedAt > state.observedAt ? row.providerUpdatedAt : state.observedAt
  const [updated] = await tx
    .update(subscriptions)
    .set({
      productId: plan ? plan.id : row.productId,
      priceId: plan ? state.priceId : row.priceId,
      minSeats: plan ? plan.seats : row.minSeats,
      status: state.status,
      availableSeats: Math.max(0, state.quantity),
      currentPeriodEnd: state.currentPeriodEnd,
      trialEndsAt: state.trialEndsAt ?? row.trialEndsAt,
      endsAt: state.endsAt,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      provider: 'stripe',
      providerCustomerId: state.customerId ?? row.providerCustomerId,
      providerSubscriptionId: state.subscriptionId ?? row.providerSubscriptionId,
      providerUpdatedAt: observed,
      updatedAt: now
    })
    .where(eq(subscriptions.id, row.id))
    .returning()
  await subscriptionChanged(tx, actor, now, row, updated!, keepSession)
  return 'applied'
}

/** applySubscriptionState in its own transaction with the organization locked (e.g. a checkout's 'applied' state). */
export async function lockAndApplySubscriptionState(
  db: Database,
  state: ProviderSubscriptionState,
  now: Date,
  log?: (message: string) => void
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, state.organizationId)
    return applySubscriptionState(tx, state, now, log)
  })
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value) return value
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id
  return null
}
const fromUnix = (seconds: unknown): Date | null => (typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null)
const wholeNonNegative = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0)

type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'organizationId'>
type InvoiceStatus = 'paid' | 'open' | 'void'
/** paid and void are final at Stripe: a late 'open' snapshot never overwrites them. */
const FINAL_INVOICE_STATUSES: ReadonlySet<InvoiceStatus> = new Set<InvoiceStatus>(['paid', 'void'])

/**
 * A Stripe invoice as an invoices row. Description, quantity and unit amount come from the first
 * line (Pagecrew sells one item); the amount is what was paid (paid) or is due (otherwise).
 * 'uncollectible' stays 'open': it is unpaid and Stripe still accepts payment for it.
 */
export function invoiceValuesFromStripe(invoice: Stripe.Invoice, now: Date): InvoiceValues {
  const line = invoice.lines?.data?.[0] as (Stripe.InvoiceLineItem & { price?: { unit_amount?: number | null } | null }) | undefined
  const quantity = line?.quantity ?? 1
  const decimal = Number(String(line?.pricing?.unit_amount_decimal ?? line?.price?.unit_amount ?? NaN))
  const unit = Number.isFinite(decimal) ? decimal : quantity > 0 && line ? line.amount / quantity : (line?.amount ?? invoice.amount_due)
  const status: InvoiceStatus = invoice.status === 'paid' ? 'paid' : invoice.status === 'void' ? 'void' : 'open'
  return {
    number: invoice.number ?? invoice.id,
    description: line?.description ?? invoice.description ?? `Invoice ${invoice.number ?? invoice.id}`,
    quantity: wholeNonNegative(quantity),
    unitAmountCents: wholeNonNegative(unit),
    amountCents: Math.round((status === 'paid' ? invoice.amount_paid : invoice.amount_due) ?? 0),
    status,
    periodStart: fromUnix(line?.period?.start ?? invoice.period_start),
    periodEnd: fromUnix(line?.period?.end ?? invoice.period_end),
    url: invoice.hosted_invoice_url ?? null,
    providerInvoiceId: invoice.id,
    createdAt: fromUnix(invoice.created) ?? now
  }
}

type Effect =
  | { kind: 'subscription'; state: ProviderSubscriptionState }
  | { kind: 'invoice'; values: InvoiceValues }
  | { kind: 'none'; outcome: WebhookResult['outcome'] }

interface Prepared {
  organizationId: string | null
  effect: Effect
}

interface StripeWebhookService {
  /** Applies one verified Stripe event (at most once per event id). Throws only for database or Stripe outages (Stripe retries). */
  handle(event: Stripe.Event): Promise<WebhookResult>
}

export function createStripeWebhookService(deps: {
  db: Database
  clock: Clock
  /** The Stripe client, made on first use (stripe-node is not loaded at start). */
  stripe: () => Promise<Stripe>
  log?: (message: string) => void
}): StripeWebhookService {
  const { db, clock, stripe } = deps
  const log = deps.log ?? (() => undefined)

  /** The organization an event is about: metadata first, then the subscription or customer ids Pagecrew has stored. */
  async function organizationFor(hints: { organizationId?: string | null; subscriptionId?: string | null; customerId?: string | null }): Promise<string | null> {
    if (hints.organizationId && isUuid(hints.organizationId)) {
      const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, hints.organizationId)).limit(1)
      if (org) return org.id
    }
    if (hints.subscriptionId) {
      const [row] = await db
        .select({ organizationId: subscriptions.organizationId })
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, hints.subscriptionId))
        .limit(1)
      if (row) return row.organizationId
    }
    if (hints.customerId) {
      const [row] = await db
        .select({ organizationId: subscriptions.organizationId })
        .from(subscriptions)
        .where(eq(subscriptions.providerCustomerId, hints.customerId))
        .limit(1)
      if (row) return row.organizationId
    }
    return null
  }

  async function subscriptionEffect(subscription: Stripe.Subscription, event: Stripe.Event): Promise<Prepared> {
    const state = subscriptionStateFromStripe(subscription, new Date(event.created * 1000))
    if (event.type === 'customer.subscription.deleted') {
      state.status = 'canceled'
      state.endsAt = fromUnix(subscription.ended_at) ?? state.observedAt
    }
    const organizationId = await organizationFor({ organizationId: state.organizationId, subscriptionId: state.subscriptionId, customerId: state.customerId })
    if (!organizationId) return { organizationId, effect: { kind: 'none', outcome: 'unknown_organization' } }
    return { organizationId, effect: { kind: 'subscription', state: { ...state, organizationId } } }
  }

  async function checkoutEffect(session: Stripe.Checkout.Session): Promise<Prepared> {
    const hint = session.client_reference_id ?? session.metadata?.organizationId ?? null
    const subscriptionId = idOf(session.subscription)
    const customerId = idOf(session.customer)
    const organizationId = await organizationFor({ organizationId: hint, subscriptionId, customerId })
    if (!organizationId) return { organizationId, effect: { kind: 'none', outcome: 'unknown_organization' } }
    if (session.mode !== 'subscription' || !subscriptionId) {
      log(`Stripe checkout session ${session.id} has no subscription (mode ${session.mode}); nothing to apply`)
      return { organizationId, effect: { kind: 'none', outcome: 'ignored' } }
    }
    let subscription: Stripe.Response<Stripe.Subscription>
    try {
      subscription = await (await stripe()).subscriptions.retrieve(subscriptionId)
    } catch (err) {
      // A subscription Stripe does not know will not appear on a retry either; outages are retried.
      if (err instanceof (await loadStripe()).errors.StripeInvalidRequestError) {
        log(`Stripe checkout session ${session.id}: subscription ${subscriptionId} could not be read (${err.message})`)
        return { organizationId, effect: { kind: 'none', outcome: 'ignored' } }
      }
      throw err
    }
    // The subscription as it is now, on Stripe's clock.
    const state = subscriptionStateFromStripe(subscription, stripeResponseTime(subscription))
    return { organizationId, effect: { kind: 'subscription', state: { ...state, organizationId, customerId: state.customerId ?? customerId } } }
  }

  async function invoiceEffect(invoice: Stripe.Invoice): Promise<Prepared> {
    const details = invoice.parent?.subscription_details
    const legacySubscription = (invoice as Stripe.Invoice & { subscription?: unknown }).subscription
    const organizationId = await organizationFor({
      organizationId: details?.metadata?.organizationId ?? invoice.metadata?.organizationId ?? null,
      subscriptionId: idOf(details?.subscription) ?? idOf(legacySubscription),
      customerId: idOf(invoice.customer)
    })
    if (!organizationId) return { organizationId, effect: { kind: 'none', outcome: 'unknown_organization' } }
    return { organizationId, effect: { kind: 'invoice', values: invoiceValuesFromStripe(invoice, clock.now()) } }
  }

  async function prepare(event: Stripe.Event): Promise<Prepared> {
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutEffect(event.data.object)
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionEffect(event.data.object, event)
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.finalized':
        return invoiceEffect(event.data.object)
      default:
        return { organizationId: null, effect: { kind: 'none', outcome: 'recorded' } }
    }
  }

  async function upsertInvoice(tx: Executor, organizationId: string, values: InvoiceValues): Promise<ApplyOutcome> {
    const [existing] = await tx
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, values.providerInvoiceId!))
      .limit(1)
      .for('update')
    if (existing && FINAL_INVOICE_STATUSES.has(existing.status) && !FINAL_INVOICE_STATUSES.has(values.status)) return 'stale'
    const { createdAt: _createdAt, providerInvoiceId: _providerInvoiceId, ...changes } = values
    await tx
      .insert(invoices)
      .values({ id: randomUUID(), organizationId, ...values })
      .onConflictDoUpdate({ target: invoices.providerInvoiceId, set: changes })
    return 'applied'
  }

  return {
    async handle(event) {
      // A replay needs no Stripe call: answer it before preparing (the insert below still decides).
      const [seen] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id)).limit(1)
      if (seen) return { duplicate: true, organizationId: null, outcome: 'recorded' }

      const prepared = await prepare(event)
      const now = clock.now()
      const result = await db.transaction(async (tx): Promise<WebhookResult> => {
        const inserted = await tx
          .insert(billingEvents)
          .values({ id: event.id, provider: 'stripe', type: event.type, organizationId: prepared.organizationId, receivedAt: now })
          .onConflictDoNothing()
          .returning({ id: billingEvents.id })
        if (inserted.length === 0) return { duplicate: true, organizationId: prepared.organizationId, outcome: 'recorded' }
        const { effect, organizationId } = prepared
        if (effect.kind === 'none' || !organizationId) {
          return { duplicate: false, organizationId, outcome: effect.kind === 'none' ? effect.outcome : 'ignored' }
        }
        try {
          await lockOrganization(tx, organizationId)
        } catch (err) {
          if (err instanceof ApiError && err.statusCode === 404) return { duplicate: false, organizationId, outcome: 'unknown_organization' }
          throw err
        }
        const outcome = effect.kind === 'subscription' ? await applySubscriptionState(tx, effect.state, now, log) : await upsertInvoice(tx, organizationId, effect.values)
        return { duplicate: false, organizationId, outcome }
      })
      if (result.outcome === 'unknown_organization') log(`Stripe event ${event.id} (${event.type}) names no Pagecrew organization; ignored`)
      else if (result.outcome === 'stale') log(`Stripe event ${event.id} (${event.type}) is older than what organization ${result.organizationId} has; ignored`)
      return result
    }
  }
}
