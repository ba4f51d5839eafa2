import type { z } from 'zod'
import type { endpoints } from '../../../shared/api/contract'
import type { IdeaGenerator } from '../../adapters/ai/ai'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { EntitlementService } from '../entitlements'

/* What the AI use cases take: their inputs, the usage they answer and their dependencies (docs/architecture.md, "Writing and publishing"). */

export type GenerateIdeasInput = z.output<typeof endpoints.generateIdeas.body>
export type GenerateDraftInput = z.output<typeof endpoints.generateDraft.body>
export type AiRequest = Omit<GenerateIdeasInput, 'count'>

/** GENERATE_IDEAS_PER_MONTH right after a generation: used this month (that one included) and the limit (0 = unlimited). */
export interface AiUsage {
  used: number
  limit: number
}

export interface AiDeps {
  db: Database
  clock: Clock
  entitlements: EntitlementService
  generator: IdeaGenerator
  log?: (message: string) => void
}
