import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { AssignedSlot } from '../../../shared/domain'
import { isUuid } from '../ids'
import { assignedSlots } from '../../db/schema'
import type { OrganizationActor } from '../actor'
import { readSlots, viewerOf } from '../slotView'
import { checkRange, decodeCursor, encodeCursor } from './range'
import type { ScheduleDeps } from './types'

/**
 * The Plan's slots in [from, to) (default: from now on), optionally one assignee's, in (time, id)
 * order and paged by that keyset (issue 28's GET /api/v1/slots): a page deep in the Plan costs what
 * the first does. The slots are read and shown as everywhere else (slotView.ts readSlots).
 */
export async function listSlots(
  { db, clock }: ScheduleDeps,
  actor: OrganizationActor,
  query: { from?: string; to?: string; assigneeId?: string; cursor?: string; limit: number }
): Promise<{ items: AssignedSlot[]; next: string | null }> {
  const now = clock.now()
  const from = query.from ? new Date(query.from) : now
  const to = query.to ? new Date(query.to) : null
  checkRange(from, to, null)
  const after = query.cursor ? decodeCursor(query.cursor) : null
  // An id that cannot be anyone's matches no one (an empty page, not a uuid cast's 500).
  if (query.assigneeId !== undefined && !isUuid(query.assigneeId)) return { items: [], next: null }
  const viewer = await viewerOf(db, actor)
  const slots = await readSlots(db, viewer, {
    where: and(
      gte(assignedSlots.time, from),
      to ? lt(assignedSlots.time, to) : undefined,
      query.assigneeId ? eq(assignedSlots.assigneeId, query.assigneeId) : undefined,
      after ? sql`(${assignedSlots.time}, ${assignedSlots.id}) > (${after.time.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined
    ),
    now,
    limit: query.limit + 1
  })
  const items = slots.slice(0, query.limit)
  const last = items[items.length - 1]
  return { items, next: slots.length > query.limit && last ? encodeCursor(new Date(last.time), last.id) : null }
}
