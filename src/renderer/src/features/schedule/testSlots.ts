import type { AssignedSlot, CalendarPost } from '@shared/domain'

/** A slot as GET /schedule/calendar returns it, for the Plan screen's tests. */
export function aSlot(overrides: Partial<AssignedSlot> = {}): AssignedSlot {
  const id = overrides.id ?? 'slot-1'
  return {
    id,
    seriesId: `series-${id}`,
    occurrence: 0,
    seriesSize: 1,
    time: '2026-12-01T09:00:00.000Z',
    timezone: 'Europe/London',
    comment: '',
    autoAssign: false,
    assignee: { id: 'member-1', fullName: 'Grace Hopper', image: null },
    tag: null,
    isBusinessPageSlot: false,
    businessPages: [],
    businessPostTag: null,
    targetAudience: '',
    postType: 'textOnly',
    recurrence: null,
    createdBy: { id: 'user-1', fullName: 'Ada Lovelace', image: null },
    status: 'OPEN',
    postId: null,
    canEdit: true,
    ...overrides
  }
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
