import type { z } from 'zod'
import type { createPostTagBodySchema, updatePostTagBodySchema } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { EntitlementService } from '../entitlements'

/* What the tag use cases take: their inputs and dependencies (docs/architecture.md, "Organizations and members"). */

export type CreatePostTagInput = z.output<typeof createPostTagBodySchema>
export type UpdatePostTagInput = z.output<typeof updatePostTagBodySchema>

export interface TagDeps {
  db: Database
  clock: Clock
  entitlements: EntitlementService
}

/** The dates a by-user or by-page question covers. */
export interface TagRange {
  startDate: string
  endDate: string
}
