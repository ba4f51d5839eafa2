import type { z } from 'zod'
import type { endpoints } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { NotificationService } from '../notifications'
import type { ScheduleService } from '../schedule'

/* What the plan's CSV use cases take (docs/architecture.md, "The plan as CSV"). */

export type ExportQuery = z.output<(typeof endpoints)['exportSchedule']['query']>

export interface PlanCsvDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
  schedule: ScheduleService
}
