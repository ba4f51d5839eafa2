import type { z } from 'zod'
import type { teamFormFieldsSchema, updateTeamFormFieldsSchema } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { teams } from '../../db/schema'
import type { EntitlementService } from '../entitlements'
import type { NotificationService } from '../notifications'

/* What the team use cases take: their inputs, answers and dependencies (docs/architecture.md, "Organizations and members"). */

export type TeamFormFields = z.output<typeof teamFormFieldsSchema>
export type UpdateTeamFormFields = z.output<typeof updateTeamFormFieldsSchema>

export interface TeamImageFile {
  path: string
  contentType: string
}

export type TeamRow = typeof teams.$inferSelect

export interface TeamDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
  entitlements: EntitlementService
  uploadsDir: string
}
