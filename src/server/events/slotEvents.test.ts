import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { AssignedSlot, Member } from '../../shared/domain'
import { assignedSlots, domainEvents, posts } from '../db/schema'
import { MISSED_GRACE_MS, missedSlotsJob } from '../jobs/missedSlots'
import { newPostValues } from '../services/posts'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/**
 * The Plan's changes written to the outbox (docs/decisions/0002-domain-events-outbox.md): a slot
 * given to someone (created, reassigned), moved, deleted — one event per slot, in the change's own
 * transaction, so a refused change writes none.
 */
describeEachDatabase('slot events', (t) => {
  const PASSWORD = 'correct horse battery staple'

  async function organization() {
    t().clock.set('2026-03-10T10:00:00.000Z')
    const admin = new TestClient(t().app)
    await admin.signup({ email: `ada-${randomUUID().slice(0, 8)}@example.com` })
    const org = await admin.createOrganization('Events Co')
    const adminId = (await admin.get<{ id: string }>('/user')).body.id
    const members: string[] = []
    for (const name of ['Mia', 'Max']) {
      const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`, role: 'MEMBER' })
      const client = new TestClient(t().app)
      expect((await client.post<Session>('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token'), fullName: name, password: PASSWORD })).status).toBe(200)
      members.push(invited.body.member.id)
    }
    return { admin, adminId, org, members }
  }

  const eventsOf = async (organizationId: string) =>
    (await t().db.select().from(domainEvents).where(eq(domainEvents.organizationId, organizationId)).orderBy(asc(domainEvents.position))).map((e) => ({
      name: e.name,
      payload: e.payload,
      actor: e.actor
    }))

  it('writes slot.assigned per slot of a series, slot.moved, slot.assigned on reassignment and slot.deleted', async () => {
    const { admin, adminId, org, members } = await organization()
    const [mia, max] = members as [string, string]
    const created = await admin.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', {
      assignedUserId: [mia, max],
      time: '2026-03-17T09:00:00.000Z',
      comment: 'Idea',
      postType: 'textOnly',
      recurrenceType: 'weekly',
      recurrenceInterval: 1,
      recurrenceCount: 2
    })
    expect(created.status).toBe(200)
    const slots = created.body.slots
    const actor = { type: 'user', userId: adminId }
    expect(await eventsOf(org.id)).toEqual(
      expect.arrayContaining(
        slots.map((s) => ({ name: 'slot.assigned', payload: { slotId: s.id, assigneeId: s.assignee.id, startAt: s.time, seriesId: s.seriesId }, actor }))
      )
    )
    expect((await eventsOf(org.id)).filter((e) => e.name.startsWith('slot.'))).toHaveLength(4)

    const first = slots.find((s) => s.assignee.id === mia && s.occurrence === 0)!
    expect((await admin.put('/schedule/assigned-slots/update', { slotId: first.id, time: '2026-03-18T09:00:00.000Z', scope: 'one' })).status).toBe(200)
    expect((await eventsOf(org.id)).at(-1)).toEqual({ name: 'slot.moved', payload: { slotId: first.id, assigneeId: mia, startAt: '2026-03-18T09:00:00.000Z' }, actor })

    expect((await admin.put('/schedule/assigned-slots/update', { slotId: first.id, assigneeId: max, scope: 'one' })).status).toBe(200)
    expect((await eventsOf(org.id)).at(-1)).toEqual({ name: 'slot.assigned', payload: { slotId: first.id, assigneeId: max, startAt: '2026-03-18T09:00:00.000Z', seriesId: first.seriesId }, actor })

    expect((await admin.delete('/schedule/assigned-slots/delete', { slotId: first.id, scope: 'one' })).status).toBe(200)
    expect((await eventsOf(org.id)).at(-1)).toEqual({ name: 'slot.deleted', payload: { slotId: first.id, assigneeId: max }, actor })
  })

  it('writes nothing for a refused change', async () => {
    const { admin, org, members } = await organization()
    const before = (await eventsOf(org.id)).length
    // Outside the date window: refused after the organization was locked and people were read.
    const refused = await admin.post('/schedule/assigned-slots/create', { assignedUserId: members, time: '2027-03-17T09:00:00.000Z', comment: 'Idea', postType: 'textOnly' })
    expect(refused.status).toBe(400)
    expect(await eventsOf(org.id)).toHaveLength(before)
  })

  it('writes slot.missed once for a slot whose time passed without a published post, past its grace, whichever run sees it', async () => {
    const { admin, org, members } = await organization()
    const [mia, max] = members as [string, string]
    const slotAt = async (assignee: string, time: string) => {
      const res = await admin.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', { assignedUserId: [assignee], time, comment: 'Idea', postType: 'textOnly' })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.slots[0]!
    }
    const missed = await slotAt(mia, '2026-03-11T09:00:00.000Z')
    const done = await slotAt(max, '2026-03-11T09:00:00.000Z')
    const justPassed = await slotAt(max, '2026-03-12T09:00:00.000Z')
    const ahead = await slotAt(mia, '2026-03-20T09:00:00.000Z')
    // Max's first slot got its post out.
    await t().db.insert(posts).values({ ...newPostValues({ organizationId: org.id, authorUserId: max, text: 'Out on time', slotId: done.id }, t().clock.now()), status: 'PUBLISHED', publishedAt: new Date(done.time) })

    // 09:10 on the 12th: the 11th's slots are past their grace, the 12th's is not yet.
    t().clock.set('2026-03-12T09:10:00.000Z')
    const job = missedSlotsJob({ db: t().db, clock: t().clock, intervalMs: 60_000 })
    expect(await job.run()).toBe(false)
    expect(await job.run()).toBe(false)
    const told = async () => (await eventsOf(org.id)).filter((e) => e.name === 'slot.missed')
    expect(await told()).toEqual([{ name: 'slot.missed', payload: { slotId: missed.id, assigneeId: mia, startAt: missed.time }, actor: { type: 'system' } }])

    t().clock.set(new Date(Date.parse(justPassed.time) + MISSED_GRACE_MS + 1))
    await job.run()
    expect((await told()).map((e) => (e.payload as { slotId: string }).slotId)).toEqual([missed.id, justPassed.id])
    const marked = await t().db.select({ id: assignedSlots.id, missedAt: assignedSlots.missedAt }).from(assignedSlots).where(eq(assignedSlots.organizationId, org.id))
    expect(marked.filter((s) => s.missedAt !== null).map((s) => s.id).sort()).toEqual([missed.id, justPassed.id].sort())
    expect(marked.find((s) => s.id === ahead.id)!.missedAt).toBeNull()
  })
})
