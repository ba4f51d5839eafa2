import type { z } from 'zod'
import type { businessPageFieldsSchema, createOrganizationBodySchema, updateBusinessPageBodySchema } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { EntitlementService } from '../entitlements'
import type { NotificationService } from '../notifications'

/* What the organization use cases take: their inputs and dependencies (docs/architecture.md, "Organizations and members"). */

export type CreateOrganizationInput = z.output<typeof createOrganizationBodySchema>
export type BusinessPageInput = z.output<typeof businessPageFieldsSchema>
export type UpdateBusinessPageInput = z.output<typeof updateBusinessPageBodySchema>

export interface OrganizationDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
  entitlements: EntitlementService
  /** <dataDir>/uploads: the photos of users deleted with the organization go from there. */
  uploadsDir: string
}
