import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { AssignedSlot, Member } from '../../shared/domain'
import { domainEvents } from '../db/schema'
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
})
