import { and, gte, lt, sql } from 'drizzle-orm'
import type { ScheduleItem } from '../../../shared/domain'
import { assignedSlots } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { readSlots, viewerOf } from '../slotView'
import { filters } from './filters'
import { postsInRange } from './planPosts'
import { checkRange, decodeCursor, encodeCursor } from './range'
import type { ScheduleDeps, ScheduleFilter } from './types'

/* GET /schedule: the list view, slots and posts merged under one cursor (docs/architecture.md, "Plan (assigned slots)"). */

export async function listSchedule(
  { db, clock }: ScheduleDeps,
  session: OrganizationSession,
  query: ScheduleFilter & { from?: string; to?: string; cursor?: string; limit: number }
): Promise<{ items: ScheduleItem[]; nextCursor: string | null }> {
  const organizationId = session.organization.id
  const now = clock.now()
  const from = query.from ? new Date(query.from) : now
  const to = query.to ? new Date(query.to) : null
  checkRange(from, to, null)
  const after = query.cursor ? decodeCursor(query.cursor) : null
  const conditions = await filters(db, organizationId, query)
  const viewer = await viewerOf(db, session)
  const slots = conditions.slots
    ? await readSlots(db, viewer, {
        where: and(
          gte(assignedSlots.time, from),
          to ? lt(assignedSlots.time, to) : undefined,
          after ? sql`(${assignedSlots.time}, ${assignedSlots.id}) > (${after.time.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
          conditions.slots.where
        ),
        status: conditions.slots.status,
        now,
        limit: query.limit + 1
      })
    : []
  const postRows = await postsInRange(db, organizationId, { from, to, after, limit: query.limit + 1 }, conditions.posts)
  const items: ScheduleItem[] = [
    ...slots.map((slot) => ({ kind: 'slot' as const, time: slot.time, slot })),
    ...postRows.map((post) => ({ kind: 'post' as const, time: post.time, post }))
  ].sort((a, b) => a.time.localeCompare(b.time) || itemId(a).localeCompare(itemId(b)))
  const page = items.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    items: page,
    nextCursor: items.length > query.limit && last ? encodeCursor(new Date(last.time), itemId(last)) : null
  }
}

const itemId = (item: ScheduleItem) => (item.kind === 'slot' ? item.slot.id : item.post.id)
