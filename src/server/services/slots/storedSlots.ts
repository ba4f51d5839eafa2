import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import type { SlotScope } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import type { AssignedSlot } from '../../../shared/domain'
import type { Executor } from '../../db/client'
import { assignedSlotPages, assignedSlots, memberships } from '../../db/schema'
import { forbidden, notFound } from '../../errors'
import { isUuid } from '../ids'
import { canEditSlot, readSlots, type Viewer } from '../slotView'
import { chunked, ID_CHUNK, type StoredSlot } from './shared'

/**
 * The stored slots an edit, a re-tag or a delete works on, and the answer read back through
 * ../slotView.ts (docs/architecture.md, "Plan (assigned slots)", "Who may assign" and "Series scope").
 */

/** The slot `slotId` of the organization, editable by the viewer (404 / 403). */
export async function editableSlot(executor: Executor, viewer: Viewer, slotId: string): Promise<StoredSlot> {
  if (!isUuid(slotId)) throw notFound(MESSAGES.slotNotFound)
  const [row] = await executor
    .select({ slot: assignedSlots })
    .from(assignedSlots)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, assignedSlots.organizationId), eq(memberships.userId, assignedSlots.assigneeId), eq(memberships.status, 'ACTIVE'))
    )
    .where(and(eq(assignedSlots.id, slotId), eq(assignedSlots.organizationId, viewer.organizationId)))
    .limit(1)
    // Locked for the caller's transaction: edits and deletes of one slot take turns, and one that
    // waited for a delete finds the slot gone (404) instead of changing nothing and answering 200.
    .for('update', { of: assignedSlots })
  if (!row) throw notFound(MESSAGES.slotNotFound)
  if (!canEditSlot(viewer, row.slot)) throw forbidden(MESSAGES.slotNotEditable)
  return row.slot
}

/** 'one': the slot; 'series': it and the same assignee's later occurrences of its series, time-ordered. */
export async function scopeRows(executor: Executor, slot: StoredSlot, scope: SlotScope): Promise<StoredSlot[]> {
  if (scope === 'one') return [slot]
  return executor
    .select()
    .from(assignedSlots)
    .where(
      and(
        eq(assignedSlots.organizationId, slot.organizationId),
        eq(assignedSlots.seriesId, slot.seriesId),
        eq(assignedSlots.assigneeId, slot.assigneeId),
        gte(assignedSlots.time, slot.time)
      )
    )
    .orderBy(asc(assignedSlots.time), asc(assignedSlots.id))
    .for('update')
}

export async function viewsOf(executor: Executor, viewer: Viewer, ids: readonly string[], now: Date): Promise<AssignedSlot[]> {
  if (ids.length === 0) return []
  const slots: AssignedSlot[] = []
  for (const part of chunked(ids, ID_CHUNK)) slots.push(...(await readSlots(executor, viewer, { where: inArray(assignedSlots.id, part), now })))
  // Each part is in (time, id) order; the ISO times of one format compare as text.
  slots.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : 1))
  return slots
}

export async function pagesOf(executor: Executor, slotIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(slotIds.map((id) => [id, []]))
  for (const ids of chunked(slotIds, ID_CHUNK)) {
    const rows = await executor.select().from(assignedSlotPages).where(inArray(assignedSlotPages.slotId, ids))
    for (const r of rows) out.get(r.slotId)!.push(r.businessPageId)
  }
  return out
}
