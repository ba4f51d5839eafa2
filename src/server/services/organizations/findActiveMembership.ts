import { and, eq } from 'drizzle-orm'
import { memberships, organizations } from '../../db/schema'
import type { OrganizationDeps } from './types'

/* The organization behind a public id, only for an ACTIVE member (docs/architecture.md, "Organizations and members"). */

export async function findActiveMembershipByWorkOSId(
  deps: Pick<OrganizationDeps, 'db'>,
  userId: string,
  organizationWorkOSId: string
): Promise<{ organizationId: string; organizationWorkOSId: string } | null> {
  const { db } = deps
  const [row] = await db
    .select({ organizationId: organizations.id, organizationWorkOSId: organizations.organizationWorkOSId })
    .from(organizations)
    .innerJoin(memberships, eq(memberships.organizationId, organizations.id))
    .where(
      and(
        eq(organizations.organizationWorkOSId, organizationWorkOSId),
        eq(memberships.userId, userId),
        eq(memberships.status, 'ACTIVE')
      )
    )
    .limit(1)
  return row ?? null
}
