import { and, eq, gte, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { assignedSlots } from '../../db/schema'
import { isUuid } from '../ids'

/**
 * Removing members: their slots from `now` on go, in the removal's transaction
 * (members.removeMemberships). Past ones stay for the record but, like every slot of a non-member,
 * never show (docs/architecture.md, "Plan (assigned slots)").
 */
export async function deleteFutureSlots(executor: Executor, organizationId: string, userIds: readonly string[], now: Date): Promise<number> {
  const ids = [...new Set(userIds)].filter(isUuid)
  if (ids.length === 0) return 0
  const deleted = await executor
    .delete(assignedSlots)
    .where(and(eq(assignedSlots.organizationId, organizationId), inArray(assignedSlots.assigneeId, ids), gte(assignedSlots.time, now)))
    .returning({ id: assignedSlots.id })
  return deleted.length
}
