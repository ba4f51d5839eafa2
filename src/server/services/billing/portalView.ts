import { eq } from 'drizzle-orm'
import { organizations } from '../../db/schema'
import { isBuiltinPaid, renewDuePeriods } from '../renewals'
import { toCurrentPlan } from '../subscriptions'
import { portalOrganization } from './provider'
import { subscriptionEnded, usersCount } from './subscription'
import type { BillingDeps, PortalView } from './types'
import { invoiceViews } from './views'

/* GET /billing/portal?token=…: the built-in portal page's plan, seats and invoices (docs/architecture.md, "Billing and plans"). */

export async function portalView(deps: Pick<BillingDeps, 'db' | 'clock'>, token: unknown): Promise<PortalView | null> {
  const { db, clock } = deps
  const organizationId = await portalOrganization(db, clock, token)
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
}
