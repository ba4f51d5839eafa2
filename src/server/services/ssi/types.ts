import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { NotificationService } from '../notifications'

/* What the SSI use cases take: their input and dependencies (docs/architecture.md, "Social Selling Index"). */

export interface SsiInput {
  score: number
  brand?: number | null
  people?: number | null
  insights?: number | null
  relationships?: number | null
}

export interface SsiDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
}
