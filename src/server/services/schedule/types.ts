import type { SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { scheduleFilterSchema } from '../../../shared/api/contract'
import type { SlotStatus } from '../../../shared/domain'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

/* What the Plan's read side takes and answers (docs/architecture.md, "Plan (assigned slots)"). */

export type ScheduleFilter = z.output<typeof scheduleFilterSchema>
export type CalendarQuery = ScheduleFilter & { from: string; to: string }

export interface ScheduleDeps {
  db: Database
  clock: Clock
}

/**
 * What a request's answer is cached under and the version of the data it was read at (e.g. the
 * organization's Plan version kept by triggers, read before the data). An entry is served only to
 * a request with the same key and the same version, before the entry expires.
 */
export interface CacheTicket {
  key: string
  version: string
  /** The request's "now" (the server's clock), in ms. */
  now: number
}

export type Account = { kind: 'user' | 'page'; id: string }

/** The slot side of the filters: conditions on assigned_slots and the slot status asked for. */
export interface SlotFilter {
  where: SQL | undefined
  status: SlotStatus | undefined
}
