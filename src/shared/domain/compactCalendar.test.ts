import { describe, expect, it } from 'vitest'
import type { AssignedSlot, Calendar, CalendarPost } from './entities'
import { calendarSchema } from './entities'
import { compactCalendar, compactCalendarSchema, expandCalendar, mostCommon } from './compactCalendar'

const ada = { id: 'user-ada', fullName: 'Ada Lovelace', image: null }
const grace = { id: 'user-grace', fullName: 'Grace Hopper', image: 'https://example.com/grace.png' }
const launch = { id: 'tag-launch', title: 'Launch', color: '#aabbcc' }
const pageTag = { id: 'tag-page', title: 'Hiring', color: '#112233' }
const acme = { id: 'page-acme', linkedInCompanyName: 'Acme', image: null }
const beta = { id: 'page-beta', linkedInCompanyName: 'Beta Labs', image: 'https://example.com/beta.png' }

/** A one-off slot: its series is itself. */
function slot(overrides: Partial<AssignedSlot>): AssignedSlot {
  const id = overrides.id ?? 'slot-1'
  return {
    id,
    seriesId: id,
    occurrence: 0,
    seriesSize: 1,
    time: '2026-03-10T09:00:00.000Z',
    timezone: 'Europe/Berlin',
    comment: '',
    autoAssign: false,
    assignee: ada,
    tag: null,
    isBusinessPageSlot: false,
    businessPages: [],
    businessPostTag: null,
    targetAudience: '',
    postType: 'textOnly',
    recurrence: null,
    createdBy: null,
    status: 'OPEN',
    postId: null,
    canEdit: true,
    ...overrides
  }
}

const post: CalendarPost = {
  id: 'post-1',
  time: '2026-03-11T10:00:00.000Z',
  status: 'SCHEDULED',
  postType: 'images',
  account: { id: acme.id, name: acme.linkedInCompanyName, kind: 'page', image: null },
  excerpt: 'Hello',
  slotId: 'slot-3'
}

/** Every field away from its default somewhere, and at it elsewhere. */
const varied: Calendar = calendarSchema.parse({
  slots: [
    slot({ id: 'slot-1' }),
    slot({ id: 'slot-2', seriesId: 'series-9', occurrence: 2, seriesSize: 4, recurrence: { type: 'weekly', interval: 1, count: 4 }, createdBy: grace }),
    slot({
      id: 'slot-3',
      assignee: grace,
      tag: launch,
      isBusinessPageSlot: true,
      businessPages: [acme, beta],
      businessPostTag: pageTag,
      comment: 'Our launch, with "quotes"',
      targetAudience: 'Engineers',
      postType: 'poll',
      timezone: 'UTC',
      autoAssign: true,
      status: 'DONE',
      postId: 'post-1',
      canEdit: false,
      createdBy: ada
    }),
    slot({ id: 'slot-4', seriesId: 'series-9', occurrence: 3, seriesSize: 4, recurrence: { type: 'monthly', interval: 2, count: 4 }, status: 'MISSED', tag: launch }),
    slot({ id: 'slot-5', assignee: grace, businessPages: [beta], isBusinessPageSlot: true, businessPostTag: launch, canEdit: false })
  ],
  posts: [post]
})

describe('the calendar wire shape (issue 16)', () => {
  it('expands back to exactly the calendar it was made of, for varied slots', () => {
    const compact = compactCalendar(varied)
    expect(compactCalendarSchema.parse(compact)).toEqual(compact)
    expect(expandCalendar(compact)).toEqual(varied)
    // Through JSON, as the renderer receives it.
    expect(expandCalendar(compactCalendarSchema.parse(JSON.parse(JSON.stringify(compact))))).toEqual(varied)
  })

  it('lists each person, tag and page once and leaves out defaults', () => {
    const compact = compactCalendar(varied)
    expect(compact.people).toEqual([ada, grace])
    expect(compact.tags).toEqual([launch, pageTag])
    expect(compact.pages).toEqual([acme, beta])
    expect(compact.defaults).toEqual({ timezone: 'Europe/Berlin', postType: 'textOnly', status: 'OPEN', canEdit: true })
    expect(compact.slots[0]).toEqual({ id: 'slot-1', time: '2026-03-10T09:00:00.000Z', assignee: 0 })
    expect(compact.slots[4]).toEqual({ id: 'slot-5', time: '2026-03-10T09:00:00.000Z', assignee: 1, isBusinessPageSlot: true, businessPages: [1], businessPostTag: 0, canEdit: false })
    expect(compact.posts).toEqual([post])
  })

  it('round-trips an empty calendar and one whose defaults are not the usual ones', () => {
    expect(expandCalendar(compactCalendar({ slots: [], posts: [] }))).toEqual({ slots: [], posts: [] })
    const unusual = { slots: [slot({ id: 'a', canEdit: false, status: 'MISSED', postType: 'videos' }), slot({ id: 'b', canEdit: false, status: 'MISSED', postType: 'videos' })], posts: [] }
    const compact = compactCalendar(unusual)
    expect(compact.defaults).toMatchObject({ canEdit: false, status: 'MISSED', postType: 'videos' })
    expect(compact.slots.every((s) => s.canEdit === undefined && s.status === undefined && s.postType === undefined)).toBe(true)
    expect(expandCalendar(compact)).toEqual(unusual)
  })

  it('refuses an answer that refers to a person it does not list', () => {
    const compact = compactCalendar(varied)
    expect(() => expandCalendar({ ...compact, people: compact.people.slice(0, 1) })).toThrow(/person 1/)
  })

  it('takes the most common value, on a tie the one that reached its count first', () => {
    expect(mostCommon(['a', 'b', 'b', 'a', 'c'], 'z')).toBe('b')
    expect(mostCommon(['a', 'b', 'b'], 'z')).toBe('b')
    expect(mostCommon([], 'z')).toBe('z')
  })
})
