import { eq } from 'drizzle-orm'
import type { AiTemplateDetail } from '../../../shared/domain'
import { sortDefaultFirst } from '../../../shared/rules'
import { aiTemplates } from '../../db/schema'
import { toView } from './templateRows'
import type { AiTemplateDeps } from './types'

/* GET /ai-templates: the organization default first, then by name (docs/architecture.md, "Organizations and members"). */

export async function listAiTemplates(deps: Pick<AiTemplateDeps, 'db'>, organizationId: string): Promise<AiTemplateDetail[]> {
  const { db } = deps
  const rows = await db.select().from(aiTemplates).where(eq(aiTemplates.organizationId, organizationId))
  return sortDefaultFirst(rows.map(toView))
}
