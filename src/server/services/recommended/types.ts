import type { z } from 'zod'
import type { createRecommendationBodySchema } from '../../../shared/domain/recommended'
import type { LinkedInAdapter } from '../../adapters/linkedin/linkedin'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { recommendations } from '../../db/schema'
import type { EntitlementService } from '../entitlements'
import type { NotificationService } from '../notifications'

/* What the recommended-posts use cases take (docs/architecture.md, "Recommended posts"). */

export type CreateRecommendationInput = z.output<typeof createRecommendationBodySchema>

export type RecommendationRow = typeof recommendations.$inferSelect

export interface RecommendedDeps {
  db: Database
  clock: Clock
  entitlements: EntitlementService
  notifications: Pick<NotificationService, 'notify'>
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
}
