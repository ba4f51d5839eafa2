import type Stripe from 'stripe'
import type { InvoiceStatus, InvoiceValues } from './types'

/* Stripe's objects read as Pagecrew's values (docs/architecture.md, "Billing and plans"). */

export const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value) return value
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id
  return null
}
export const fromUnix = (seconds: unknown): Date | null => (typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null)
const wholeNonNegative = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0)

/** paid and void are final at Stripe: a late 'open' snapshot never overwrites them. */
export const FINAL_INVOICE_STATUSES: ReadonlySet<InvoiceStatus> = new Set<InvoiceStatus>(['paid', 'void'])

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
