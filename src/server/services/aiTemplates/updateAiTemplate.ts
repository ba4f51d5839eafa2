import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { AiTemplateDetail } from '../../../shared/domain'
import { aiTemplates } from '../../db/schema'
import { notFound } from '../../errors'
import { changedFields, record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { find, templateFields, toView } from './templateRows'
import type { AiTemplateDeps, UpdateAiTemplateInput } from './types'

/* Editing an AI template's settings (docs/architecture.md, "Organizations and members"). */

export async function updateAiTemplate(deps: Pick<AiTemplateDeps, 'db' | 'clock'>, session: OrganizationSession, input: UpdateAiTemplateInput): Promise<AiTemplateDetail> {
  const { db, clock } = deps
  const organizationId = session.organization.id
  const existing = await find(db, organizationId, input.templateId)
  if (!existing) throw notFound(MESSAGES.aiTemplateNotFound)
  const { templateId: _id, ...changes } = input
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(aiTemplates)
      .set({ ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)), updatedAt: clock.now() })
      .where(eq(aiTemplates.id, existing.id))
      .returning()
    if (!row) throw notFound(MESSAGES.aiTemplateNotFound) // deleted since it was read
    const changed = changedFields(templateFields(existing), templateFields(row))
    if (changed) {
      await record(tx, {
        organizationId,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'ai_template.updated',
        target: { type: 'ai_template', id: row.id, label: row.templateName },
        ...changed
      })
    }
    return toView(row)
  })
}
