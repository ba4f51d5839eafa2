import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { AiTemplateDetail } from '../../../shared/domain'
import { aiTemplates } from '../../db/schema'
import { notFound } from '../../errors'
import { lockOrganization } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { listAiTemplates } from './listAiTemplates'
import { find } from './templateRows'
import type { AiTemplateDeps } from './types'

/* Making another template the organization default; answers the list (docs/architecture.md, "Organizations and members"). */

export async function setDefaultAiTemplate(deps: Pick<AiTemplateDeps, 'db' | 'clock'>, session: OrganizationSession, templateId: string): Promise<AiTemplateDetail[]> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await find(db, organizationId, templateId)
  if (!existing) throw notFound(MESSAGES.aiTemplateNotFound)
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const previous = await tx
      .update(aiTemplates)
      .set({ isDefault: false })
      .where(and(eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, true)))
      .returning({ id: aiTemplates.id, templateName: aiTemplates.templateName })
    // Deleted since it was read: 404, and the unset above rolls back (the organization keeps its default).
    const made = await tx
      .update(aiTemplates)
      .set({ isDefault: true, updatedAt: clock.now() })
      .where(and(eq(aiTemplates.id, existing.id), eq(aiTemplates.organizationId, organizationId)))
      .returning({ id: aiTemplates.id })
    if (made.length === 0) throw notFound(MESSAGES.aiTemplateNotFound)
    if (previous[0]?.id !== existing.id) {
      await record(tx, {
        organizationId,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'ai_template.default_changed',
        target: { type: 'ai_template', id: existing.id, label: existing.templateName },
        before: { defaultTemplate: previous[0]?.templateName ?? null },
        after: { defaultTemplate: existing.templateName }
      })
    }
  })
  return listAiTemplates(deps, organizationId)
}
