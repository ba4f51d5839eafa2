import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADER, SESSION_COOKIE, toTeamFormFields, type Session } from '../../shared/api/contract'
import type { AssignedSlot, BusinessPage, Member, Post, PostTag, Team, User } from '../../shared/domain'
import type { CompactCalendar } from '../../shared/domain/compactCalendar'
import { createServer } from '../app'
import { planVersions, subscriptions } from '../db/schema'
import { TestClient } from '../testing/harness'
import { postFixtures } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

/**
 * GET /schedule/calendar's answer cache (issue 16, http/answerCache.ts): every change the
 * calendar shows reaches every server process at once. Each step warms the caches of two server
 * processes (two Fastify instances on one database, each with its own cache), makes one change
 * through the API, and compares both with a third process that keeps no cache — and checks the
 * change showed, so a step whose write the calendar ignores cannot pass unnoticed.
 */
const NOW = '2026-03-10T10:00:00.000Z'
const RANGE = { from: '2026-03-11T00:00:00.000Z', to: '2026-04-11T00:00:00.000Z' }
const PASSWORD = 'correct horse battery staple'
const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`

describeEachDatabase('GET /schedule/calendar answer cache', (t) => {
  let other: FastifyInstance
  let uncached: FastifyInstance
  let otherDataDir: string

  beforeAll(async () => {
    otherDataDir = await mkdtemp(join(tmpdir(), 'pagecrew-calendar-cache-'))
    const server = (calendarCacheBytes: number) =>
      createServer({ db: t().db, clock: t().clock, config: { logLevel: 'error', dataDir: otherDataDir, calendarCacheBytes } })
    other = server(64 * 1024 * 1024)
    uncached = server(0)
    await Promise.all([other.ready(), uncached.ready()])
  })
  afterAll(async () => {
    await Promise.all([other?.close(), uncached?.close()])
    await rm(otherDataDir, { recursive: true, force: true })
  })

  const on = (app: FastifyInstance, client: TestClient) => client.on(app)

  /** The calendar as `who` sees it through this process, the other one and one without a cache: all the same. */
  async function calendarOf(who: TestClient, query: Record<string, string> = RANGE): Promise<CompactCalendar> {
    const truth = await on(uncached, who).get<CompactCalendar>('/schedule/calendar', query)
    expect(truth.status, JSON.stringify(truth.body)).toBe(200)
    for (const app of [t().app, other]) {
      const answer = await on(app, who).get<CompactCalendar>('/schedule/calendar', query)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(truth.body)
    }
    return truth.body
  }

  /** Warms every viewer's cached calendar, makes the change, and expects each to show it. */
  async function expectShown(viewers: TestClient[], change: () => Promise<unknown>) {
    const before: CompactCalendar[] = []
    for (const viewer of viewers) before.push(await calendarOf(viewer))
    await change()
    for (const [i, viewer] of viewers.entries()) expect(await calendarOf(viewer)).not.toEqual(before[i])
  }

  async function ok<T>(request: Promise<{ status: number; body: T }>): Promise<T> {
    const res = await request
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  async function organization() {
    t().clock.set(NOW)
    const admin = new TestClient(t().app)
    await admin.signup({ fullName: 'Ada Admin', email: email('ada') })
    const org = await admin.createOrganization('Cache Co', { linkedInCompanyName: 'Cache Co Inc.', industry: 'Robotics' })
    await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const join = async (fullName: string) => {
      const invited = await ok(admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: email('member'), role: 'MEMBER' }))
      const client = new TestClient(t().app)
      await ok(client.post<Session>('/join/accept', { token: new URL(invited.joinUrl).searchParams.get('token'), fullName, password: PASSWORD }))
      return { client, userId: invited.member.id }
    }
    return { admin, org, mia: await join('Mia Member'), max: await join('Max Member') }
  }

  it('shows every change the calendar shows at once, in every process, and serves repeats without reading the Plan', async () => {
    const { admin, org, mia, max } = await organization()
    const tag = await ok(admin.post<PostTag>('/postTag/create', { tagTitle: 'Hiring', tagColor: '#AABBCC', assignedUsers: [mia.userId, max.userId] }))
    const page = await ok(admin.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Cache Labs' }))
    const slotsOf = (body: { slots: AssignedSlot[] }) => body.slots
    let maxSlot!: AssignedSlot

    await expectShown([admin, mia.client], async () => {
      const created = slotsOf(
        await ok(
          admin.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', {
            assignedUserId: [mia.userId, max.userId],
            time: '2026-03-12T09:00:00.000Z',
            comment: 'Launch',
            postType: 'textOnly',
            tagId: tag.id
          })
        )
      )
      maxSlot = created.find((s) => s.assignee.id === max.userId)!
    })

    // A repeat is the kept answer: the session and the Plan version, no slot read.
    const { result, statements } = await t().statementsDuring(() => admin.get<CompactCalendar>('/schedule/calendar', RANGE))
    expect(result.status).toBe(200)
    expect(result.body.slots).toHaveLength(2)
    expect(statements.filter((q) => q.includes('from "plan_versions"'))).toHaveLength(1)
    expect(statements.filter((q) => q.includes('"assigned_slots"') || q.includes('"posts"'))).toEqual([])

    await expectShown([admin, max.client], () => ok(admin.put('/schedule/assigned-slots/update', { slotId: maxSlot.id, scope: 'one', comment: 'Launch, v2' })))
    await expectShown([mia.client], () => ok(admin.put('/postTag/update', { tagId: tag.id, tagTitle: 'Hiring now', tagColor: '#112233', assignedUsers: [mia.userId, max.userId] })))
    await ok(admin.put('/members/update', { userId: mia.userId, selectedBusinessPages: [page.id] }))
    await expectShown([admin], () =>
      ok(admin.post('/schedule/assigned-slots/create', { assignedUserId: [mia.userId], time: '2026-03-13T09:00:00.000Z', comment: 'Page news', businessPageId: [page.id] }))
    )
    await expectShown([mia.client], () => ok(admin.put('/organization/business-pages/update', { businessPageId: page.id, linkedInCompanyName: 'Cache Laboratories' })))
    // A person's new name shows on the Plan of the organizations they are in.
    await expectShown([admin], () => ok(max.client.put('/user/update-user-details', { fullName: 'Maximilian Member' })))
    // Leading a team lets Mia edit Max's slots (canEdit is the viewer's own).
    await expectShown([mia.client], () =>
      ok(admin.multipart<Team>('POST', '/team/create', toTeamFormFields({ name: 'Sales', members: [mia.userId, max.userId], teamLeaders: [mia.userId], requireTag: false, aISettingTemplateId: null })))
    )
    // The post Max writes for his slot, then schedules (scheduling needs his LinkedIn connection).
    await postFixtures(t).connect({ client: max.client, userId: max.userId, organizationId: org.id })
    let post!: Post
    await expectShown([admin], async () => {
      post = await ok(max.client.post<Post>('/posts/create', { text: 'We are hiring engineers.', slotId: maxSlot.id }))
    })
    await expectShown([admin, mia.client], () => ok(max.client.post('/posts/schedule', { postId: post.id, version: post.version, slotId: maxSlot.id })))
    // Made an admin, Mia may edit the admin's own slot too.
    const adminId = (await ok(admin.get<User>('/user'))).id
    await expectShown([mia.client], () =>
      ok(admin.post('/schedule/assigned-slots/create', { assignedUserId: [adminId], time: '2026-03-14T09:00:00.000Z', comment: 'Mine', postType: 'textOnly' }))
    )
    await expectShown([mia.client], () => ok(admin.put('/members/update', { userId: mia.userId, role: 'ADMIN' })))
    await expectShown([admin], () => ok(admin.delete('/schedule/assigned-slots/delete', { slotId: maxSlot.id, scope: 'one' })))
  }, 120_000)

  it('turns an OPEN slot MISSED when its time passes, with no write', async () => {
    const { admin, mia } = await organization()
    await ok(admin.post('/schedule/assigned-slots/create', { assignedUserId: [mia.userId], time: '2026-03-12T09:00:00.000Z', comment: 'Soon', postType: 'textOnly' }))
    const before = await calendarOf(mia.client)
    expect(before.slots.map((s) => s.status ?? before.defaults.status)).toEqual(['OPEN'])
    t().clock.set('2026-03-12T09:00:00.000Z')
    const atTime = await calendarOf(mia.client)
    expect(atTime.slots.map((s) => s.status ?? atTime.defaults.status)).toEqual(['OPEN'])
    t().clock.set('2026-03-12T09:00:00.001Z')
    const after = await calendarOf(mia.client)
    expect(after.slots.map((s) => s.status ?? after.defaults.status)).toEqual(['MISSED'])
  })

  it('answers 304 to the ETag it gave while nothing changed, compresses once per answer, and keeps organizations apart', async () => {
    const { admin, mia } = await organization()
    await ok(admin.post('/schedule/assigned-slots/create', { assignedUserId: [mia.userId], time: '2026-03-20T09:00:00.000Z', comment: 'x'.repeat(900), postType: 'textOnly' }))
    const first = await admin.get<CompactCalendar>('/schedule/calendar', RANGE)
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const again = await admin.request('GET', '/schedule/calendar', { query: RANGE, headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.body).toBeNull()
    // Another person's view of the same range is another answer (canEdit is theirs).
    expect((await on(t().app, mia.client).request('GET', '/schedule/calendar', { query: RANGE, headers: { 'if-none-match': etag } })).status).toBe(200)

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync]
    ] as const) {
      const res = await t().app.inject({ method: 'GET', url: '/api/schedule/calendar', query: RANGE, headers: { cookie: `${SESSION_COOKIE}=${admin.cookie}`, [CLIENT_HEADER]: 'test', 'accept-encoding': encoding } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(first.body)
    }

    await ok(admin.post('/schedule/assigned-slots/create', { assignedUserId: [mia.userId], time: '2026-03-21T09:00:00.000Z', comment: 'More', postType: 'textOnly' }))
    const changed = await admin.request<CompactCalendar>('GET', '/schedule/calendar', { query: RANGE, headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.body.slots).toHaveLength(2)
    expect(changed.headers.etag).not.toBe(etag)

    // Another organization's admin asking for the same range gets their own (empty) Plan.
    const stranger = new TestClient(t().app)
    await stranger.signup({ fullName: 'Sam Stranger', email: email('sam') })
    await stranger.createOrganization('Elsewhere', { linkedInCompanyName: 'Elsewhere Inc.', industry: 'Retail' })
    expect((await ok(stranger.get<CompactCalendar>('/schedule/calendar', RANGE))).slots).toEqual([])
  })

  it('bumps the Plan version as a transaction commits, so writers of one organization never deadlock on it', async (context) => {
    if (t().kind !== 'postgres') return context.skip('two connections at once: PostgreSQL only')
    const { admin, org, mia } = await organization()
    const slots = await ok(
      admin.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', {
        assignedUserId: [mia.userId],
        time: '2026-03-12T09:00:00.000Z',
        comment: 'One',
        postType: 'textOnly',
        recurrenceType: 'weekly',
        recurrenceInterval: 1,
        recurrenceCount: 2
      })
    ).then((body) => body.slots)
    const version = async () => (await t().db.select({ v: planVersions.version }).from(planVersions).where(eq(planVersions.organizationId, org.id)))[0]?.v ?? 0
    const before = await version()
    const pool = (t().db as unknown as { $client: Pool }).$client
    const [first, second] = [await pool.connect(), await pool.connect()]
    try {
      // The first changes a slot, then wants the organization's lock the second holds while it
      // changes another slot. Were versions bumped by the change itself, the second would wait for
      // the first's version row and the first for the second's lock: a deadlock.
      await first.query('begin')
      await first.query('update assigned_slots set comment = $1 where id = $2', ['First', slots[0]!.id])
      await second.query('begin')
      await second.query('select id from organizations where id = $1 for update', [org.id])
      await second.query('update assigned_slots set comment = $1 where id = $2', ['Second', slots[1]!.id])
      const firstLocks = first.query('select id from organizations where id = $1 for update', [org.id])
      await second.query('commit')
      await firstLocks
      await first.query('commit')
    } finally {
      first.release()
      second.release()
    }
    expect(await version()).toBe(before + 2)
  })

  describe('OPEN and MISSED filters', () => {
    it('are never kept: their slots enter and leave the answer as time passes', async () => {
      const { admin, mia } = await organization()
      await ok(admin.post('/schedule/assigned-slots/create', { assignedUserId: [mia.userId], time: '2026-03-12T09:00:00.000Z', comment: 'Soon', postType: 'textOnly' }))
      for (let i = 0; i < 2; i++) {
        const { result, statements } = await t().statementsDuring(() => admin.get<CompactCalendar>('/schedule/calendar', { ...RANGE, status: 'OPEN' }))
        expect(result.body.slots).toHaveLength(1)
        expect(statements.filter((q) => q.includes('from "plan_versions"'))).toEqual([])
        expect(statements.filter((q) => q.includes('from "assigned_slots"'))).toHaveLength(1)
      }
      t().clock.set('2026-03-12T10:00:00.000Z')
      expect((await ok(admin.get<CompactCalendar>('/schedule/calendar', { ...RANGE, status: 'MISSED' }))).slots).toHaveLength(1)
    })
  })
})
