import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { AiTemplateDetail } from '../../../shared/domain'
import { aiTemplates } from '../../db/schema'
import { lockOrganization } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { templateFields, toView } from './templateRows'
import type { AiTemplateDeps, CreateAiTemplateInput } from './types'

/* Creating an AI template, within the plan's limit (docs/architecture.md, "Organizations and members"). */

export async function createAiTemplate(deps: AiTemplateDeps, session: OrganizationSession, input: CreateAiTemplateInput): Promise<AiTemplateDetail> {
  const { db, clock, entitlements } = deps
  const organizationId = session.organization.id
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    // Counted under the organization lock: two simultaneous creates cannot both take the last template.
    await entitlements.requireWithin(tx, organizationId, 'AI_TEMPLATES', MESSAGES.aiTemplatesLimit)
    // The first template of an organization (one that predates defaults) becomes its default.
    const [defaults] = await tx
      .select({ n: count() })
      .from(aiTemplates)
      .where(and(eq(aiTemplates.organizationId, organizationId), eq(aiTemplates.isDefault, true)))
    const now = clock.now()
    const [row] = await tx
      .insert(aiTemplates)
      .values({ id: randomUUID(), organizationId, ...input, isDefault: Number(defaults?.n ?? 0) === 0, createdAt: now, updatedAt: now })
      .returning()
    await record(tx, {
      organizationId,
      at: now,
      actor: sessionActor(session),
      action: 'ai_template.created',
      target: { type: 'ai_template', id: row!.id, label: row!.templateName },
      after: { ...templateFields(row!), isDefault: row!.isDefault }
    })
    return toView(row!)
  })
}
