import type { z } from 'zod'
import type { createAiTemplateBodySchema, updateAiTemplateBodySchema } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { EntitlementService } from '../entitlements'

/* What the AI template use cases take: their inputs and dependencies (docs/architecture.md, "Organizations and members"). */

export type CreateAiTemplateInput = z.output<typeof createAiTemplateBodySchema>
export type UpdateAiTemplateInput = z.output<typeof updateAiTemplateBodySchema>

export interface AiTemplateDeps {
  db: Database
  clock: Clock
  entitlements: EntitlementService
}
