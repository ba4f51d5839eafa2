import { addMonths, addYears } from 'date-fns'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PlanVariant } from '../../../shared/constants'
import { isSubscriptionExpired } from '../../../shared/rules'
import type { Executor } from '../../db/client'
import { invoices, memberships } from '../../db/schema'
import { forbidden } from '../../errors'
import { UTC } from '../renewals'
import type { OrganizationSession } from '../sessions'
import { toCurrentPlan, type SubscriptionRow } from '../subscriptions'

/* What the plan changes read about the subscription, its users and the acting admin (docs/architecture.md, "Billing and plans"). */

/** Trials and a missing row have no price; 'expired' rows and an endsAt in the past have ended. */
export function subscriptionEnded(row: SubscriptionRow | null, now: Date): boolean {
  if (!row) return true
  if (row.status === 'expired' || row.status === 'incomplete_expired') return true
  return isSubscriptionExpired(toCurrentPlan(row), now)
}

/** Every membership takes a seat, ACTIVE or INVITED: the same count invitations use. */
export async function usersCount(executor: Executor, organizationId: string): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId))
  return Number(row?.n ?? 0)
}

/** The acting admin, re-read inside the lock (a concurrent change may have removed them). */
export async function requireAdminStill(tx: Executor, session: OrganizationSession): Promise<void> {
  const [me] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, session.organization.id), eq(memberships.userId, session.userId), eq(memberships.status, 'ACTIVE'))
    )
    .limit(1)
  if (!me || me.role === 'MEMBER') throw forbidden(MESSAGES.onlyAdmins)
}

/** Start of the current period: the earliest period invoice ending at the period end, else one interval back. */
export async function periodStartOf(tx: Executor, row: SubscriptionRow, interval: PlanVariant['name']): Promise<Date> {
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
