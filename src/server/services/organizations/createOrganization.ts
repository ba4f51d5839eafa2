import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { TRIAL_DAYS } from '../../../shared/constants'
import { linkTo } from '../../../shared/routes'
import { businessPageMembers, businessPages, memberships, organizations, users } from '../../db/schema'
import { createDefaultTemplate } from '../aiTemplates'
import { record } from '../audit'
import { newOrganizationWorkOSId } from '../ids'
import { startTrial } from '../subscriptions'
import type { CreateOrganizationInput, OrganizationDeps } from './types'

/* Onboarding and 'Create new organization', in one transaction (docs/architecture.md, "Organizations and members"). */

const WELCOME_TITLE = 'Welcome to Pagecrew 🎉'
const welcomeMessage = (organizationName: string) =>
  `${organizationName} is ready. Your ${TRIAL_DAYS}-day free trial has started: invite your team and plan your first posts.`

const emptyToNull = (value: string | undefined): string | null => (value && value.length > 0 ? value : null)

export async function createOrganization(
  deps: Pick<OrganizationDeps, 'db' | 'clock' | 'notifications'>,
  userId: string,
  input: CreateOrganizationInput
): Promise<{ id: string; organizationWorkOSId: string; name: string }> {
  const { db, clock, notifications } = deps
  const now = clock.now()
  const organization = { id: randomUUID(), organizationWorkOSId: newOrganizationWorkOSId(), name: input.organizationName }
  await db.transaction(async (tx) => {
    await tx.insert(organizations).values({ ...organization, createdAt: now, updatedAt: now })
    await tx.insert(memberships).values({
      id: randomUUID(),
      organizationId: organization.id,
      userId,
      role: 'ADMIN',
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now
    })
    await startTrial(tx, organization.id, now)
    // Every organization starts with its default AI setting template (issue 3).
    const templateId = await createDefaultTemplate(tx, organization.id, input.industry ? [input.industry] : [], now)
    if (input.linkedInCompanyName) {
      const pageId = randomUUID()
      await tx.insert(businessPages).values({
        id: pageId,
        organizationId: organization.id,
        image: null,
        linkedInCompanyName: input.linkedInCompanyName,
        linkedInPageLink: emptyToNull(input.linkedInPageLink),
        linkedInWebsite: emptyToNull(input.linkedInWebsite),
        linkedInCompanyDescription: emptyToNull(input.linkedInCompanyDescription),
        industry: emptyToNull(input.industry),
        aiSettingTemplateId: templateId,
        createdAt: now,
        updatedAt: now
      })
      // The admin who named the company page at onboarding may post as it at once.
      await tx.insert(businessPageMembers).values({ businessPageId: pageId, organizationId: organization.id, userId })
    }
    await tx.update(users).set({ lastOrganizationId: organization.id }).where(eq(users.id, userId))
    await record(tx, {
      organizationId: organization.id,
      at: now,
      actor: { userId },
      action: 'organization.created',
      target: { type: 'organization', id: organization.id, label: organization.name },
      after: { name: organization.name }
    })
    await notifications.notify(
      { organizationId: organization.id, userId, title: WELCOME_TITLE, message: welcomeMessage(organization.name), link: linkTo('dashboard') },
      tx
    )
  })
  return organization
}
