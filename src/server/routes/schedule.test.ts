import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { toTeamFormFields, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { AssignedSlot, BusinessPage, BusinessPostTag, Calendar, Member, PostTag, ScheduleItem, Team, User } from '../../shared/domain'
import { expandCalendar, type CompactCalendar } from '../../shared/domain/compactCalendar'
import { localDate, localTime, zonedInstant } from '../../shared/rules'
import { assignedSlots, subscriptions } from '../db/schema'
import { ACCOUNT_NOT_FOUND, CURSOR_INVALID, RANGE_BACKWARDS } from '../services/schedule'
import { MOVED_SLOT_TITLE, NEW_SLOT_TITLE } from '../services/slots'
import { seedBusySchedule } from '../testing/busySchedule'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type Slots = { slots: AssignedSlot[] } & ErrorBody
type SchedulePage = { items: ScheduleItem[]; nextCursor: string | null } & ErrorBody

const PASSWORD = 'correct horse battery staple'
/** A Tuesday, 10:00 UTC. Europe/Berlin moves to summer time on Sunday 29 March 2026. */
const NOW = '2026-03-10T10:00:00.000Z'
const CREATE = '/schedule/assigned-slots/create'
const UPDATE = '/schedule/assigned-slots/update'
const DELETE = '/schedule/assigned-slots/delete'
const TAGS = '/schedule/assign-slots/updateTags'

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`
const byTime = (a: AssignedSlot, b: AssignedSlot) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id)

describeEachDatabase('schedule: assigned slots', (t) => {
  interface Person {
    client: TestClient
    userId: string
    fullName: string
  }

  async function setTimezone(client: TestClient, timezone: string) {
    const res = await client.put<User>('/user/update-user-details', { timezone })
    if (res.status !== 200) throw new Error(`timezone failed: ${res.status} ${JSON.stringify(res.body)}`)
  }

  /** A signed-in ADMIN of a fresh organization with room for 30 seats. */
  async function newOrg(name = 'Acme', fullName = 'Ada Admin', timezone?: string) {
    t().clock.set(NOW)
    const client = new TestClient(t().app)
    await client.signup({ fullName, email: uniqueEmail('admin') })
    const org = await client.createOrganization(name, { linkedInCompanyName: `${name} Inc.`, industry: 'Robotics' })
    await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const userId = (await client.get<User>('/user')).body.id
    if (timezone) await setTimezone(client, timezone)
    const admin: Person = { client, userId, fullName }
    return { admin, org }
  }

  async function addMember(admin: TestClient, fullName: string, options: { role?: 'ADMIN' | 'MEMBER' | 'GHOST'; timezone?: string } = {}): Promise<Person> {
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: uniqueEmail('member'), role: options.role ?? 'MEMBER' })
    if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`)
    const client = new TestClient(t().app)
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    const joined = await client.post<Session>('/join/accept', { token, fullName, password: PASSWORD })
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`)
    if (options.timezone) await setTimezone(client, options.timezone)
    return { client, userId: invited.body.member.id, fullName }
  }

  async function createTeam(admin: TestClient, members: string[], teamLeaders: string[], name = 'Sales') {
    const res = await admin.multipart<Team>('POST', '/team/create', toTeamFormFields({ name, members, teamLeaders, requireTag: false, aISettingTemplateId: null }))
    if (res.status !== 200) throw new Error(`team failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }

  async function createTag(admin: TestClient, title: string, assignedUsers: string[]) {
    const res = await admin.post<PostTag>('/postTag/create', { tagTitle: title, tagColor: '#AABBCC', assignedUsers })
    if (res.status !== 200) throw new Error(`tag failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }

  async function createPage(admin: TestClient, name: string, linked: string[]) {
    const res = await admin.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: name })
    if (res.status !== 200) throw new Error(`page failed: ${res.status} ${JSON.stringify(res.body)}`)
    for (const userId of linked) {
      const member = (await admin.get<{ members: Member[] }>('/members/list')).body.members.find((m) => m.id === userId)!
      const pages = [...member.businessPages.map((p) => p.id), res.body.id]
      expect((await admin.put('/members/update', { userId, selectedBusinessPages: pages })).status).toBe(200)
    }
    return res.body
  }

  const create = (client: TestClient, body: Record<string, unknown>) => client.post<Slots>(CREATE, { comment: 'Idea', postType: 'textOnly', ...body })

  function expectError(res: { status: number; body: unknown }, status: number, message: string, field?: string) {
    const body = res.body as ErrorBody
    expect({ status: res.status, message: body.error?.message }).toEqual({ status, message })
    if (field) expect(body.error.fields?.[field]).toBe(message)
  }

  describe('create', () => {
    it('expands an admin weekly ×4 to two members with a tag into 8 rows of one series and notifies both once', async () => {
      const { admin, org } = await newOrg('Series Co', 'Ada Admin', 'Europe/Berlin')
      const mia = await addMember(admin.client, 'Mia Member', { timezone: 'America/New_York' })
      const max = await addMember(admin.client, 'Max Member')
      const tag = await createTag(admin.client, 'Hiring', [mia.userId, max.userId])
      const first = zonedInstant('2026-03-17', '09:00', 'Europe/Berlin')

      const res = await create(admin.client, {
        assignedUserId: [mia.userId, max.userId],
        time: first.toISOString(),
        comment: ' Launch post ',
        tagId: tag.id,
        recurrenceType: 'weekly',
        recurrenceInterval: 1,
        recurrenceCount: 4,
        targetAudience: 'Engineers',
        postType: 'images'
      })
      expect(res.status).toBe(200)
      const slots = res.body.slots
      expect(slots).toHaveLength(8)
      expect(new Set(slots.map((s) => s.seriesId)).size).toBe(1)
      for (const who of [mia, max]) {
        const mine = slots.filter((s) => s.assignee.id === who.userId).sort(byTime)
        expect(mine.map((s) => s.occurrence)).toEqual([0, 1, 2, 3])
        expect(mine.map((s) => localDate(s.time, 'Europe/Berlin'))).toEqual(['2026-03-17', '2026-03-24', '2026-03-31', '2026-04-07'])
        expect(mine.every((s) => localTime(s.time, 'Europe/Berlin') === '09:00')).toBe(true)
        expect(mine[0]).toMatchObject({
          seriesSize: 4,
          timezone: 'Europe/Berlin',
          comment: 'Launch post',
          autoAssign: false,
          assignee: { id: who.userId, fullName: who.fullName, image: null },
          tag: { id: tag.id, title: 'Hiring', color: '#aabbcc' },
          isBusinessPageSlot: false,
          businessPages: [],
          businessPostTag: null,
          targetAudience: 'Engineers',
          postType: 'images',
          recurrence: { type: 'weekly', interval: 1, count: 4 },
          createdBy: { id: admin.userId, fullName: 'Ada Admin', image: null },
          status: 'OPEN',
          postId: null,
          canEdit: true
        })
      }

      // One notification per assignee (not the assigner), in the assignee's timezone, to the first slot.
      const miaFirst = slots.filter((s) => s.assignee.id === mia.userId).sort(byTime)[0]!
      const miaBell = (await mia.client.notifications()).body.filter((n) => n.title === NEW_SLOT_TITLE)
      expect(miaBell).toEqual([
        expect.objectContaining({
          title: 'New posting slot 📅',
          message: 'Ada Admin assigned you a posting slot on Tue 17 Mar 2026 at 04:00 (×4).',
          link: `/schedule?slotId=${miaFirst.id}`,
          read: false
        })
      ])
      const maxBell = (await max.client.notifications()).body.filter((n) => n.title === NEW_SLOT_TITLE)
      expect(maxBell.map((n) => n.message)).toEqual(['Ada Admin assigned you a posting slot on Tue 17 Mar 2026 at 08:00 (×4).'])
      expect((await admin.client.notifications()).body.filter((n) => n.title === NEW_SLOT_TITLE)).toEqual([])
      for (const who of [mia, max]) {
        const me = (await who.client.get<User>('/user')).body
        expect(me.organizations.find((o) => o.id === org.id)!.unreadNotificationCount).toBe(1)
      }

      // A single slot to oneself: no notification, no "(×N)".
      const own = await create(admin.client, { assignedUserId: [admin.userId], time: zonedInstant('2026-03-12', '16:45', 'Europe/Berlin').toISOString() })
      expect(own.body.slots).toEqual([expect.objectContaining({ seriesSize: 1, occurrence: 0, recurrence: null, tag: null })])
      expect((await admin.client.notifications()).body.filter((n) => n.title === NEW_SLOT_TITLE)).toEqual([])
    })

    it('keeps 09:00 Europe/Berlin across the last Sunday of March (the UTC hour changes)', async () => {
      const { admin } = await newOrg('DST Co', 'Dora Dst', 'Europe/Berlin')
      const res = await create(admin.client, {
        assignedUserId: [admin.userId],
        time: zonedInstant('2026-03-24', '09:00', 'Europe/Berlin').toISOString(),
        recurrenceType: 'weekly',
        recurrenceInterval: 1,
        recurrenceCount: 3
      })
      expect(res.status).toBe(200)
      expect(res.body.slots.map((s) => s.time)).toEqual(['2026-03-24T08:00:00.000Z', '2026-03-31T07:00:00.000Z', '2026-04-07T07:00:00.000Z'])
      expect(res.body.slots.map((s) => localTime(s.time, 'Europe/Berlin'))).toEqual(['09:00', '09:00', '09:00'])
    })

    it('validates the day window (in each assignee’s timezone), the time option and the recurrence', async () => {
      const { admin } = await newOrg('Rules Co')
      const kiri = await addMember(admin.client, 'Kiri Member', { timezone: 'Pacific/Kiritimati' })
      const one = (time: string, extra: Record<string, unknown> = {}) => create(admin.client, { assignedUserId: [admin.userId], time, ...extra })

      // Now is 10:00 UTC on 10 March: tomorrow is the 11th, 90 days ahead is 8 June.
      expectError(await one('2026-03-10T15:00:00.000Z'), 400, MESSAGES.slotDateOutsideWindow, 'time')
      expectError(await one('2026-03-09T15:00:00.000Z'), 400, MESSAGES.slotDateOutsideWindow, 'time')
      expectError(await one('2026-06-09T09:00:00.000Z'), 400, MESSAGES.slotDateOutsideWindow, 'time')
      expect((await one('2026-03-11T00:00:00.000Z')).status).toBe(200)
      expect((await one('2026-06-08T23:45:00.000Z')).status).toBe(200)
      // In Kiritimati (UTC+14) the 11th is already today.
      const kiriToday = await create(admin.client, { assignedUserId: [admin.userId, kiri.userId], time: '2026-03-11T09:00:00.000Z' })
      expectError(kiriToday, 400, MESSAGES.slotDateOutsideWindow, 'time')
      expect((await create(admin.client, { assignedUserId: [kiri.userId], time: '2026-03-11T10:00:00.000Z' })).status).toBe(200)

      expectError(await one('2026-03-12T09:10:00.000Z'), 400, MESSAGES.slotTimeNotOption, 'time')
      expectError(await one('2026-03-12T09:00:30.000Z'), 400, MESSAGES.slotTimeNotOption, 'time')
      expect((await create(admin.client, { assignedUserId: [admin.userId], time: 'tomorrow' })).status).toBe(400)

      const weekly = (interval: number | null, count: number | null, type: string | null = 'weekly') =>
        one('2026-03-12T09:00:00.000Z', { recurrenceType: type, recurrenceInterval: interval, recurrenceCount: count })
      expectError(await weekly(5, 2), 400, MESSAGES.slotRecurrenceInvalid, 'recurrenceInterval')
      expectError(await weekly(0, 2), 400, MESSAGES.slotRecurrenceInvalid, 'recurrenceInterval')
      expectError(await weekly(1, 17), 400, MESSAGES.slotRecurrenceInvalid, 'recurrenceCount')
      expectError(await weekly(1, -1), 400, MESSAGES.slotRecurrenceInvalid, 'recurrenceCount')
      expectError(await weekly(2, 3, 'monthly'), 400, MESSAGES.slotRecurrenceInvalid, 'recurrenceInterval')
      expect((await weekly(1, 2, 'daily')).status).toBe(400)
      // Recurrence only with a type and a count above 0.
      expect((await weekly(2, 0)).body.slots).toEqual([expect.objectContaining({ recurrence: null })])
      expect((await weekly(2, 4, null)).body.slots).toEqual([expect.objectContaining({ recurrence: null })])
      const every4 = await weekly(4, 16)
      expect(every4.body.slots).toHaveLength(16)
      expect(localDate(every4.body.slots[15]!.time, 'UTC')).toBe('2027-05-06') // 60 weeks later; the window binds the first only
      // Monthly: interval stored as 1, month ends clamp.
      const monthly = await one('2026-03-31T09:00:00.000Z', { recurrenceType: 'monthly', recurrenceInterval: null, recurrenceCount: 3 })
      expect(monthly.body.slots.map((s) => localDate(s.time, 'UTC'))).toEqual(['2026-03-31', '2026-04-30', '2026-05-31'])
      expect(monthly.body.slots[0]!.recurrence).toEqual({ type: 'monthly', interval: 1, count: 3 })

      expectError(await create(admin.client, { assignedUserId: [], time: '2026-03-12T09:00:00.000Z' }), 400, MESSAGES.slotNeedsUser, 'assignedUserId')
      expect((await create(admin.client, { assignedUserId: [admin.userId], time: '2026-03-12T09:00:00.000Z', comment: 'x'.repeat(2001) })).status).toBe(400)
    })

    it('checks the time option in the assigner’s timezone', async () => {
      const { admin } = await newOrg('Zone Co', 'Kai Kolkata', 'Asia/Kolkata')
      // 03:30 UTC is 09:00 in Kolkata (UTC+5:30).
      const res = await create(admin.client, { assignedUserId: [admin.userId], time: '2026-03-12T03:30:00.000Z' })
      expect(res.status).toBe(200)
      expect(res.body.slots[0]!.timezone).toBe('Asia/Kolkata')
    })

    it('accepts only ACTIVE members of the organization', async () => {
      const { admin } = await newOrg('Members Co')
      const invited = await admin.client.post<{ member: Member }>('/members/invite', { email: uniqueEmail('pending'), role: 'MEMBER' })
      const other = await newOrg('Elsewhere')
      for (const userId of [invited.body.member.id, other.admin.userId, randomUUID(), 'not-a-uuid']) {
        const res = await create(admin.client, { assignedUserId: [admin.userId, userId], time: '2026-03-12T09:00:00.000Z' })
        if (userId === 'not-a-uuid') expect(res.status).toBe(400)
        else expectError(res, 400, MESSAGES.slotMemberUnknown, 'assignedUserId')
      }
    })

    it('checks business pages, page links, business post tags and topic tags', async () => {
      const { admin } = await newOrg('Pages Co')
      const mia = await addMember(admin.client, 'Mia Member')
      const max = await addMember(admin.client, 'Max Member')
      const labs = await createPage(admin.client, 'Acme Labs', [mia.userId, max.userId])
      const shop = await createPage(admin.client, 'Acme Shop', [mia.userId])
      const launch = (await admin.client.post<BusinessPostTag>('/businessPostTag', { businessPageId: labs.id, title: 'Launch', color: '#ff0000' })).body
      const sale = (await admin.client.post<BusinessPostTag>('/businessPostTag', { businessPageId: shop.id, title: 'Sale', color: '#00ff00' })).body
      const hiring = await createTag(admin.client, 'Hiring', [mia.userId])
      const other = await newOrg('Other Pages')
      const foreignPage = await createPage(other.admin.client, 'Foreign', [])
      const foreignTag = await createTag(other.admin.client, 'Foreign', [])
      const time = '2026-03-12T09:00:00.000Z'
      const both = [mia.userId, max.userId]

      expectError(await create(admin.client, { assignedUserId: both, time, businessPageId: [labs.id, shop.id] }), 400, MESSAGES.slotPageNotLinked, 'businessPageId')
      expectError(await create(admin.client, { assignedUserId: both, time, businessPageId: [labs.id], tagId: hiring.id }), 400, MESSAGES.slotTagWithPages, 'tagId')
      expectError(
        await create(admin.client, { assignedUserId: both, time, businessPageId: [labs.id], businessPostTagId: sale.id }),
        400,
        MESSAGES.slotBusinessTagNotAllowed,
        'businessPostTagId'
      )
      expectError(await create(admin.client, { assignedUserId: both, time, businessPostTagId: launch.id }), 400, MESSAGES.slotBusinessTagNotAllowed, 'businessPostTagId')
      expectError(await create(admin.client, { assignedUserId: both, time, businessPageId: [foreignPage.id] }), 404, MESSAGES.businessPageNotFound)
      expectError(await create(admin.client, { assignedUserId: both, time, tagId: hiring.id }), 400, MESSAGES.slotTagNotAllowed, 'tagId')
      expectError(await create(admin.client, { assignedUserId: [mia.userId], time, tagId: foreignTag.id }), 400, MESSAGES.slotTagNotAllowed, 'tagId')

      const pageSlot = await create(admin.client, { assignedUserId: both, time, businessPageId: [labs.id], businessPostTagId: launch.id, isBusinessPageSlot: false })
      expect(pageSlot.status).toBe(200)
      expect(pageSlot.body.slots[0]).toMatchObject({
        isBusinessPageSlot: true,
        businessPages: [{ id: labs.id, linkedInCompanyName: 'Acme Labs', image: null }],
        businessPostTag: { id: launch.id, title: 'Launch', color: '#ff0000' },
        tag: null
      })
      const twoPages = await create(admin.client, { assignedUserId: [mia.userId], time, businessPageId: [shop.id, labs.id], businessPostTagId: sale.id })
      expect(twoPages.body.slots[0]!.businessPages.map((p) => p.linkedInCompanyName)).toEqual(['Acme Labs', 'Acme Shop'])
      const noPages = await create(admin.client, { assignedUserId: [mia.userId], time, isBusinessPageSlot: true, businessPageId: [], tagId: hiring.id })
      expect(noPages.body.slots[0]).toMatchObject({ isBusinessPageSlot: false, tag: { id: hiring.id } })
    })
  })

  describe('permissions', () => {
    it('lets a MEMBER assign only themselves and a team leader their teams and themselves', async () => {
      const { admin } = await newOrg('Roles Co')
      const lea = await addMember(admin.client, 'Lea Leader')
      const mia = await addMember(admin.client, 'Mia Member')
      const oli = await addMember(admin.client, 'Oli Outsider')
      const ghost = await addMember(admin.client, 'Gus Ghost', { role: 'GHOST' })
      await createTeam(admin.client, [mia.userId], [lea.userId])
      const time = '2026-03-12T09:00:00.000Z'

      expectError(await create(oli.client, { assignedUserId: [mia.userId], time }), 403, MESSAGES.slotOnlySelf)
      expectError(await create(oli.client, { assignedUserId: [oli.userId, mia.userId], time }), 403, MESSAGES.slotOnlySelf)
      expect((await create(oli.client, { assignedUserId: [oli.userId], time })).status).toBe(200)

      expectError(await create(lea.client, { assignedUserId: [mia.userId, oli.userId], time }), 403, MESSAGES.slotOnlyYourTeams)
      expectError(await create(lea.client, { assignedUserId: [admin.userId], time }), 403, MESSAGES.slotOnlyYourTeams)
      expect((await create(lea.client, { assignedUserId: [mia.userId, lea.userId], time })).body.slots).toHaveLength(2)

      expect((await create(ghost.client, { assignedUserId: [oli.userId, admin.userId], time })).status).toBe(200)
    })

    it('lets admins, the leaders of the assignee’s team and the creator edit; canEdit says so', async () => {
      const { admin } = await newOrg('Edit Co')
      const lea = await addMember(admin.client, 'Lea Leader')
      const mia = await addMember(admin.client, 'Mia Member')
      const oli = await addMember(admin.client, 'Oli Outsider')
      await createTeam(admin.client, [mia.userId], [lea.userId])
      const time = '2026-03-12T09:00:00.000Z'
      const byAdmin = (await create(admin.client, { assignedUserId: [mia.userId], time })).body.slots[0]!
      const byOli = (await create(oli.client, { assignedUserId: [oli.userId], time })).body.slots[0]!

      const seen = async (client: TestClient, slotId: string) =>
        expandCalendar((await client.get<CompactCalendar>('/schedule/calendar', { from: NOW, to: '2026-04-01T00:00:00.000Z' })).body).slots.find((s) => s.id === slotId)!.canEdit
      expect(await seen(mia.client, byAdmin.id)).toBe(false)
      expect(await seen(lea.client, byAdmin.id)).toBe(true)
      expect(await seen(oli.client, byAdmin.id)).toBe(false)
      expect(await seen(oli.client, byOli.id)).toBe(true)
      expect(await seen(lea.client, byOli.id)).toBe(false)
      expect(await seen(admin.client, byOli.id)).toBe(true)

      expectError(await mia.client.put(UPDATE, { slotId: byAdmin.id, comment: 'mine' }), 403, MESSAGES.slotNotEditable)
      expectError(await oli.client.put(TAGS, { slotId: byAdmin.id, tagId: null }), 403, MESSAGES.slotNotEditable)
      expectError(await oli.client.delete(DELETE, { slotId: byAdmin.id }), 403, MESSAGES.slotNotEditable)
      expect((await lea.client.put<Slots>(UPDATE, { slotId: byAdmin.id, comment: 'by leader' })).body.slots[0]!.comment).toBe('by leader')
      expect((await oli.client.put<Slots>(UPDATE, { slotId: byOli.id, comment: 'by creator' })).body.slots[0]!.comment).toBe('by creator')
      expect((await admin.client.put<Slots>(UPDATE, { slotId: byOli.id, comment: 'by admin' })).body.slots[0]!.comment).toBe('by admin')

      // Reassigning re-checks who the editor may assign to.
      expectError(await lea.client.put(UPDATE, { slotId: byAdmin.id, assigneeId: oli.userId }), 403, MESSAGES.slotOnlyYourTeams)
      expectError(await oli.client.put(UPDATE, { slotId: byOli.id, assigneeId: mia.userId }), 403, MESSAGES.slotOnlySelf)
      expect((await lea.client.delete<{ deleted: number }>(DELETE, { slotId: byAdmin.id })).body).toEqual({ deleted: 1 })
    })
  })

  describe('auto mode', () => {
    async function insertSlot(organizationId: string, assigneeId: string, time: Date | string, timezone = 'UTC') {
      await t()
        .db.insert(assignedSlots)
        .values({ id: randomUUID(), organizationId, seriesId: randomUUID(), assigneeId, time: new Date(time), timezone, createdAt: new Date(NOW), updatedAt: new Date(NOW) })
    }

    it('picks the member furthest below their monthly target, at their usual time tomorrow in their timezone', async () => {
      const { admin, org } = await newOrg('Auto Co')
      const mia = await addMember(admin.client, 'Mia Member', { timezone: 'Europe/Berlin' })
      const max = await addMember(admin.client, 'Max Member', { timezone: 'America/New_York' })
      await admin.client.put('/members/update', { userId: mia.userId, numberOfPosts: 4 })
      await admin.client.put('/members/update', { userId: max.userId, numberOfPosts: 4 })
      // This month (each in their timezone) Mia: 4 − 2 = 2; Max: 4 − 1 = 3 → Max. His past 90 days: mostly 14:30 New York time
      // (the three 07:00 slots are older than 90 days and do not count).
      await insertSlot(org.id, mia.userId, '2026-03-02T09:00:00Z')
      await insertSlot(org.id, mia.userId, '2026-03-20T09:00:00Z')
      await insertSlot(org.id, max.userId, zonedInstant('2026-02-20', '14:30', 'America/New_York'))
      await insertSlot(org.id, max.userId, zonedInstant('2026-02-10', '14:30', 'America/New_York'))
      await insertSlot(org.id, max.userId, zonedInstant('2026-03-01', '08:00', 'America/New_York'))
      await insertSlot(org.id, max.userId, zonedInstant('2025-10-01', '07:00', 'America/New_York')) // older than 90 days
      await insertSlot(org.id, max.userId, zonedInstant('2025-11-02', '07:00', 'America/New_York'))
      await insertSlot(org.id, max.userId, zonedInstant('2025-11-03', '07:00', 'America/New_York'))

      const res = await create(admin.client, { assignedUserId: [], autoAssign: true, time: '2026-03-11T00:00:00.000Z', currentDate: 'Tuesday', currentHour: 11 })
      expect(res.status).toBe(200)
      expect(res.body.slots).toEqual([expect.objectContaining({ autoAssign: true, timezone: 'America/New_York', assignee: expect.objectContaining({ id: max.userId }) })])
      const slot = res.body.slots[0]!
      expect(localDate(slot.time, 'America/New_York')).toBe('2026-03-11')
      expect(localTime(slot.time, 'America/New_York')).toBe('14:30')
      expect((await max.client.notifications()).body[0]!.message).toBe('Ada Admin assigned you a posting slot on Wed 11 Mar 2026 at 14:30.')

      // Now Max is at 4 − 2 = 2 like Mia; next 30 days: one each (Mia the 20th, Max tomorrow) → full name: Max before Mia.
      const second = await create(admin.client, { assignedUserId: [], autoAssign: true, time: '2026-03-11T00:00:00.000Z', currentHour: 11, recurrenceType: 'weekly', recurrenceInterval: 2, recurrenceCount: 2 })
      expect(second.body.slots.map((s) => s.assignee.fullName)).toEqual(['Max Member', 'Max Member'])
      // Max: 4 − 4 = 0 now; Mia 2 → Mia, at her usual quarter-hour (her only past slot: 09:00 UTC = 10:00 Berlin).
      const third = await create(admin.client, { assignedUserId: [], autoAssign: true, time: '2026-03-11T00:00:00.000Z', currentHour: 11 })
      expect(third.body.slots[0]!.assignee.id).toBe(mia.userId)
      expect(localTime(third.body.slots[0]!.time, 'Europe/Berlin')).toBe('10:00')
    })

    it('uses currentHour:00 (default 09:00) without history, restricts MEMBERs to themselves, and narrows the pool to who can take the slot', async () => {
      const { admin } = await newOrg('Auto Hours')
      const mia = await addMember(admin.client, 'Mia Member', { timezone: 'Asia/Tokyo' })
      await admin.client.put('/members/update', { userId: mia.userId, numberOfPosts: 5 })
      const withHour = await create(admin.client, { assignedUserId: [mia.userId], autoAssign: true, time: NOW, currentHour: 7 })
      expect(withHour.body.slots[0]!.assignee.id).toBe(mia.userId)
      expect(localTime(withHour.body.slots[0]!.time, 'Asia/Tokyo')).toBe('07:00')
      expect(localDate(withHour.body.slots[0]!.time, 'Asia/Tokyo')).toBe('2026-03-11')

      const { admin: admin2 } = await newOrg('Auto Default')
      const solo = await create(admin2.client, { assignedUserId: [], autoAssign: true, time: NOW })
      expect(localTime(solo.body.slots[0]!.time, 'UTC')).toBe('09:00')

      // A MEMBER's pool is themselves, even when others are far below their target.
      const oli = await addMember(admin.client, 'Oli Outsider')
      const own = await create(oli.client, { assignedUserId: [], autoAssign: true, time: NOW, currentHour: 8 })
      expect(own.body.slots[0]!.assignee.id).toBe(oli.userId)
      expectError(await create(oli.client, { assignedUserId: [mia.userId], autoAssign: true, time: NOW }), 403, MESSAGES.slotOnlySelf)

      // Only members holding the chosen tag / linked to the chosen pages are eligible.
      const tag = await createTag(admin.client, 'Oli only', [oli.userId])
      const tagged = await create(admin.client, { assignedUserId: [], autoAssign: true, time: NOW, tagId: tag.id })
      expect(tagged.body.slots[0]!.assignee.id).toBe(oli.userId)
      const page = await createPage(admin.client, 'Nobody’s page', [])
      expectError(await create(admin.client, { assignedUserId: [], autoAssign: true, time: NOW, businessPageId: [page.id] }), 400, MESSAGES.noEligibleMember)
    })
  })

  describe('edit, move and delete', () => {
    async function weeklySeries(count = 4) {
      const { admin, org } = await newOrg('Edit Series', 'Ada Admin', 'Europe/Berlin')
      const mia = await addMember(admin.client, 'Mia Member', { timezone: 'Europe/Berlin' })
      const res = await create(admin.client, {
        assignedUserId: [mia.userId],
        time: zonedInstant('2026-03-17', '09:00', 'Europe/Berlin').toISOString(),
        recurrenceType: 'weekly',
        recurrenceInterval: 1,
        recurrenceCount: count
      })
      expect(res.status).toBe(200)
      return { admin, mia, org, slots: res.body.slots.sort(byTime) }
    }

    const calendar = async (client: TestClient) =>
      expandCalendar((await client.get<CompactCalendar>('/schedule/calendar', { from: NOW, to: '2026-06-01T00:00:00.000Z' })).body).slots

    it('edits one occurrence or this and the later ones', async () => {
      const { admin, slots } = await weeklySeries()
      const one = await admin.client.put<Slots>(UPDATE, { slotId: slots[1]!.id, scope: 'one', comment: 'Only this', postType: 'poll', targetAudience: 'CTOs' })
      expect(one.body.slots.map((s) => [s.id, s.comment, s.postType, s.targetAudience])).toEqual([[slots[1]!.id, 'Only this', 'poll', 'CTOs']])
      const series = await admin.client.put<Slots>(UPDATE, { slotId: slots[2]!.id, scope: 'series', comment: 'From here on' })
      expect(series.body.slots.map((s) => s.id)).toEqual([slots[2]!.id, slots[3]!.id])
      expect((await calendar(admin.client)).map((s) => s.comment)).toEqual(['Idea', 'Only this', 'From here on', 'From here on'])
    })

    it('moves one occurrence, or the later ones by the same number of days to the new wall-clock time (DST-safe)', async () => {
      const { admin, slots } = await weeklySeries()
      // One: the 17th 09:00 → the 18th 10:00 Berlin.
      const moved = await admin.client.put<Slots>(UPDATE, { slotId: slots[0]!.id, time: zonedInstant('2026-03-18', '10:00', 'Europe/Berlin').toISOString() })
      expect(moved.status).toBe(200)
      expect(moved.body.slots.map((s) => s.time)).toEqual([zonedInstant('2026-03-18', '10:00', 'Europe/Berlin').toISOString()])
      // Series from the 24th (before DST): +2 days at 11:30 → the 26th, 2 April, 9 April, all 11:30 Berlin.
      const series = await admin.client.put<Slots>(UPDATE, {
        slotId: slots[1]!.id,
        scope: 'series',
        time: zonedInstant('2026-03-26', '11:30', 'Europe/Berlin').toISOString()
      })
      expect(series.status).toBe(200)
      expect(series.body.slots.map((s) => `${localDate(s.time, 'Europe/Berlin')} ${localTime(s.time, 'Europe/Berlin')}`)).toEqual([
        '2026-03-26 11:30',
        '2026-04-02 11:30',
        '2026-04-09 11:30'
      ])
      expect(series.body.slots.map((s) => s.time)).toEqual(['2026-03-26T10:30:00.000Z', '2026-04-02T09:30:00.000Z', '2026-04-09T09:30:00.000Z'])
      expect((await calendar(admin.client)).map((s) => localDate(s.time, 'Europe/Berlin'))).toEqual(['2026-03-18', '2026-03-26', '2026-04-02', '2026-04-09'])

      // The moved target is validated like a new slot; nothing changes on an error.
      expectError(await admin.client.put(UPDATE, { slotId: slots[1]!.id, time: '2026-03-27T09:10:00.000Z' }), 400, MESSAGES.slotTimeNotOption, 'time')
      expectError(await admin.client.put(UPDATE, { slotId: slots[1]!.id, time: '2026-03-10T18:00:00.000Z' }), 400, MESSAGES.slotDateOutsideWindow, 'time')
      expectError(await admin.client.put(UPDATE, { slotId: slots[1]!.id, scope: 'series', time: '2026-06-10T09:00:00.000Z' }), 400, MESSAGES.slotDateOutsideWindow, 'time')
      expect((await calendar(admin.client)).map((s) => localDate(s.time, 'Europe/Berlin'))).toEqual(['2026-03-18', '2026-03-26', '2026-04-02', '2026-04-09'])
    })

    it('re-dates the assignee’s notification in the move’s transaction and brings it back unread when someone else moved it (issue 12)', async () => {
      const { admin, mia, slots } = await weeklySeries()
      const max = await addMember(admin.client, 'Max Member', { timezone: 'UTC' })
      const slotBell = async (who: Person) => (await who.client.notifications()).body.filter((n) => n.link?.startsWith('/schedule?'))
      const unread = async (who: Person) => (await who.client.get<User>('/user')).body.organizations[0]!.unreadNotificationCount
      const [unseen] = await slotBell(mia)
      expect(unseen).toMatchObject({ title: NEW_SLOT_TITLE, message: 'Ada Admin assigned you a posting slot on Tue 17 Mar 2026 at 09:00 (×4).', link: `/schedule?slotId=${slots[0]!.id}` })
      expect((await mia.client.put('/notification/mark-as-read', { id: unseen!.id })).status).toBe(200)
      const [assigned] = await slotBell(mia)
      expect(assigned).toEqual({ ...unseen, read: true })

      t().clock.set('2026-03-10T11:00:00.000Z')
      try {
        // Another occurrence moves: the notification names the first, which stays where it was.
        expect((await admin.client.put(UPDATE, { slotId: slots[1]!.id, time: zonedInstant('2026-03-25', '09:00', 'Europe/Berlin').toISOString() })).status).toBe(200)
        expect(await slotBell(mia)).toEqual([assigned])
        // A refused move changes nothing.
        expectError(await admin.client.put(UPDATE, { slotId: slots[0]!.id, scope: 'series', time: '2026-06-10T09:00:00.000Z' }), 400, MESSAGES.slotDateOutsideWindow, 'time')
        expect(await slotBell(mia)).toEqual([assigned])

        // The admin moves the series from the first: the same notification, the new day, unread and newest again.
        const series = await admin.client.put<Slots>(UPDATE, { slotId: slots[0]!.id, scope: 'series', time: zonedInstant('2026-03-18', '10:00', 'Europe/Berlin').toISOString() })
        expect(series.status).toBe(200)
        expect(await slotBell(mia)).toEqual([
          {
            ...assigned,
            title: MOVED_SLOT_TITLE,
            message: 'Ada Admin assigned you a posting slot on Wed 18 Mar 2026 at 10:00 (×4).',
            read: false,
            createdAt: '2026-03-10T11:00:00.000Z'
          }
        ])
        expect(await unread(mia)).toBe(1)

        // Mia, leading a team she is in, moves it herself once she has read it: in her timezone now, still read.
        await createTeam(admin.client, [mia.userId], [mia.userId])
        await setTimezone(mia.client, 'America/New_York')
        await mia.client.put('/notification/mark-as-read', {})
        t().clock.set('2026-03-10T12:00:00.000Z')
        expect((await mia.client.put(UPDATE, { slotId: slots[0]!.id, time: zonedInstant('2026-03-19', '09:00', 'Europe/Berlin').toISOString() })).status).toBe(200)
        expect(await slotBell(mia)).toEqual([
          expect.objectContaining({ id: assigned!.id, title: MOVED_SLOT_TITLE, message: 'Ada Admin assigned you a posting slot on Thu 19 Mar 2026 at 04:00 (×4).', read: true })
        ])
        expect(await unread(mia)).toBe(0)

        // Moved and reassigned at once: Max is told of the new day; Mia's notification names what is still hers (issue 26).
        expect((await admin.client.put(UPDATE, { slotId: slots[0]!.id, assigneeId: max.userId, time: zonedInstant('2026-03-20', '09:00', 'Europe/Berlin').toISOString() })).status).toBe(200)
        expect((await slotBell(max)).map((n) => [n.title, n.message])).toEqual([[NEW_SLOT_TITLE, 'Ada Admin assigned you a posting slot on Fri 20 Mar 2026 at 08:00.']])
        const left = (await calendar(mia.client)).filter((s) => s.assignee.id === mia.userId)
        expect(left).toHaveLength(3)
        expect((await slotBell(mia)).map((n) => [n.message, n.link, n.read])).toEqual([
          ['Ada Admin assigned you a posting slot on Thu 26 Mar 2026 at 05:00 (×3).', `/schedule?slotId=${left[0]!.id}`, true]
        ])
      } finally {
        t().clock.set(NOW)
      }
    })

    it('deletes one occurrence or this and the later ones; seriesSize follows', async () => {
      const { admin, slots } = await weeklySeries()
      expect((await admin.client.delete<{ deleted: number }>(DELETE, { slotId: slots[2]!.id, scope: 'one' })).body).toEqual({ deleted: 1 })
      expect((await calendar(admin.client)).map((s) => [s.id, s.seriesSize])).toEqual([
        [slots[0]!.id, 3],
        [slots[1]!.id, 3],
        [slots[3]!.id, 3]
      ])
      expect((await admin.client.delete<{ deleted: number }>(DELETE, { slotId: slots[1]!.id, scope: 'series' })).body).toEqual({ deleted: 2 })
      expect((await calendar(admin.client)).map((s) => [s.id, s.seriesSize])).toEqual([[slots[0]!.id, 1]])
      expectError(await admin.client.delete(DELETE, { slotId: slots[1]!.id }), 404, MESSAGES.slotNotFound)
      expectError(await admin.client.delete(DELETE, { slotId: 'nope' }), 404, MESSAGES.slotNotFound)
    })

    it('keeps the series notification true as occurrences are deleted and given away: the count, the first slot and its link (issue 26)', async () => {
      const { admin, mia, slots } = await weeklySeries()
      const max = await addMember(admin.client, 'Max Member', { timezone: 'UTC' })
      const bell = async () => (await mia.client.notifications()).body.filter((n) => n.title === NEW_SLOT_TITLE).map((n) => ({ message: n.message, link: n.link }))
      expect(await bell()).toEqual([{ message: 'Ada Admin assigned you a posting slot on Tue 17 Mar 2026 at 09:00 (×4).', link: `/schedule?slotId=${slots[0]!.id}` }])
      // One later occurrence deleted: three left.
      expect((await admin.client.delete(DELETE, { slotId: slots[2]!.id, scope: 'one' })).status).toBe(200)
      expect(await bell()).toEqual([{ message: 'Ada Admin assigned you a posting slot on Tue 17 Mar 2026 at 09:00 (×3).', link: `/schedule?slotId=${slots[0]!.id}` }])
      // The first one deleted: the notification names and leads to the new first.
      expect((await admin.client.delete(DELETE, { slotId: slots[0]!.id, scope: 'one' })).status).toBe(200)
      expect(await bell()).toEqual([{ message: 'Ada Admin assigned you a posting slot on Tue 24 Mar 2026 at 09:00 (×2).', link: `/schedule?slotId=${slots[1]!.id}` }])
      // The rest given to Max: Mia's says they are gone and leads to the schedule; Max is told of his.
      expect((await admin.client.put(UPDATE, { slotId: slots[1]!.id, scope: 'series', assigneeId: max.userId })).status).toBe(200)
      expect(await bell()).toEqual([{ message: 'Ada Admin assigned you a posting slot on Tue 24 Mar 2026 at 09:00 (×2); they were removed since.', link: '/schedule' }])
      expect((await max.client.notifications()).body.filter((n) => n.title === NEW_SLOT_TITLE).map((n) => n.message)).toEqual([
        'Ada Admin assigned you a posting slot on Tue 24 Mar 2026 at 08:00 (×2).'
      ])
    })

    it('refuses to edit, move or re-tag a past slot but deletes it', async () => {
      const { admin, slots } = await weeklySeries(2)
      t().clock.set('2026-03-18T12:00:00.000Z')
      try {
        const past = expandCalendar((await admin.client.get<CompactCalendar>('/schedule/calendar', { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' })).body).slots
        expect(past.map((s) => s.status)).toEqual(['MISSED', 'OPEN'])
        expectError(await admin.client.put(UPDATE, { slotId: slots[0]!.id, comment: 'late' }), 400, MESSAGES.slotInPast)
        expectError(await admin.client.put(UPDATE, { slotId: slots[0]!.id, time: '2026-03-20T09:00:00.000Z' }), 400, MESSAGES.slotInPast)
        expectError(await admin.client.put(TAGS, { slotId: slots[0]!.id, tagId: null }), 400, MESSAGES.slotInPast)
        expect((await admin.client.delete<{ deleted: number }>(DELETE, { slotId: slots[0]!.id })).body).toEqual({ deleted: 1 })
      } finally {
        t().clock.set(NOW)
      }
    })

    it('reassigns with permission, page-link and tag checks and notifies the new assignee', async () => {
      const { admin, mia, slots } = await weeklySeries()
      const max = await addMember(admin.client, 'Max Member', { timezone: 'UTC' })
      const page = await createPage(admin.client, 'Acme Labs', [mia.userId])
      const tag = await createTag(admin.client, 'Hiring', [mia.userId])
      const before = (await max.client.notifications()).body.length

      const moved = await admin.client.put<Slots>(UPDATE, { slotId: slots[2]!.id, scope: 'series', assigneeId: max.userId })
      expect(moved.body.slots.map((s) => [s.assignee.id, s.seriesSize])).toEqual([
        [max.userId, 2],
        [max.userId, 2]
      ])
      const bell = (await max.client.notifications()).body
      expect(bell).toHaveLength(before + 1)
      expect(bell.find((n) => n.title === NEW_SLOT_TITLE)).toMatchObject({ title: NEW_SLOT_TITLE, message: 'Ada Admin assigned you a posting slot on Tue 31 Mar 2026 at 07:00 (×2).', link: `/schedule?slotId=${slots[2]!.id}` })
      expectError(await admin.client.put(UPDATE, { slotId: slots[0]!.id, assigneeId: randomUUID() }), 400, MESSAGES.slotMemberUnknown)

      // Page slots: the new assignee must be linked to the pages; pages need links too.
      expectError(await admin.client.put(UPDATE, { slotId: slots[2]!.id, businessPageId: [page.id] }), 400, MESSAGES.slotPageNotLinked, 'businessPageId')
      const paged = await admin.client.put<Slots>(UPDATE, { slotId: slots[0]!.id, scope: 'series', businessPageId: [page.id] })
      expect(paged.body.slots.map((s) => s.isBusinessPageSlot)).toEqual([true, true])
      expectError(await admin.client.put(UPDATE, { slotId: slots[1]!.id, assigneeId: max.userId }), 400, MESSAGES.slotPageNotLinked, 'businessPageId')
      const unpaged = await admin.client.put<Slots>(UPDATE, { slotId: slots[1]!.id, businessPageId: [] })
      expect(unpaged.body.slots[0]).toMatchObject({ isBusinessPageSlot: false, businessPages: [] })
      // A topic tag stays only if the new assignee has it.
      await admin.client.put(TAGS, { slotId: slots[1]!.id, tagId: tag.id })
      expectError(await admin.client.put(UPDATE, { slotId: slots[1]!.id, assigneeId: max.userId }), 400, MESSAGES.slotTagNotAllowed, 'tagId')
      expectError(await admin.client.put(UPDATE, { slotId: slots[1]!.id, businessPageId: [page.id] }), 400, MESSAGES.slotTagWithPages, 'tagId')
    })

    it('sets and clears tags following the create rules, for one or the later occurrences', async () => {
      const { admin, mia, slots } = await weeklySeries()
      const hiring = await createTag(admin.client, 'Hiring', [mia.userId])
      const other = await createTag(admin.client, 'Other', [admin.userId])
      const page = await createPage(admin.client, 'Acme Labs', [mia.userId])
      const launch = (await admin.client.post<BusinessPostTag>('/businessPostTag', { businessPageId: page.id, title: 'Launch', color: '#ff0000' })).body

      const series = await admin.client.put<Slots>(TAGS, { slotId: slots[1]!.id, scope: 'series', tagId: hiring.id })
      expect(series.body.slots.map((s) => s.tag?.id)).toEqual([hiring.id, hiring.id, hiring.id])
      expect((await admin.client.put<Slots>(TAGS, { slotId: slots[2]!.id, tagId: null })).body.slots.map((s) => s.tag)).toEqual([null])
      expectError(await admin.client.put(TAGS, { slotId: slots[0]!.id, tagId: other.id }), 400, MESSAGES.slotTagNotAllowed, 'tagId')
      expectError(await admin.client.put(TAGS, { slotId: slots[0]!.id, businessPostTagId: launch.id }), 400, MESSAGES.slotBusinessTagNotAllowed, 'businessPostTagId')

      await admin.client.put(TAGS, { slotId: slots[0]!.id, tagId: null })
      await admin.client.put(UPDATE, { slotId: slots[0]!.id, businessPageId: [page.id] })
      expectError(await admin.client.put(TAGS, { slotId: slots[0]!.id, tagId: hiring.id }), 400, MESSAGES.slotTagWithPages, 'tagId')
      const tagged = await admin.client.put<Slots>(TAGS, { slotId: slots[0]!.id, businessPostTagId: launch.id })
      expect(tagged.body.slots[0]!.businessPostTag).toEqual({ id: launch.id, title: 'Launch', color: '#ff0000' })
      expect((await calendar(admin.client)).map((s) => [s.tag?.title ?? null, s.businessPostTag?.title ?? null])).toEqual([
        [null, 'Launch'],
        ['Hiring', null],
        [null, null],
        ['Hiring', null]
      ])
    })
  })

  describe('lists and the calendar', () => {
    it('lists one member’s slots, the calendar with filters and the paged list view', async () => {
      const { admin } = await newOrg('Lists Co')
      const mia = await addMember(admin.client, 'Mia Member')
      const max = await addMember(admin.client, 'Max Member')
      const team = await createTeam(admin.client, [mia.userId], [mia.userId])
      const page = await createPage(admin.client, 'Acme Labs', [max.userId])
      await create(admin.client, { assignedUserId: [mia.userId], time: '2026-03-12T09:00:00.000Z', recurrenceType: 'weekly', recurrenceInterval: 1, recurrenceCount: 3, postType: 'poll' })
      await create(admin.client, { assignedUserId: [max.userId], time: '2026-03-13T09:00:00.000Z', businessPageId: [page.id] })
      await create(admin.client, { assignedUserId: [admin.userId], time: '2026-05-30T09:00:00.000Z' })

      // One member: the session's by default, from now to 90 days ahead; anyone's on request.
      expect((await admin.client.get<AssignedSlot[]>('/schedule/assigned-slots')).body.map((s) => s.time)).toEqual(['2026-05-30T09:00:00.000Z'])
      const miaSlots = await max.client.get<AssignedSlot[]>('/schedule/assigned-slots', { userId: mia.userId })
      expect(miaSlots.body.map((s) => s.occurrence)).toEqual([0, 1, 2])
      expect(miaSlots.body.every((s) => !s.canEdit)).toBe(true)
      expect((await mia.client.get<AssignedSlot[]>('/schedule/assigned-slots', { from: '2026-03-18T00:00:00Z', to: '2026-03-20T00:00:00Z' })).body).toHaveLength(1)
      expectError(await mia.client.get('/schedule/assigned-slots', { from: NOW, to: '2026-06-19T10:00:01Z' }), 400, MESSAGES.calendarRangeTooLong, 'to')
      expectError(await mia.client.get('/schedule/assigned-slots', { from: NOW, to: NOW }), 400, RANGE_BACKWARDS, 'to')
      expectError(await mia.client.get('/schedule/assigned-slots', { userId: randomUUID() }), 404, MESSAGES.memberNotFound)

      const range = { from: '2026-03-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }
      const cal = async (query: Record<string, string>) => expandCalendar((await mia.client.get<CompactCalendar>('/schedule/calendar', { ...range, ...query })).body)
      const names = (c: Calendar) => c.slots.map((s) => s.assignee.fullName)
      expect(await cal({})).toMatchObject({ posts: [] })
      expect(names(await cal({}))).toEqual(['Mia Member', 'Max Member', 'Mia Member', 'Mia Member', 'Ada Admin'])
      expect(names(await cal({ type: 'poll' }))).toEqual(['Mia Member', 'Mia Member', 'Mia Member'])
      expect(names(await cal({ accountId: max.userId }))).toEqual(['Max Member'])
      expect(names(await cal({ accountId: page.id }))).toEqual(['Max Member'])
      expect(names(await cal({ teamId: team.id }))).toEqual(['Mia Member', 'Mia Member', 'Mia Member'])
      expect(names(await cal({ status: 'OPEN' }))).toHaveLength(5)
      expect(names(await cal({ status: 'MISSED' }))).toEqual([])
      expect(names(await cal({ status: 'DONE' }))).toEqual([])
      expect(await cal({ status: 'PUBLISHED' })).toEqual({ slots: [], posts: [] })
      expectError(await mia.client.get('/schedule/calendar', { ...range, accountId: randomUUID() }), 404, ACCOUNT_NOT_FOUND)
      expectError(await mia.client.get('/schedule/calendar', { ...range, teamId: randomUUID() }), 404, MESSAGES.teamNotFound)
      expectError(await mia.client.get('/schedule/calendar', { from: '2026-03-01T00:00:00Z', to: '2026-06-10T00:00:00Z' }), 400, MESSAGES.calendarRangeTooLong, 'to')
      expect((await mia.client.get('/schedule/calendar', { from: '2026-03-01T00:00:00Z' })).status).toBe(400)
      expect((await mia.client.get('/schedule/calendar', { ...range, status: 'LATE' })).status).toBe(400)

      // List view: time-ordered pages of 2, then the rest.
      const seen: string[] = []
      let cursor: string | null = null
      do {
        const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) }
        const res: { body: SchedulePage } = await mia.client.get<SchedulePage>('/schedule', query)
        expect(res.body.items.length).toBeLessThanOrEqual(2)
        for (const item of res.body.items) {
          expect(item.kind).toBe('slot')
          if (item.kind === 'slot') seen.push(`${item.time} ${item.slot.assignee.fullName}`)
        }
        cursor = res.body.nextCursor
      } while (cursor)
      expect(seen).toEqual([
        '2026-03-12T09:00:00.000Z Mia Member',
        '2026-03-13T09:00:00.000Z Max Member',
        '2026-03-19T09:00:00.000Z Mia Member',
        '2026-03-26T09:00:00.000Z Mia Member',
        '2026-05-30T09:00:00.000Z Ada Admin'
      ])
      expect((await mia.client.get<SchedulePage>('/schedule', { accountId: max.userId })).body.items).toHaveLength(1)
      expect((await mia.client.get<SchedulePage>('/schedule', { from: '2026-03-14T00:00:00Z', to: '2026-03-27T00:00:00Z' })).body.items).toHaveLength(2)
      expectError(await mia.client.get('/schedule', { cursor: 'garbage' }), 400, CURSOR_INVALID, 'cursor')
      expect((await mia.client.get('/schedule', { limit: '501' })).status).toBe(400)
    })
  })

  describe('members leaving', () => {
    it('deletes a removed member’s future slots; their past ones stay stored but never show', async () => {
      const { admin, org } = await newOrg('Leavers Co')
      const mia = await addMember(admin.client, 'Mia Member')
      const max = await addMember(admin.client, 'Max Member')
      await create(admin.client, { assignedUserId: [mia.userId, max.userId], time: '2026-03-12T09:00:00.000Z', recurrenceType: 'weekly', recurrenceInterval: 1, recurrenceCount: 3 })
      t().clock.set('2026-03-20T12:00:00.000Z') // the 12th and 19th have passed, the 26th has not
      try {
        expect((await admin.client.delete('/members/delete', { userId: mia.userId })).status).toBe(200)
        const stored = await t().db.select().from(assignedSlots).where(eq(assignedSlots.organizationId, org.id))
        expect(stored.filter((r) => r.assigneeId === mia.userId).map((r) => r.time.toISOString()).sort()).toEqual(['2026-03-12T09:00:00.000Z', '2026-03-19T09:00:00.000Z'])
        expect(stored.filter((r) => r.assigneeId === max.userId)).toHaveLength(3)
        const shown = expandCalendar((await admin.client.get<CompactCalendar>('/schedule/calendar', { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' })).body).slots
        expect(shown.map((s) => s.assignee.fullName)).toEqual(['Max Member', 'Max Member', 'Max Member'])
        expectError(await admin.client.get('/schedule/assigned-slots', { userId: mia.userId }), 404, MESSAGES.memberNotFound)
        const miaPast = stored.find((r) => r.assigneeId === mia.userId)!
        expectError(await admin.client.delete(DELETE, { slotId: miaPast.id }), 404, MESSAGES.slotNotFound)
      } finally {
        t().clock.set(NOW)
      }
    })
  })

  describe('tenant isolation', () => {
    it('answers 404 to another organization for every endpoint and never lists its slots', async () => {
      const { admin } = await newOrg('Tenant One')
      const mia = await addMember(admin.client, 'Mia Member')
      const team = await createTeam(admin.client, [mia.userId], [mia.userId])
      const page = await createPage(admin.client, 'Tenant One Labs', [mia.userId])
      const tag = await createTag(admin.client, 'One', [mia.userId])
      const slot = (await create(admin.client, { assignedUserId: [mia.userId], time: '2026-03-12T09:00:00.000Z', tagId: tag.id })).body.slots[0]!
      const { admin: intruder } = await newOrg('Tenant Two')
      const other = intruder.client
      const range = { from: NOW, to: '2026-06-01T00:00:00Z' }

      expectError(await other.put(UPDATE, { slotId: slot.id, comment: 'hijack' }), 404, MESSAGES.slotNotFound)
      expectError(await other.put(UPDATE, { slotId: slot.id, time: '2026-03-13T09:00:00.000Z' }), 404, MESSAGES.slotNotFound)
      expectError(await other.put(TAGS, { slotId: slot.id, tagId: null }), 404, MESSAGES.slotNotFound)
      expectError(await other.delete(DELETE, { slotId: slot.id }), 404, MESSAGES.slotNotFound)
      expectError(await other.delete(DELETE, { slotId: slot.id, scope: 'series' }), 404, MESSAGES.slotNotFound)
      expectError(await other.get('/schedule/assigned-slots', { userId: mia.userId }), 404, MESSAGES.memberNotFound)
      expectError(await other.get('/schedule/calendar', { ...range, accountId: mia.userId }), 404, ACCOUNT_NOT_FOUND)
      expectError(await other.get('/schedule/calendar', { ...range, accountId: page.id }), 404, ACCOUNT_NOT_FOUND)
      expectError(await other.get('/schedule/calendar', { ...range, teamId: team.id }), 404, MESSAGES.teamNotFound)
      expectError(await other.get('/schedule/calendar', { ...range, teamId: team.id, status: 'PUBLISHED' }), 404, MESSAGES.teamNotFound)
      expectError(await other.get('/schedule/calendar', { ...range, accountId: mia.userId, status: 'DONE' }), 404, ACCOUNT_NOT_FOUND)
      expectError(await other.get('/schedule', { accountId: mia.userId }), 404, ACCOUNT_NOT_FOUND)
      expectError(await other.get('/schedule', { teamId: team.id }), 404, MESSAGES.teamNotFound)
      expectError(await create(other, { assignedUserId: [mia.userId], time: '2026-03-12T09:00:00.000Z' }), 400, MESSAGES.slotMemberUnknown)
      expectError(await create(other, { assignedUserId: [intruder.userId], time: '2026-03-12T09:00:00.000Z', businessPageId: [page.id] }), 404, MESSAGES.businessPageNotFound)
      expectError(await create(other, { assignedUserId: [intruder.userId], time: '2026-03-12T09:00:00.000Z', tagId: tag.id }), 400, MESSAGES.slotTagNotAllowed)
      expect((await other.get<AssignedSlot[]>('/schedule/assigned-slots')).body).toEqual([])
      expect((await other.get<CompactCalendar>('/schedule/calendar', range)).body).toMatchObject({ people: [], slots: [], posts: [] })
      expect((await other.get<SchedulePage>('/schedule')).body).toEqual({ items: [], nextCursor: null })

      // Untouched.
      const still = expandCalendar((await admin.client.get<CompactCalendar>('/schedule/calendar', range)).body).slots
      expect(still.map((s) => [s.id, s.comment, s.tag?.id])).toEqual([[slot.id, 'Idea', tag.id]])
    })
  })

  describe('queries', () => {
    it('answers GET /schedule/calendar with the same statements for 10 slots as for 5,000 (no N+1)', async () => {
      const { admin, org } = await newOrg('Busy Co')
      const people = [admin.userId]
      for (let i = 0; i < 9; i++) people.push((await addMember(admin.client, `Member ${i}`)).userId)
      const tag = await createTag(admin.client, 'Busy', people)
      const page = await createPage(admin.client, 'Busy Labs', people.slice(0, 3))
      const { rows, links } = await seedBusySchedule(t().db, { organizationId: org.id, people, tagId: tag.id, pageId: page.id, count: 5000, now: NOW })

      const calendar = async (query: { from: string; to: string }) => {
        const { result, statements } = await t().statementsDuring(() => admin.client.get<CompactCalendar>('/schedule/calendar', query))
        expect(result.status).toBe(200)
        return { body: expandCalendar(result.body), json: JSON.stringify(result.body), statements }
      }
      // The first ten slots (00:00–00:45 on the first day): tagged and untagged, one with a page.
      const few = await calendar({ from: '2026-03-11T00:00:00Z', to: '2026-03-11T01:00:00Z' })
      expect(few.body.slots).toHaveLength(10)
      expect(few.body.slots.some((s) => s.tag?.id === tag.id) && few.body.slots.some((s) => s.businessPages.length === 1)).toBe(true)

      const all = await calendar({ from: '2026-03-11T00:00:00Z', to: '2026-06-18T00:00:00Z' })
      expect(all.body.slots).toHaveLength(5000)
      expect(all.body.slots.filter((s) => s.businessPages.length === 1)).toHaveLength(links.length)
      expect(all.body.slots.filter((s) => s.tag?.id === tag.id)).toHaveLength(rows.filter((r) => r.tagId).length)
      // Issue 16: each person, tag and page once, defaults left out — at most 250 bytes of JSON a slot (677 as AssignedSlots).
      const bytesPerSlot = Buffer.byteLength(all.json) / 5000
      expect(bytesPerSlot).toBeLessThanOrEqual(250)

      // The session, the Plan version (the answer cache's ticket), the slots with their pages' ids,
      // the people, tags and pages they refer to, the posts: never one statement per slot.
      expect(few.statements.filter((q) => q.includes('from "assigned_slots"'))).toHaveLength(1)
      expect(few.statements.filter((q) => q.includes('from "plan_versions"'))).toHaveLength(1)
      expect(few.statements.length).toBeLessThanOrEqual(5)
      expect(all.statements).toHaveLength(few.statements.length)
    }, 60_000)
  })
})
