import { desc, eq } from 'drizzle-orm'
import type { Invoice, PlanDto } from '../../../shared/domain'
import type { PlanDefinition } from '../../../shared/constants'
import type { Executor } from '../../db/client'
import { invoices } from '../../db/schema'
import { units } from '../renewals'

/* Plans and invoices as the API answers them: amounts in whole units with cents as decimals (docs/architecture.md, "Billing and plans"). */

export async function invoiceViews(executor: Executor, organizationId: string): Promise<Invoice[]> {
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

export const toPlanDto = (plan: PlanDefinition, activePlan: boolean): PlanDto => ({
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
