import type { z } from 'zod'
import type { createSlotBodySchema, endpoints } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { assignedSlots } from '../../db/schema'
import { badRequest } from '../../errors'
import type { NotificationService } from '../notifications'

/**
 * What the slot use cases share: their inputs, their dependencies and the row and person types
 * they pass around. The decisions are in docs/architecture.md, "Plan (assigned slots)".
 */
export type CreateSlotInput = z.output<typeof createSlotBodySchema>
export type UpdateSlotInput = z.output<(typeof endpoints)['updateAssignedSlot']['body']>
export type UpdateSlotTagsInput = z.output<(typeof endpoints)['updateSlotTags']['body']>

export interface SlotDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
}

export interface Person {
  id: string
  fullName: string
  timezone: string
}

export type StoredSlot = typeof assignedSlots.$inferSelect

/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters per statement). */
export const INSERT_CHUNK = 1000
/** Ids per IN (…) list. */
export const ID_CHUNK = 5000

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

export const fieldError = (message: string, field: string) => badRequest(message, { [field]: message })
