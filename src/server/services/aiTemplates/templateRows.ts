import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { AiTemplateDetail } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { aiTemplates } from '../../db/schema'
import { isUuid } from '../ids'

/* An AI template's row: finding it, its view, its audited fields, and the default made at onboarding (docs/architecture.md, "Organizations and members"). */

const DEFAULT_TEMPLATE_NAME = 'Default'

type Row = typeof aiTemplates.$inferSelect
export const toView = (r: Row): AiTemplateDetail => ({
  id: r.id,
  templateName: r.templateName,
  isDefaultOrganizationTemplate: r.isDefault,
  industries: r.industries,
  tone: r.tone,
  targetAudience: r.targetAudience,
  instructions: r.instructions,
  createdAt: r.createdAt.toISOString()
})

/** The organization's default AI template, made at onboarding (its industry becomes the template's). */
export async function createDefaultTemplate(executor: Executor, organizationId: string, industries: string[], now: Date): Promise<string> {
  const id = randomUUID()
  await executor.insert(aiTemplates).values({
    id,
    organizationId,
    templateName: DEFAULT_TEMPLATE_NAME,
    isDefault: true,
    industries,
    createdAt: now,
    updatedAt: now
  })
  return id
}

/** A template's settings as the audit log keeps them. */
export const templateFields = (t: Row) => ({
  templateName: t.templateName,
  industries: t.industries,
  tone: t.tone,
  targetAudience: t.targetAudience,
  instructions: t.instructions
})

export async function find(executor: Executor, organizationId: string, id: string): Promise<Row | null> {
  if (!isUuid(id)) return null
  const [row] = await executor.select().from(aiTemplates).where(and(eq(aiTemplates.id, id), eq(aiTemplates.organizationId, organizationId))).limit(1)
  return row ?? null
}
