import { randomUUID } from 'node:crypto'
import type { Database } from '../db/client'
import { assignedSlotPages, assignedSlots } from '../db/schema'

interface BusySchedule {
  organizationId: string
  /** Assignees in turn; the first creates every slot, the first three may post as `pageId`. */
  people: readonly string[]
  tagId: string
  pageId: string
  count: number
  /** Created and updated at (ISO). */
  now: string
}

/**
 * Writes `count` one-off slots straight into the database, 1,000 a statement, from 2026-03-11 00:00 UTC:
 * ten every 4 hours at :00, :15, :30 and :45, every third untagged, and some of the first three
 * people's (every third) posting as the company page. Returns the slot rows and page links written.
 */
export async function seedBusySchedule(db: Database, { organizationId, people, tagId, pageId, count, now }: BusySchedule) {
  const start = new Date('2026-03-11T00:00:00Z').getTime()
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    organizationId,
    seriesId: randomUUID(),
    occurrence: 0,
    assigneeId: people[i % people.length]!,
    time: new Date(start + Math.floor(i / 10) * 4 * 3600_000 + (i % 4) * 900_000),
    timezone: 'UTC',
    tagId: i % 3 === 0 ? null : tagId,
    isBusinessPageSlot: i % people.length < 3 && i % 3 === 0,
    createdById: people[0]!,
    createdAt: new Date(now),
    updatedAt: new Date(now)
  }))
  for (let i = 0; i < rows.length; i += 1000) await db.insert(assignedSlots).values(rows.slice(i, i + 1000))
  const links = rows.filter((r) => r.isBusinessPageSlot).map((r) => ({ slotId: r.id, businessPageId: pageId, organizationId }))
  await db.insert(assignedSlotPages).values(links)
  return { rows, links }
}
