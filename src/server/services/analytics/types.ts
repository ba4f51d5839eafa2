import type { z } from 'zod'
import type { analyticsPostsQuerySchema, analyticsQuerySchema, analyticsTimeseriesQuerySchema } from '../../../shared/api/contract'
import type { LinkedInClient } from '../../adapters/linkedin/linkedin'
import type { Executor } from '../../db/client'

/* What the Analytics use cases take (docs/architecture.md, "Analytics"). */

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>
export type AnalyticsPostsQuery = z.output<typeof analyticsPostsQuerySchema>
export type AnalyticsTimeseriesQuery = z.output<typeof analyticsTimeseriesQuerySchema>
export type AnalyticsGroupKind = 'members' | 'teams' | 'pages'

export interface AnalyticsDeps {
  db: Executor
  linkedInAdapter: LinkedInClient
}
