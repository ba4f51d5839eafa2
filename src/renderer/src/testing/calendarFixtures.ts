import type { AssignedSlot, CalendarPost } from '@shared/domain'
import { aSlot as baseSlot } from './slotFixtures'

/** A slot as GET /schedule/calendar returns it, for the Plan screen's tests (1 December 2026, no idea or audience). */
export function aSlot(overrides: Partial<AssignedSlot> = {}): AssignedSlot {
  const id = overrides.id ?? 'slot-1'
  return baseSlot({ id, seriesId: `series-${id}`, time: '2026-12-01T09:00:00.000Z', comment: '', targetAudience: '', ...overrides })
}

export function aCalendarPost(overrides: Partial<CalendarPost> = {}): CalendarPost {
  return {
    id: 'post-1',
    time: '2026-12-01T10:00:00.000Z',
    status: 'SCHEDULED',
    postType: 'textOnly',
    account: { id: 'member-1', name: 'Grace Hopper', kind: 'user', image: null },
    excerpt: 'Our new release is out',
    slotId: null,
    ...overrides
  }
}
