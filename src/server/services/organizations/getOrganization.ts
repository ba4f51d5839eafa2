import { count, eq } from 'drizzle-orm'
import type { Organization } from '../../../shared/domain'
import { memberships, organizations } from '../../db/schema'
import { notFound } from '../../errors'
import { findSubscription, toCurrentPlan } from '../subscriptions'
import { pageViews } from './pages'
import type { OrganizationDeps } from './types'

/* The organization with its seats, plan and business pages (docs/architecture.md, "Organizations and members"). */

export async function getOrganization(deps: Pick<OrganizationDeps, 'db'>, organizationId: string): Promise<Organization> {
  const { db } = deps
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1)
  if (!org) throw notFound('Organization not found.')
  // Members count as users whether ACTIVE or INVITED: an invitation holds a seat (spec §4 seat overflow).
  const [members] = await db.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId))
  return {
    id: org.id,
    name: org.name,
    organizationWorkOSId: org.organizationWorkOSId,
    createdAt: org.createdAt.toISOString(),
    users: Number(members?.n ?? 0),
    currentPlan: toCurrentPlan(await findSubscription(db, organizationId)),
    organizationBusinessPages: await pageViews(db, organizationId),
    defaultBusinessPageId: org.defaultBusinessPageId
  }
}
