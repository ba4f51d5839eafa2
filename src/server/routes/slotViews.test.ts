import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { AssignedSlot, BusinessPage, Member, PostStatus, PostTag, ScheduleItem, SlotStatus, User } from '../../shared/domain'
import { expandCalendar, type CompactCalendar } from '../../shared/domain/compactCalendar'
import { localDate, localTime } from '../../shared/rules'
import { posts, subscriptions } from '../db/schema'
import { EXPORT_HEADER } from '../services/planCsv'
import { newPostValues } from '../services/posts'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

const NOW = '2026-03-10T10:00:00.000Z'
/** When the test looks: the slots of 11–13 March have passed, the later ones not. */
const LATER = '2026-03-14T00:00:00.000Z'
const RANGE = { from: '2026-03-11T00:00:00.000Z', to: '2026-04-30T00:00:00.000Z' }
const PASSWORD = 'correct horse battery staple'

/**
 * A slot's status, series size and post must be the same in every answer that shows slots (one
 * reader works them out: services/slotView.ts). This compares those answers for the same slots —
 * every status, with and without a post, one-offs and series — so they cannot drift apart: the
 * calendar (its compact wire shape expanded), the list view, a member's slots, the single-slot
 * answers of create, update and re-tag, the status filters and the CSV export.
 */
describeEachDatabase('slot views: one slot, the same everywhere', (t) => {
  const calendar = async (client: TestClient, filter: Record<string, string> = {}) => {
    const res = await client.get<CompactCalendar>('/schedule/calendar', { ...RANGE, ...filter })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return expandCalendar(res.body).slots
  }

  async function world() {
    t().clock.set(NOW)
    const ann = new TestClient(t().app)
    const annEmail = `ann-${randomUUID().slice(0, 8)}@example.com`
    await ann.signup({ fullName: 'Ann Admin', email: annEmail })
    const org = await ann.createOrganization(`Views ${randomUUID().slice(0, 6)}`)
    await t().db.update(subscriptions).set({ availableSeats: 10 }).where(eq(subscriptions.organizationId, org.id))
    const annId = (await ann.get<User>('/user')).body.id
    const maxEmail = `max-${randomUUID().slice(0, 8)}@example.com`
    const invited = await ann.post<{ member: Member; joinUrl: string }>('/members/invite', { email: maxEmail, role: 'MEMBER' })
    const max = new TestClient(t().app)
    await max.post<Session>('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token'), fullName: 'Max Member', password: PASSWORD })
    const maxId = invited.body.member.id
    const page = (await ann.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Acme Robotics' })).body
    expect((await ann.put('/members/update', { userId: maxId, selectedBusinessPages: [page.id] })).status).toBe(200)
    const tag = (await ann.post<PostTag>('/postTag/create', { tagTitle: 'Hiring', tagColor: '#AABBCC', assignedUsers: [annId, maxId] })).body

    const created: AssignedSlot[] = []
    const create = async (body: Record<string, unknown>) => {
      const res = await ann.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', { comment: '', postType: 'textOnly', ...body })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      created.push(...res.body.slots)
      return res.body.slots
    }
    // A weekly series of three for Max with a topic tag (11, 18 and 25 March).
    const weekly = await create({ assignedUserId: [maxId], time: '2026-03-11T09:00:00.000Z', tagId: tag.id, recurrenceType: 'weekly', recurrenceInterval: 1, recurrenceCount: 3, comment: 'Weekly' })
    // A page slot of Max's (12 March) and Ann's one-off (13 March).
    await create({ assignedUserId: [maxId], time: '2026-03-12T09:00:00.000Z', businessPageId: [page.id], targetAudience: 'CTOs', postType: 'poll' })
    const [annSlot] = await create({ assignedUserId: [annId], time: '2026-03-13T09:00:00.000Z', comment: 'Idea' })
    // One series for both of them: two occurrences each (a monthly one, 20 March and 20 April).
    const shared = await create({ assignedUserId: [annId, maxId], time: '2026-03-20T09:00:00.000Z', recurrenceType: 'monthly', recurrenceInterval: 1, recurrenceCount: 2 })
    // The create answers are what the calendar shows.
    expect(await calendar(ann)).toEqual([...created].sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id)))

    const texts = new Map<string, { status: PostStatus; text: string }>()
    const post = async (slot: AssignedSlot, status: 'DRAFT' | 'SCHEDULED' | 'PUBLISHED', text: string) => {
      const values = newPostValues({ organizationId: org.id, authorUserId: slot.assignee.id, slotId: slot.id, text, scheduledAt: new Date(slot.time) }, t().clock.now())
      values.status = status
      if (status === 'PUBLISHED') values.publishedAt = new Date(slot.time)
      await t().db.insert(posts).values(values)
      texts.set(values.id, { status, text })
      return values.id
    }
    // 11 March: published (DONE once past). 12 March: nothing (MISSED). 13 March: a draft (MISSED with a post).
    await post(weekly[0]!, 'PUBLISHED', 'Hired!')
    await post(annSlot!, 'DRAFT', 'Half written')
    // 18 March: scheduled (OPEN with a post). 25 March: a draft and a published one (DONE ahead of time, the published one is its post).
    await post(weekly[1]!, 'SCHEDULED', 'Going out')
    await post(weekly[2]!, 'DRAFT', 'First try')
    await post(weekly[2]!, 'PUBLISHED', 'Early bird')
    return { ann, max, annId, maxId, annEmail, maxEmail, shared, texts }
  }

  const listView = async (client: TestClient, filter: Record<string, string> = {}) => {
    const out: AssignedSlot[] = []
    let cursor: string | null = null
    do {
      const res: { status: number; body: { items: ScheduleItem[]; nextCursor: string | null } } = await client.get('/schedule', {
        ...RANGE,
        ...filter,
        limit: '3',
        ...(cursor ? { cursor } : {})
      })
      expect(res.status).toBe(200)
      for (const item of res.body.items) if (item.kind === 'slot') out.push(item.slot)
      cursor = res.body.nextCursor
    } while (cursor)
    return out
  }

  it('answers the same slot alike from the calendar, the list view, a member list, the single-slot answers, the filters and the CSV export', async () => {
    const w = await world()

    t().clock.set(LATER)
    for (const viewer of [w.ann, w.max]) {
      const slots = await calendar(viewer)
      expect(slots).toHaveLength(9)
      // Every case is here: OPEN with and without a post, MISSED with and without one, DONE past and ahead, series sizes 3 and 2.
      const cases = new Set(slots.map((s) => `${s.status}:${s.postId ? 'post' : 'none'}:${s.time < LATER ? 'past' : 'ahead'}`))
      expect([...cases].sort()).toEqual(['DONE:post:ahead', 'DONE:post:past', 'MISSED:none:past', 'MISSED:post:past', 'OPEN:none:ahead', 'OPEN:post:ahead'])
      expect(new Set(slots.map((s) => s.seriesSize))).toEqual(new Set([1, 2, 3]))
      expect(slots.filter((s) => s.status === 'DONE').every((s) => w.texts.get(s.postId!)?.status === 'PUBLISHED')).toBe(true)

      // The list view and each member's slots.
      expect(await listView(viewer)).toEqual(slots)
      const ofMember = async (userId: string) => (await viewer.get<AssignedSlot[]>('/schedule/assigned-slots', { userId, ...RANGE })).body
      expect(await ofMember(w.annId)).toEqual(slots.filter((s) => s.assignee.id === w.annId))
      expect(await ofMember(w.maxId)).toEqual(slots.filter((s) => s.assignee.id === w.maxId))

      // The status filters keep exactly the slots of that status.
      for (const status of ['OPEN', 'DONE', 'MISSED'] satisfies SlotStatus[]) {
        expect(await calendar(viewer, { status })).toEqual(slots.filter((s) => s.status === status))
        expect(await listView(viewer, { status })).toEqual(slots.filter((s) => s.status === status))
      }

      // The CSV export: one row per slot with its status and its post's.
      const res = await viewer.request('GET', '/schedule/export', { query: { ...RANGE, timezone: 'UTC' } })
      expect(res.status).toBe(200)
      const rows = (parse(res.body as string) as string[][]).filter((r) => r[0] === 'Slot')
      const emails = new Map([
        [w.annId, w.annEmail],
        [w.maxId, w.maxEmail]
      ])
      expect(rows).toEqual(
        slots.map((s) => {
          const post = s.postId ? w.texts.get(s.postId) : undefined
          return [
            'Slot',
            emails.get(s.assignee.id),
            s.assignee.fullName,
            localDate(s.time, 'UTC'),
            localTime(s.time, 'UTC'),
            'UTC',
            s.tag?.title ?? '',
            s.businessPages.map((p) => p.linkedInCompanyName).join('; '),
            s.postType,
            s.targetAudience,
            s.comment,
            s.status,
            post?.status ?? '',
            post?.text ?? ''
          ]
        })
      )
      expect(rows[0]).toHaveLength(EXPORT_HEADER.length)
    }

    // The single-slot answers (of the slots that can still be edited) are the calendar's slots.
    const slots = await calendar(w.ann)
    for (const slot of slots.filter((s) => s.time >= LATER)) {
      const updated = await w.ann.put<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/update', { slotId: slot.id, scope: 'one', comment: slot.comment })
      expect(updated.status, JSON.stringify(updated.body)).toBe(200)
      expect(updated.body.slots).toEqual([slot])
      const retagged = await w.ann.put<{ slots: AssignedSlot[] }>('/schedule/assign-slots/updateTags', { slotId: slot.id, scope: 'one' })
      expect(retagged.status).toBe(200)
      expect(retagged.body.slots).toEqual([slot])
    }
    // Scope 'series' answers the rest of the series alike.
    const series = slots.filter((s) => s.seriesId === w.shared[0]!.seriesId && s.assignee.id === w.maxId)
    const updated = await w.ann.put<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/update', { slotId: series[0]!.id, scope: 'series', comment: '' })
    expect(updated.body.slots).toEqual(series)
    expect(await calendar(w.ann)).toEqual(slots)
  })
})
