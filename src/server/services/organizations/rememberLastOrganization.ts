import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { OrganizationDeps } from './types'

/* The organization a user works in, where the next sign-in starts (docs/architecture.md, "Organizations and members"). */

export async function rememberLastOrganization(deps: Pick<OrganizationDeps, 'db'>, userId: string, organizationId: string): Promise<void> {
  const { db } = deps
  await db.update(users).set({ lastOrganizationId: organizationId }).where(eq(users.id, userId))
}
