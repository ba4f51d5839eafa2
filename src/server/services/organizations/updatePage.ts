import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { BusinessPage } from '../../../shared/domain'
import { businessPages } from '../../db/schema'
import { notFound } from '../../errors'
import { requireTemplate } from '../access'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { checkImage, emptyOrNull, findPage, pageFields, pageViews } from './pages'
import type { OrganizationDeps, UpdateBusinessPageInput } from './types'

/* Editing a business page, logging the fields that changed (docs/architecture.md, "Organizations and members"). */

export async function updatePage(
  deps: Pick<OrganizationDeps, 'db' | 'clock'>,
  session: OrganizationSession,
  input: UpdateBusinessPageInput
): Promise<BusinessPage> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await findPage(db, organizationId, input.businessPageId)
  if (!existing) throw notFound(MESSAGES.businessPageNotFound)
  await requireTemplate(db, organizationId, input.aiSettingTemplateId)
  const changes: Partial<typeof businessPages.$inferInsert> = { updatedAt: clock.now() }
  if (input.linkedInCompanyName !== undefined) changes.linkedInCompanyName = input.linkedInCompanyName
  if (input.linkedInPageLink !== undefined) changes.linkedInPageLink = emptyOrNull(input.linkedInPageLink)
  if (input.linkedInWebsite !== undefined) changes.linkedInWebsite = emptyOrNull(input.linkedInWebsite)
  if (input.linkedInCompanyDescription !== undefined) changes.linkedInCompanyDescription = emptyOrNull(input.linkedInCompanyDescription)
  if (input.image !== undefined) changes.image = checkImage(input.image)
  if (input.aiSettingTemplateId !== undefined) changes.aiSettingTemplateId = input.aiSettingTemplateId
  return db.transaction(async (tx) => {
    // Deleted since it was read (a racing delete): 404; the answer is read before anyone can delete it.
    const [updated] = await tx.update(businessPages).set(changes).where(eq(businessPages.id, existing.id)).returning()
    if (!updated) throw notFound(MESSAGES.businessPageNotFound)
    const changed = changedFields(pageFields(existing), pageFields(updated))
    if (changed) {
      await record(tx, {
        organizationId,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'business_page.updated',
        target: { type: 'business_page', id: existing.id, label: updated.linkedInCompanyName },
        ...changed
      })
    }
    return (await pageViews(tx, organizationId, [existing.id]))[0]!
  })
}
