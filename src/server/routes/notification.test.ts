import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { Notification, User } from '../../shared/domain'
import { notifications, organizations } from '../db/schema'
import { createNotificationService, CURSOR_INVALID } from '../services/notifications'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type Page = { items: Notification[]; nextCursor: string | null }
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

describeEachDatabase('the notification list, paged (issue 16)', (t) => {
  async function member(orgName: string) {
    const client = new TestClient(t().app)
    await client.signup()
    const org = await client.createOrganization(orgName)
    const userId = (await client.get<Session>('/auth')).body.userId
    return { client, org, userId }
  }

  /** `count` notifications written straight in: every three share one millisecond, apart by microseconds or not at all. */
  async function seed(organizationId: string, userId: string, count: number, title: string) {
    await t().db.execute(sql`
      insert into notifications (id, organization_id, user_id, title, message, read, created_at)
      select gen_random_uuid(), ${organizationId}, ${userId}, ${title} || n, 'm', n % 4 = 0,
             '2026-03-01T12:00:00Z'::timestamptz + (n / 3) * interval '1 millisecond' + (case when n % 3 = 2 then 0 else n % 3 end) * interval '1 microsecond'
      from generate_series(1, ${count}) n`)
  }

  async function allPages(client: TestClient, limit?: number) {
    const pages: Page[] = []
    let cursor: string | null | undefined
    do {
      const query: Record<string, string> = {}
      if (limit !== undefined) query.limit = String(limit)
      if (cursor) query.cursor = cursor
      const res = await client.get<Page>('/notification/list', query)
      expect(res.status).toBe(200)
      pages.push(res.body)
      cursor = res.body.nextCursor
    } while (cursor && pages.length < 100)
    return pages
  }

  it('returns every notification exactly once, newest first, id breaking ties, 20 a page by default', async () => {
    const { client, org, userId } = await member('Pager Co')
    await seed(org.id, userId, 57, 'n')
    const expected = await t()
      .db.select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(sql`${notifications.createdAt} desc, ${notifications.id} desc`)
    expect(expected).toHaveLength(58) // and the welcome

    const pages = await allPages(client)
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 18])
    expect(pages.at(-1)!.nextCursor).toBeNull()
    expect(pages.flatMap((p) => p.items.map((n) => n.id))).toEqual(expected.map((r) => r.id))

    const sevens = await allPages(client, 7)
    expect(sevens.flatMap((p) => p.items.map((n) => n.id))).toEqual(expected.map((r) => r.id))
    expect(sevens).toHaveLength(9)
    // A page that ends exactly at the last item says so.
    const exact = await allPages(client, 29)
    expect(exact.map((p) => p.items.length)).toEqual([29, 29])
    expect(exact[1]!.nextCursor).toBeNull()
  })

  it('refuses a malformed cursor or limit with a 400 and a clear message', async () => {
    const { client } = await member('Strict Co')
    const b64 = (text: string) => Buffer.from(text).toString('base64url')
    for (const cursor of ['not a cursor!', 'abc', b64('12_not-a-uuid'), b64('x_00000000-0000-4000-8000-000000000000'), b64('1'.repeat(30) + '_00000000-0000-4000-8000-000000000000')]) {
      const res = await client.get<ErrorBody>('/notification/list', { cursor })
      expect(res.status, cursor).toBe(400)
      expect(res.body.error.message).toBe(CURSOR_INVALID)
      expect(res.body.error.fields).toEqual({ cursor: CURSOR_INVALID })
    }
    expect((await client.get<ErrorBody>('/notification/list', { cursor: 'a'.repeat(201) })).status).toBe(400)
    for (const limit of ['0', '101', 'ten', '2.5']) {
      const res = await client.get<ErrorBody>('/notification/list', { limit })
      expect(res.status, limit).toBe(400)
      expect(res.body.error.fields?.limit).toBeTruthy()
    }
    expect((await client.get<Page>('/notification/list', { limit: '100' })).status).toBe(200)
  })

  it('scopes pages to the session user: another user’s cursor only positions, it reveals nothing of theirs', async () => {
    const a = await member('Alpha Co')
    const b = await member('Beta Co')
    await seed(a.org.id, a.userId, 30, 'a')
    await seed(b.org.id, b.userId, 30, 'b')
    const aFirst = (await a.client.get<Page>('/notification/list', { limit: '5' })).body
    expect(aFirst.nextCursor).not.toBeNull()

    const bWithA = await allPages(b.client)
    const bStarted = await b.client.get<Page>('/notification/list', { cursor: aFirst.nextCursor!, limit: '100' })
    expect(bStarted.status).toBe(200)
    const bIds = new Set(bWithA.flatMap((p) => p.items.map((n) => n.id)))
    expect(bStarted.body.items.length).toBeGreaterThan(0)
    expect(bStarted.body.items.every((n) => bIds.has(n.id) && !n.title.startsWith('a'))).toBe(true)
    // And a user in the same organization sees only their own.
    const c = new TestClient(t().app)
    await c.signup()
    await c.createOrganization('Gamma Co')
    const cList = await c.get<Page>('/notification/list', { cursor: aFirst.nextCursor!, limit: '100' })
    expect(cList.body.items.every((n) => !n.title.startsWith('a'))).toBe(true)
  })

  it('keeps GET /user’s unread counts exact through notify, mark read, resurfacing and deletion', async () => {
    const { client, org, userId } = await member('Count Co')
    const second = await client.createOrganization('Second Co')
    const notifier = createNotificationService(t().db, t().clock)
    const truth = async () => {
      const rows = await t()
        .db.select({ organizationId: notifications.organizationId, unread: sql<number>`count(*)::int` })
        .from(notifications)
        .where(sql`${notifications.userId} = ${userId} and not ${notifications.read}`)
        .groupBy(notifications.organizationId)
      return Object.fromEntries(rows.map((r) => [r.organizationId, r.unread]))
    }
    const counts = async () => {
      const user = (await client.get<User>('/user')).body
      return Object.fromEntries(user.organizations.filter((o) => o.unreadNotificationCount > 0).map((o) => [o.id, o.unreadNotificationCount]))
    }
    const check = async (expected: Record<string, number>) => {
      expect(await counts()).toEqual(expected)
      expect(await truth()).toEqual(expected)
    }
    await check({ [org.id]: 1, [second.id]: 1 })

    await seed(second.id, userId, 12, 's') // 9 unread
    const slot = await notifier.notify({ organizationId: second.id, userId, title: 'Slot', message: 'on Monday', link: '/schedule?slot=1' })
    await check({ [org.id]: 1, [second.id]: 11 })

    await client.put('/notification/mark-as-read', { id: slot.id })
    await check({ [org.id]: 1, [second.id]: 10 })
    // Resurfacing a read notification makes it unread again; rewording an unread one changes nothing.
    await t().db.transaction((tx) =>
      notifier.revise({ organizationId: second.id, userId, links: ['/schedule?slot=1'] }, () => ({ title: 'Slot', message: 'on Tuesday', resurface: true }), tx)
    )
    await check({ [org.id]: 1, [second.id]: 11 })
    await t().db.transaction((tx) =>
      notifier.revise({ organizationId: second.id, userId, links: ['/schedule?slot=1'] }, () => ({ title: 'Slot', message: 'on Wednesday', resurface: true }), tx)
    )
    await check({ [org.id]: 1, [second.id]: 11 })

    await client.put('/notification/mark-as-read')
    await check({ [org.id]: 1 })
    await t().db.delete(notifications).where(eq(notifications.organizationId, org.id))
    await check({})
    await notifier.notify({ organizationId: second.id, userId, title: 'Again', message: 'm' })
    await check({ [second.id]: 1 })
    // Deleting an organization takes its notifications and their count with it.
    await t().db.delete(organizations).where(eq(organizations.id, second.id))
    expect(await truth()).toEqual({})
    const left = await t().db.execute(sql`select organization_id as "organizationId", unread from notification_unread_counts where user_id = ${userId}`)
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ organizationId: org.id, unread: 0 }])
  })

  describe('the unread count trigger', () => {
    it('counts a statement of many rows once per user and organization', async () => {
      const { client, org, userId } = await member('Bulk Co')
      await seed(org.id, userId, 400, 'bulk') // 300 unread
      expect((await client.get<User>('/user')).body.organizations[0]!.unreadNotificationCount).toBe(301)
      expect((await client.put<{ updated: number }>('/notification/mark-as-read')).body).toEqual({ updated: 301 })
      expect((await client.get<User>('/user')).body.organizations[0]!.unreadNotificationCount).toBe(0)
    })
  })
})
