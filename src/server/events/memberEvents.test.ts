import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { Member } from '../../shared/domain'
import { domainEvents } from '../db/schema'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/**
 * Membership changes written to the outbox (docs/decisions/0002-domain-events-outbox.md): joining,
 * a role changed, leaving — each with who caused it; an invitation's changes are not a member's.
 */
describeEachDatabase('member events', (t) => {
  it('writes member.joined, member.role_changed and member.removed; nothing for an invitation taken back', async () => {
    const admin = new TestClient(t().app)
    await admin.signup({ email: `ada-${randomUUID().slice(0, 8)}@example.com` })
    const org = await admin.createOrganization('Members Co')
    const adminId = (await admin.get<{ id: string }>('/user')).body.id
    const invite = async (name: string) =>
      (await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `${name}-${randomUUID().slice(0, 8)}@example.com`, role: 'MEMBER' })).body
    const mia = await invite('mia')
    const ivy = await invite('ivy')
    const client = new TestClient(t().app)
    expect((await client.post<Session>('/join/accept', { token: new URL(mia.joinUrl).searchParams.get('token'), fullName: 'Mia', password: 'correct horse battery staple' })).status).toBe(200)
    // Ivy never joins: her role change and removal are an invitation's, not a member's.
    expect((await admin.put('/members/update', { userId: ivy.member.id, role: 'ADMIN' })).status).toBe(200)
    expect((await admin.put('/members/update', { userId: mia.member.id, role: 'ADMIN' })).status).toBe(200)
    expect((await admin.request('DELETE', '/members/delete', { query: { userId: ivy.member.id } })).status).toBe(200)
    expect((await admin.request('DELETE', '/members/delete', { query: { userId: mia.member.id } })).status).toBe(200)

    const events = await t().db.select().from(domainEvents).where(eq(domainEvents.organizationId, org.id)).orderBy(asc(domainEvents.position))
    expect(events.map((e) => ({ name: e.name, payload: e.payload, actor: e.actor }))).toEqual([
      { name: 'member.joined', payload: { userId: mia.member.id, role: 'MEMBER' }, actor: { type: 'user', userId: mia.member.id } },
      { name: 'member.role_changed', payload: { userId: mia.member.id, from: 'MEMBER', to: 'ADMIN' }, actor: { type: 'user', userId: adminId } },
      { name: 'member.removed', payload: { userId: mia.member.id }, actor: { type: 'user', userId: adminId } }
    ])
  })
})
