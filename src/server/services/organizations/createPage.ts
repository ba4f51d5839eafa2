import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { BusinessPage } from '../../../shared/domain'
import { businessPages } from '../../db/schema'
import { lockOrganization, requireTemplate } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { checkImage, emptyOrNull, pageFields, pageViews } from './pages'
import type { BusinessPageInput, OrganizationDeps } from './types'

/* A new business page, within the plan's limit (docs/architecture.md, "Organizations and members"). */

export async function createPage(
  deps: Pick<OrganizationDeps, 'db' | 'clock' | 'entitlements'>,
  session: OrganizationSession,
  input: BusinessPageInput
): Promise<BusinessPage> {
  const { db, clock, entitlements } = deps
  const organizationId = session.organization.id
  const now = clock.now()
  const id = randomUUID()
  return db.transaction(async (tx) => {
    // Counted under the organization lock: two simultaneous creates cannot both take the last page.
    await lockOrganization(tx, organizationId)
    await entitlements.requireWithin(tx, organizationId, 'BUSINESS_PAGES', MESSAGES.businessPagesLimit)
    await requireTemplate(tx, organizationId, input.aiSettingTemplateId)
    await tx.insert(businessPages).values({
      id,
      organizationId,
      image: checkImage(input.image) ?? null,
      linkedInCompanyName: input.linkedInCompanyName,
      linkedInPageLink: emptyOrNull(input.linkedInPageLink) ?? null,
      linkedInWebsite: emptyOrNull(input.linkedInWebsite) ?? null,
      linkedInCompanyDescription: emptyOrNull(input.linkedInCompanyDescription) ?? null,
      aiSettingTemplateId: input.aiSettingTemplateId ?? null,
      createdAt: now,
      updatedAt: now
    })
    const [page] = await tx.select().from(businessPages).where(eq(businessPages.id, id))
    await record(tx, {
      organizationId,
      at: now,
      actor: sessionActor(session),
      action: 'business_page.created',
      target: { type: 'business_page', id, label: input.linkedInCompanyName },
      after: pageFields(page!)
    })
    return (await pageViews(tx, organizationId, [id]))[0]!
  })
}
