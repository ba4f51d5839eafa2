import { describe, expect, it } from 'vitest'
import { aMember, aPostTag, aUser, withRole } from '@renderer/testing/fixtures'
import { aBusinessPage, aSlot } from '@renderer/testing/slotFixtures'
import {
  assignableMembers,
  canAssign,
  canSaveEdit,
  commonTags,
  createSlotPayload,
  initialCreateForm,
  initialEditForm,
  membersForPages,
  pageTags,
  pagesForMembers,
  slotSaveSteps,
  withField,
  type SlotForm
} from './slotForm'

// Tuesday 3 March 2026, 14:20 in London (GMT).
const now = new Date('2026-03-03T14:20:00.000Z')
const tz = 'Europe/London'

const form = (overrides: Partial<SlotForm> = {}): SlotForm => ({ ...initialCreateForm({ now, timeZone: tz }), ...overrides })

describe('initialCreateForm', () => {
  it('starts tomorrow at 09:00 with nothing chosen', () => {
    expect(form()).toMatchObject({ date: '2026-03-04', time: '09:00', userIds: [], pageIds: [], auto: false, repeat: false, postType: 'textOnly' })
  })

  it('takes the preset day, member and page; a past or today preset becomes tomorrow', () => {
    expect(initialCreateForm({ preset: { date: '2026-03-20', memberId: 'm', businessPageId: 'p' }, now, timeZone: tz })).toMatchObject({
      date: '2026-03-20',
      userIds: ['m'],
      pageIds: ['p']
    })
    expect(initialCreateForm({ preset: { date: '2026-03-01' }, now, timeZone: tz }).date).toBe('2026-03-04')
    expect(initialCreateForm({ preset: { date: '2026-03-03' }, now, timeZone: tz }).date).toBe('2026-03-04')
  })

  it('chooses the user alone when they may assign only themselves, whatever the preset', () => {
    expect(initialCreateForm({ preset: { memberId: 'other' }, now, timeZone: tz, selfOnly: 'user-1' }).userIds).toEqual(['user-1'])
  })
})

describe('assignableMembers', () => {
  const grace = aMember({ id: 'm-grace', teams: [{ id: 'team-1', name: 'Writers', isLeader: false }] })
  const alan = aMember({ id: 'm-alan', teams: [{ id: 'team-2', name: 'Sales', isLeader: false }] })
  const invited = aMember({ id: 'm-new', status: 'INVITED', teams: [{ id: 'team-1', name: 'Writers', isLeader: false }] })
  const members = [grace, alan, invited]

  it('gives admins and ghosts every ACTIVE member', () => {
    expect(assignableMembers(aUser(), members).members.map((m) => m.id)).toEqual(['m-grace', 'm-alan'])
    expect(assignableMembers(withRole(aUser(), 'GHOST'), members)).toMatchObject({ locked: false })
  })

  it('gives team leaders the ACTIVE members of the teams they lead and themselves', () => {
    const leader = { ...withRole(aUser(), 'MEMBER'), leadingTeams: [{ id: 'team-1' }] }
    const found = assignableMembers(leader, members)
    expect(found.locked).toBe(false)
    expect(found.members.map((m) => m.id)).toEqual(['user-1', 'm-grace'])
  })

  it('locks a MEMBER to themselves, with their page links from the user', () => {
    const member = { ...withRole(aUser(), 'MEMBER'), userOrgBusinessPages: [{ businessPageId: 'p1', businessPage: { id: 'p1' } }] }
    const found = assignableMembers(member, undefined)
    expect(found.locked).toBe(true)
    expect(found.members).toEqual([expect.objectContaining({ id: 'user-1', businessPages: [{ id: 'p1' }] })])
  })
})

describe('narrowing (spec §4)', () => {
  const pages = [aBusinessPage({ id: 'p1' }), aBusinessPage({ id: 'p2' }), aBusinessPage({ id: 'p3' })]
  const a = { ...aMember({ id: 'a' }), businessPages: [{ id: 'p1', linkedInCompanyName: '' }, { id: 'p2', linkedInCompanyName: '' }] }
  const b = { ...aMember({ id: 'b' }), businessPages: [{ id: 'p2', linkedInCompanyName: '' }] }
  const c = { ...aMember({ id: 'c' }), businessPages: [] }

  it('offers only members linked to every chosen page', () => {
    expect(membersForPages([a, b, c], [], []).map((m) => m.id)).toEqual(['a', 'b', 'c'])
    expect(membersForPages([a, b, c], ['p2'], []).map((m) => m.id)).toEqual(['a', 'b'])
    expect(membersForPages([a, b, c], ['p1', 'p2'], []).map((m) => m.id)).toEqual(['a'])
  })

  it('offers only pages every chosen member is linked to', () => {
    expect(pagesForMembers(pages, [a, b, c], [], []).map((p) => p.id)).toEqual(['p1', 'p2', 'p3'])
    expect(pagesForMembers(pages, [a, b, c], ['a'], []).map((p) => p.id)).toEqual(['p1', 'p2'])
    expect(pagesForMembers(pages, [a, b, c], ['a', 'b'], []).map((p) => p.id)).toEqual(['p2'])
    expect(pagesForMembers(pages, [a, b, c], ['c'], []).map((p) => p.id)).toEqual([])
  })

  it('keeps what is already chosen', () => {
    expect(membersForPages([a, b, c], ['p1'], ['c']).map((m) => m.id)).toEqual(['a', 'c'])
    expect(pagesForMembers(pages, [a, b, c], ['c'], ['p3']).map((p) => p.id)).toEqual(['p3'])
  })
})

describe('tags', () => {
  it('offers the topic tags every chosen member has', () => {
    const hiring = aPostTag({ id: 't1' })
    const events = aPostTag({ id: 't2', title: 'Events' })
    const userTags = [
      { userId: 'a', tags: [hiring, events] },
      { userId: 'b', tags: [events] }
    ]
    expect(commonTags(userTags, ['a']).map((t) => t.id)).toEqual(['t1', 't2'])
    expect(commonTags(userTags, ['a', 'b']).map((t) => t.id)).toEqual(['t2'])
    expect(commonTags(userTags, ['a', 'nobody'])).toEqual([])
    expect(commonTags(userTags, [])).toEqual([])
  })

  it('offers the business post tags of any chosen page, once each', () => {
    const tag = (id: string) => ({ id, title: id, color: '#000000' })
    const lists = [
      { businessPageId: 'p1', tags: [tag('x'), tag('y')] },
      { businessPageId: 'p2', tags: [tag('y'), tag('z')] }
    ]
    expect(pageTags(lists, ['p1', 'p2']).map((t) => t.id)).toEqual(['x', 'y', 'z'])
    expect(pageTags(lists, ['p2']).map((t) => t.id)).toEqual(['y', 'z'])
  })
})

describe('withField', () => {
  it('drops the topic tag with the last member only', () => {
    const chosen = form({ userIds: ['a', 'b'], tagId: 't1' })
    expect(withField(chosen, 'userIds', ['a'])).toMatchObject({ userIds: ['a'], tagId: 't1' })
    expect(withField(chosen, 'userIds', [])).toMatchObject({ userIds: [], tagId: null })
    expect(withField(chosen, 'comment', 'x')).toMatchObject({ comment: 'x', tagId: 't1' })
  })
})

describe('canAssign (spec §5)', () => {
  it('needs a member and a day from tomorrow to 90 days ahead', () => {
    expect(canAssign(form(), now, tz)).toBe(false)
    expect(canAssign(form({ userIds: ['a'] }), now, tz)).toBe(true)
    expect(canAssign(form({ userIds: ['a'], date: '' }), now, tz)).toBe(false)
    expect(canAssign(form({ userIds: ['a'], date: '2026-03-03' }), now, tz)).toBe(false)
    expect(canAssign(form({ userIds: ['a'], date: '2026-06-01' }), now, tz)).toBe(true)
    expect(canAssign(form({ userIds: ['a'], date: '2026-06-02' }), now, tz)).toBe(false)
  })

  it('needs no day in auto mode, still a member', () => {
    expect(canAssign(form({ auto: true, date: '' }), now, tz)).toBe(false)
    expect(canAssign(form({ auto: true, date: '', userIds: ['a'] }), now, tz)).toBe(true)
  })
})

describe('createSlotPayload (spec §3)', () => {
  it('is exactly the spec payload, with the time in the user timezone and no pages key without pages', () => {
    const body = createSlotPayload(
      form({ userIds: ['a', 'b'], date: '2026-07-01', time: '09:30', tagId: 't1', targetAudience: ' CTOs ', comment: ' Idea ', postType: 'poll' }),
      now,
      tz
    )
    expect(body).toEqual({
      assignedUserId: ['a', 'b'],
      time: '2026-07-01T08:30:00.000Z',
      comment: 'Idea',
      autoAssign: false,
      tagId: 't1',
      isBusinessPageSlot: false,
      recurrenceType: null,
      recurrenceInterval: null,
      recurrenceCount: null,
      businessPostTagId: null,
      targetAudience: 'CTOs',
      postType: 'poll'
    })
    expect('businessPageId' in body).toBe(false)
  })

  it('sends pages and the business post tag, and no topic tag, when pages are chosen', () => {
    const body = createSlotPayload(form({ userIds: ['a'], pageIds: ['p1'], tagId: 't1', businessTagId: 'bt1' }), now, tz)
    expect(body).toMatchObject({ isBusinessPageSlot: true, businessPageId: ['p1'], tagId: null, businessPostTagId: 'bt1' })
  })

  it('sends the recurrence only when the switch is on and the count is above 0; monthly every 1', () => {
    const base = { userIds: ['a'] }
    expect(createSlotPayload(form({ ...base, repeat: false, count: 4 }), now, tz)).toMatchObject({ recurrenceType: null, recurrenceCount: null })
    expect(createSlotPayload(form({ ...base, repeat: true, count: 0 }), now, tz)).toMatchObject({ recurrenceType: null, recurrenceInterval: null })
    expect(createSlotPayload(form({ ...base, repeat: true, repeatType: 'weekly', interval: 3, count: 5 }), now, tz)).toMatchObject({
      recurrenceType: 'weekly',
      recurrenceInterval: 3,
      recurrenceCount: 5
    })
    expect(createSlotPayload(form({ ...base, repeat: true, repeatType: 'monthly', interval: 3, count: 16 }), now, tz)).toMatchObject({
      recurrenceType: 'monthly',
      recurrenceInterval: 1,
      recurrenceCount: 16
    })
  })

  it('sends tomorrow, the weekday and the hour in auto mode', () => {
    const body = createSlotPayload(form({ userIds: ['a'], auto: true, date: '2026-05-05', time: '10:00' }), now, tz)
    expect(body).toMatchObject({ autoAssign: true, time: '2026-03-04T10:00:00.000Z', currentDate: 'Tuesday', currentHour: 14 })
  })

  it('takes the weekday and hour in the user timezone', () => {
    expect(createSlotPayload(form({ userIds: ['a'], auto: true }), now, 'Asia/Tokyo')).toMatchObject({ currentDate: 'Tuesday', currentHour: 23 })
    expect(createSlotPayload(form({ userIds: ['a'], auto: true }), new Date('2026-03-03T16:00:00Z'), 'Asia/Tokyo')).toMatchObject({
      currentDate: 'Wednesday',
      currentHour: 1
    })
  })
})

describe('editing', () => {
  const slot = aSlot({ time: '2026-03-10T09:00:00.000Z', tag: { id: 't1', title: 'Hiring', color: '#000000' } })
  const initial = initialEditForm(slot, tz)

  it('shows the slot in the viewer timezone', () => {
    expect(initial).toMatchObject({ date: '2026-03-10', time: '09:00', userIds: ['member-1'], tagId: 't1', comment: 'Launch recap' })
    expect(initialEditForm(slot, 'America/New_York')).toMatchObject({ date: '2026-03-10', time: '05:00' })
  })

  it('saves nothing when nothing changed', () => {
    expect(slotSaveSteps(initial, initial, tz)).toEqual([])
  })

  it('sends only the changed fields', () => {
    expect(slotSaveSteps(initial, { ...initial, time: '10:15', comment: 'New idea' }, tz)).toEqual([
      { kind: 'update', body: { time: '2026-03-10T10:15:00.000Z', comment: 'New idea' } }
    ])
  })

  it('changes a tag alone with one tags call', () => {
    expect(slotSaveSteps(initial, { ...initial, tagId: 't2' }, tz)).toEqual([{ kind: 'tags', body: { tagId: 't2' } }])
    expect(slotSaveSteps(initial, { ...initial, tagId: null }, tz)).toEqual([{ kind: 'tags', body: { tagId: null } }])
  })

  it('clears a changing tag before the fields change and sets the new one after', () => {
    expect(slotSaveSteps(initial, { ...initial, pageIds: ['p1'], businessTagId: 'bt1' }, tz)).toEqual([
      { kind: 'tags', body: { tagId: null } },
      { kind: 'update', body: { businessPageId: ['p1'] } },
      { kind: 'tags', body: { businessPostTagId: 'bt1' } }
    ])
    expect(slotSaveSteps(initial, { ...initial, userIds: ['member-2'], tagId: 't2' }, tz)).toEqual([
      { kind: 'tags', body: { tagId: null } },
      { kind: 'update', body: { assigneeId: 'member-2' } },
      { kind: 'tags', body: { tagId: 't2' } }
    ])
  })

  it('keeps the slot own day allowed, and otherwise the window', () => {
    const today = initialEditForm(aSlot({ time: '2026-03-03T18:00:00.000Z' }), tz)
    expect(canSaveEdit(today, { ...today, comment: 'x' }, now, tz)).toBe(true)
    expect(canSaveEdit(today, { ...today, date: '2026-03-02' }, now, tz)).toBe(false)
    expect(canSaveEdit(today, { ...today, date: '2026-03-05' }, now, tz)).toBe(true)
    expect(canSaveEdit(today, { ...today, userIds: [] }, now, tz)).toBe(false)
  })
})
