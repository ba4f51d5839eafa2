import { eq } from 'drizzle-orm'
import type { Organization } from '../../../shared/domain'
import { organizations } from '../../db/schema'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { getOrganization } from './getOrganization'
import type { OrganizationDeps } from './types'

/* Renaming the organization, logged when the name changed (docs/architecture.md, "Organizations and members"). */

export async function renameOrganization(deps: Pick<OrganizationDeps, 'db' | 'clock'>, session: OrganizationSession, name: string): Promise<Organization> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  await db.transaction(async (tx) => {
    const [was] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).for('no key update')
    await tx.update(organizations).set({ name, updatedAt: clock.now() }).where(eq(organizations.id, organizationId))
    if (was && was.name !== name) {
      await record(tx, {
        organizationId,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'organization.renamed',
        target: { type: 'organization', id: organizationId, label: name },
        before: { name: was.name },
        after: { name }
      })
    }
  })
  return getOrganization(deps, organizationId)
}
