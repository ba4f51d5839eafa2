import { randomUUID } from 'node:crypto'
import { tz } from '@date-fns/tz'
import { addMonths, addYears } from 'date-fns'
import { and, eq, like, max } from 'drizzle-orm'
import type { PlanVariant } from '../../shared/constants'
import type { Database, Executor } from '../db/client'
import { invoices, subscriptions } from '../db/schema'
import { lockOrganization } from './access'
import { subscriptionChanged } from './billingWebhooks'
import { findSubscription, lockSubscription, variantByPriceId, type SubscriptionRow } from './subscriptions'

/*
 * Built-in billing's periods and invoices (decisions: docs/architecture.md, "Billing and plans",
 * "Invoices and periods"): the renewal every read of the plan, overview, entitlements or portal
 * runs first, so it sits below both billing (services/billing/) and the entitlements.
 */

export const UTC = tz('UTC')

export function nextPeriodEnd(from: Date, interval: PlanVariant['name']): Date {
  const end = interval === 'yearly' ? addYears(from, 1, { in: UTC }) : addMonths(from, 1, { in: UTC })
  return new Date(end.getTime())
}

export const cents = (price: number) => Math.round(price * 100)
export const units = (amountCents: number) => amountCents / 100
export const seatsWord = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`
const MAX_RENEWALS_PER_READ = 1200

export const isBuiltinPaid = (row: SubscriptionRow) => row.provider === 'builtin' && row.priceId !== null

function renewalDue(row: SubscriptionRow, now: Date): boolean {
  if (!isBuiltinPaid(row) || !row.currentPeriodEnd || row.currentPeriodEnd.getTime() > now.getTime()) return false
  if (row.cancelAtPeriodEnd) return row.status !== 'canceled'
  return row.status === 'active' && variantByPriceId(row.priceId)?.variant.price != null
}

/** Writes a paid invoice numbered PC-<year>-<sequence of the organization in that year>. The caller holds the organization lock. */
export async function writeInvoice(
  tx: Executor,
  input: { organizationId: string; description: string; quantity: number; unitAmountCents: number; periodStart: Date | null; periodEnd: Date | null; createdAt: Date }
): Promise<void> {
  const prefix = `PC-${input.createdAt.getUTCFullYear()}-`
  const [last] = await tx
    .select({ number: max(invoices.number) })
    .from(invoices)
    .where(and(eq(invoices.organizationId, input.organizationId), like(invoices.number, `${prefix}%`)))
  const sequence = last?.number ? Number(last.number.slice(prefix.length)) + 1 : 1
  await tx.insert(invoices).values({
    id: randomUUID(),
    organizationId: input.organizationId,
    number: `${prefix}${String(sequence).padStart(6, '0')}`,
    description: input.description,
    quantity: input.quantity,
    unitAmountCents: input.unitAmountCents,
    amountCents: input.quantity * input.unitAmountCents,
    status: 'paid',
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    url: null,
    providerInvoiceId: null,
    createdAt: input.createdAt
  })
}

/**
 * Lazy renewal of built-in subscriptions (see the decisions above). Cheap when nothing is due
 * (one read); inside a transaction it runs in a savepoint of it. Returns the subscription as it
 * stands afterwards.
 */
export async function renewDuePeriods(executor: Executor, organizationId: string, now: Date): Promise<SubscriptionRow | null> {
  const row = await findSubscription(executor, organizationId)
  if (!row || !renewalDue(row, now)) return row
  await (executor as Database).transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const locked = await lockSubscription(tx, organizationId)
    if (!locked || !renewalDue(locked, now)) return
    if (locked.cancelAtPeriodEnd) {
      // Cancelled: it ends with its period; endsAt (= the period end) has passed, so it reads expired.
      const [ended] = await tx
        .update(subscriptions)
        .set({ status: 'canceled', endsAt: locked.endsAt ?? locked.currentPeriodEnd, updatedAt: now })
        .where(eq(subscriptions.id, locked.id))
        .returning()
      await subscriptionChanged(tx, 'system', now, locked, ended!)
      return
    }
    const { plan, variant } = variantByPriceId(locked.priceId)!
    let start = locked.currentPeriodEnd!
    for (let i = 0; i < MAX_RENEWALS_PER_READ && start.getTime() <= now.getTime(); i++) {
      const end = nextPeriodEnd(start, variant.name)
      await writeInvoice(tx, {
        organizationId,
        description: `${plan.name} — ${variant.name} renewal, ${seatsWord(locked.availableSeats)}`,
        quantity: locked.availableSeats,
        unitAmountCents: cents(variant.price!),
        periodStart: start,
        periodEnd: end,
        createdAt: start
      })
      start = end
    }
    await tx.update(subscriptions).set({ currentPeriodEnd: start, updatedAt: now }).where(eq(subscriptions.id, locked.id))
  })
  return findSubscription(executor, organizationId)
}

