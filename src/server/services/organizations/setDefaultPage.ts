import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Organization } from '../../../shared/domain'
import { organizations } from '../../db/schema'
import { notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { getOrganization } from './getOrganization'
import { findPage } from './pages'
import type { OrganizationDeps } from './types'

/* The organization's default business page, or none (docs/architecture.md, "Organizations and members"). */

export async function setDefaultPage(
  deps: Pick<OrganizationDeps, 'db' | 'clock'>,
  session: OrganizationSession,
  businessPageId: string | null
): Promise<Organization> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  if (businessPageId !== null && !(await findPage(db, organizationId, businessPageId))) throw notFound(MESSAGES.businessPageNotFound)
  await db.transaction(async (tx) => {
    const [was] = await tx
      .select({ defaultBusinessPageId: organizations.defaultBusinessPageId, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update')
    await tx.update(organizations).set({ defaultBusinessPageId: businessPageId, updatedAt: clock.now() }).where(eq(organizations.id, organizationId))
    if (was && was.defaultBusinessPageId !== businessPageId) {
      await record(tx, {
        organizationId,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'organization.default_page_changed',
        target: { type: 'organization', id: organizationId, label: was.name },
        before: { defaultBusinessPageId: was.defaultBusinessPageId },
        after: { defaultBusinessPageId: businessPageId }
      })
    }
  })
  return getOrganization(deps, organizationId)
}
