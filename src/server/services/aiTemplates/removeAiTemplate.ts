import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { aiTemplates } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { find, templateFields } from './templateRows'
import type { AiTemplateDeps } from './types'

/* Deleting an AI template; never the default (docs/architecture.md, "Organizations and members"). */

export async function removeAiTemplate(deps: Pick<AiTemplateDeps, 'db' | 'clock'>, session: OrganizationSession, templateId: string): Promise<void> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await find(db, organizationId, templateId)
  if (!existing) throw notFound(MESSAGES.aiTemplateNotFound)
  if (existing.isDefault) throw conflict(MESSAGES.aiTemplateDefaultNotDeletable)
  // Conditional on what was checked: only one of a burst of deletes answers 200, and a template
  // made the default meanwhile is not deleted.
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(aiTemplates)
      .where(and(eq(aiTemplates.id, existing.id), eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, false)))
      .returning({ id: aiTemplates.id })
    if (rows.length > 0) {
      await record(tx, {
        organizationId,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'ai_template.deleted',
        target: { type: 'ai_template', id: existing.id, label: existing.templateName },
        before: templateFields(existing)
      })
    }
    return rows
  })
  if (deleted.length > 0) return
  if ((await find(db, organizationId, existing.id))?.isDefault) throw conflict(MESSAGES.aiTemplateDefaultNotDeletable)
  throw notFound(MESSAGES.aiTemplateNotFound)
}
