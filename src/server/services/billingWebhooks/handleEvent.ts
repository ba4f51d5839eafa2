import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Executor } from '../../db/client'
import { billingEvents, invoices } from '../../db/schema'
import { ApiError } from '../../errors'
import { lockOrganization } from '../access'
import { prepare } from './prepare'
import { FINAL_INVOICE_STATUSES } from './stripeValues'
import { applySubscriptionState } from './subscriptionState'
import type { ApplyOutcome, InvoiceValues, StripeWebhookContext, WebhookResult } from './types'

/* POST /billing/webhooks/stripe: one verified event, at most once per event id (docs/architecture.md, "Billing and plans"). */

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

export async function handleEvent(ctx: StripeWebhookContext, event: Stripe.Event): Promise<WebhookResult> {
  const { db, clock, log } = ctx
  // A replay needs no Stripe call: answer it before preparing (the insert below still decides).
  const [seen] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id)).limit(1)
  if (seen) return { duplicate: true, organizationId: null, outcome: 'recorded' }

  const prepared = await prepare(ctx, event)
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
