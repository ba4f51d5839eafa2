import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { businessPages } from '../../db/schema'
import { notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { findPage, pageFields } from './pages'
import type { OrganizationDeps } from './types'

/* Deleting a business page; of a burst of deletes one answers 200 (docs/architecture.md, "Organizations and members"). */

export async function removePage(deps: Pick<OrganizationDeps, 'db' | 'clock'>, session: OrganizationSession, businessPageId: string): Promise<void> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await findPage(db, organizationId, businessPageId)
  if (!existing) throw notFound(MESSAGES.businessPageNotFound)
  await db.transaction(async (tx) => {
    // Conditional: of a burst of deletes only the one that removed the row answers 200.
    const deleted = await tx
      .delete(businessPages)
      .where(and(eq(businessPages.id, existing.id), eq(businessPages.organizationId, organizationId)))
      .returning({ id: businessPages.id })
    if (deleted.length === 0) throw notFound(MESSAGES.businessPageNotFound)
    await record(tx, {
      organizationId,
      at: clock.now(),
      actor: sessionActor(session),
      action: 'business_page.deleted',
      target: { type: 'business_page', id: existing.id, label: existing.linkedInCompanyName },
      before: pageFields(existing)
    })
  })
}
