import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { Notification, User } from '../../shared/domain'
import { memberships } from '../db/schema'
import { createNotificationService } from '../services/notifications'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string } }

describeEachDatabase('notifications', (t) => {
  async function member(orgName: string) {
    const client = new TestClient(t().app)
    await client.signup()
    const org = await client.createOrganization(orgName)
    const userId = (await client.get<Session>('/auth')).body.userId
    return { client, org, userId }
  }

  it('lists newest first and marks one read, then all', async () => {
    const { client, org, userId } = await member('Notify Co')
    const notifier = createNotificationService(t().db, t().clock)
    t().clock.advance(1000)
    await notifier.notify({ organizationId: org.id, userId, title: 'Slot assigned ✍️', message: 'You have a new slot.', link: '/schedule' })
    t().clock.advance(1000)
    await notifier.notify({ organizationId: org.id, userId, title: 'Post approved ✅', message: 'Ready to publish.' })

    const list = await client.get<Notification[]>('/notification/list')
    expect(list.body.map((n) => n.title)).toEqual(['Post approved ✅', 'Slot assigned ✍️', 'Welcome to Pagecrew 🎉'])
    expect(list.body[0]?.link).toBeNull()
    expect((await client.get<User>('/user')).body.organizations[0]?.unreadNotificationCount).toBe(3)

    const one = await client.put<{ updated: number }>('/notification/mark-as-read', { id: list.body[1]!.id })
    expect(one.body).toEqual({ updated: 1 })
    const again = await client.put<{ updated: number }>('/notification/mark-as-read', { id: list.body[1]!.id })
    expect(again.body).toEqual({ updated: 0 })
    const afterOne = await client.get<Notification[]>('/notification/list')
    expect(afterOne.body.map((n) => n.read)).toEqual([false, true, false])
    expect((await client.get<User>('/user')).body.organizations[0]?.unreadNotificationCount).toBe(2)

    const all = await client.put<{ updated: number }>('/notification/mark-as-read')
    expect(all.body).toEqual({ updated: 2 })
    expect((await client.get<Notification[]>('/notification/list')).body.every((n) => n.read)).toBe(true)
    expect((await client.get<User>('/user')).body.organizations[0]?.unreadNotificationCount).toBe(0)
    expect((await client.put<{ updated: number }>('/notification/mark-as-read', {})).body).toEqual({ updated: 0 })
  })

  it('returns at most 100', async () => {
    const { client, org, userId } = await member('Busy Co')
    const notifier = createNotificationService(t().db, t().clock)
    for (let i = 0; i < 105; i++) {
      t().clock.advance(1)
      await notifier.notify({ organizationId: org.id, userId, title: `n${i}`, message: 'm' })
    }
    const list = await client.get<Notification[]>('/notification/list')
    expect(list.body).toHaveLength(100)
    expect(list.body[0]?.title).toBe('n104')
  })

  it('answers 404 for unknown and malformed ids', async () => {
    const { client } = await member('Strict Co')
    expect((await client.put<ErrorBody>('/notification/mark-as-read', { id: randomUUID() })).status).toBe(404)
    expect((await client.put<ErrorBody>('/notification/mark-as-read', { id: 'not-a-uuid' })).status).toBe(404)
  })

  it('keeps organizations apart (tenant isolation)', async () => {
    const a = await member('Org A')
    const b = await member('Org B')
    const notifier = createNotificationService(t().db, t().clock)
    const secret = await notifier.notify({ organizationId: a.org.id, userId: a.userId, title: 'A only', message: 'secret' })

    // B cannot see or mark A's notification.
    const bList = await b.client.get<Notification[]>('/notification/list')
    expect(bList.body.map((n) => n.id)).not.toContain(secret.id)
    expect(bList.body.every((n) => n.title !== 'A only')).toBe(true)
    const bMark = await b.client.put<ErrorBody>('/notification/mark-as-read', { id: secret.id })
    expect(bMark.status).toBe(404)
    expect(bMark.body.error.code).toBe('not_found')
    // Mark-all in B leaves A untouched.
    await b.client.put('/notification/mark-as-read')
    const aList = await a.client.get<Notification[]>('/notification/list')
    expect(aList.body.find((n) => n.id === secret.id)?.read).toBe(false)
    // B's counts only cover B's organization.
    expect((await b.client.get<User>('/user')).body.organizations.map((o) => o.id)).toEqual([b.org.id])
  })

  it('scopes to the current organization and to the user within it', async () => {
    const a = await member('Home Org')
    const second = await a.client.createOrganization('Side Org')
    // Now in Side Org: Home Org's welcome is not listed or markable from here.
    const sideList = await a.client.get<Notification[]>('/notification/list')
    expect(sideList.body).toHaveLength(1)
    await a.client.post('/auth/switch-organization', { organizationWorkOSId: a.org.organizationWorkOSId })
    const homeList = await a.client.get<Notification[]>('/notification/list')
    expect(homeList.body).toHaveLength(1)
    await a.client.post('/auth/switch-organization', { organizationWorkOSId: second.organizationWorkOSId })
    expect((await a.client.put('/notification/mark-as-read', { id: homeList.body[0]!.id })).status).toBe(404)
    const all = await a.client.put<{ updated: number }>('/notification/mark-as-read')
    expect(all.body.updated).toBe(1)
    const counts = (await a.client.get<User>('/user')).body.organizations
    expect(counts.find((o) => o.id === a.org.id)?.unreadNotificationCount).toBe(1)
    expect(counts.find((o) => o.id === second.id)?.unreadNotificationCount).toBe(0)

    // Another user in the same organization does not see this user's notifications.
    const notifier = createNotificationService(t().db, t().clock)
    const other = new TestClient(t().app)
    await other.signup()
    const otherId = (await other.get<Session>('/auth')).body.userId
    const now = t().clock.now()
    await t().db.insert(memberships).values({ id: randomUUID(), organizationId: a.org.id, userId: otherId, role: 'MEMBER', status: 'ACTIVE', createdAt: now, updatedAt: now })
    expect((await other.post('/auth/switch-organization', { organizationWorkOSId: a.org.organizationWorkOSId })).status).toBe(200)
    const mine = await notifier.notify({ organizationId: a.org.id, userId: a.userId, title: 'Personal', message: 'for a' })
    expect((await other.get<Notification[]>('/notification/list')).body).toEqual([])
    expect((await other.put('/notification/mark-as-read', { id: mine.id })).status).toBe(404)
    expect((await other.put<{ updated: number }>('/notification/mark-as-read')).body.updated).toBe(0)
    expect((await a.client.get<Notification[]>('/notification/list')).status).toBe(200)
  })
})
