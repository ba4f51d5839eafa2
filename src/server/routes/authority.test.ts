import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SESSION_COOKIE, type Session } from '../../shared/api/contract'
import type { Member, User } from '../../shared/domain'
import { createServer } from '../app'
import { memberships, organizations, subscriptions, users } from '../db/schema'
import { eventually } from '../testing/eventually'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/**
 * Kept sessions and GET /user answers (issue 16: services/sessions.ts, routes/user.ts,
 * services/userChanges.ts, db/changeFeed.ts, migration 0016). Three server processes share one
 * database: this test's app and `other` keep sessions and answers, `uncached` keeps none and says
 * what is true. A change made through one process shows in that process at once (its answer waits
 * until the change's notice is heard) and in the other within moments; repeats cost no statement.
 */
const PASSWORD = 'correct horse battery staple'
const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`

describeEachDatabase('kept sessions and GET /user answers', (t) => {
  let other: FastifyInstance
  let uncached: FastifyInstance
  let otherDataDir: string

  beforeAll(async () => {
    otherDataDir = await mkdtemp(join(tmpdir(), 'pagecrew-user-cache-'))
    const server = (userCacheBytes: number) => createServer({ db: t().db, clock: t().clock, config: { logLevel: 'error', dataDir: otherDataDir, userCacheBytes } })
    other = server(16 * 1024 * 1024)
    uncached = server(0)
    await Promise.all([other.ready(), uncached.ready(), t().app.ready()])
  })
  afterAll(async () => {
    await Promise.all([other?.close(), uncached?.close()])
    await rm(otherDataDir, { recursive: true, force: true })
  })

  const on = (app: FastifyInstance, client: TestClient) => client.on(app)

  async function ok<T>(request: Promise<{ status: number; body: T }>): Promise<T> {
    const res = await request
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  const answer = async <T>(request: Promise<{ status: number; body: T }>) => {
    const { status, body } = await request
    return { status, body }
  }
  const answersOf = async (app: FastifyInstance, who: TestClient) => ({
    auth: await answer(on(app, who).get<Session>('/auth')),
    user: await answer(on(app, who).get<User>('/user'))
  })
  /** What the process without a cache answers: the truth. */
  const truth = (who: TestClient) => answersOf(uncached, who)
  const same = (a: Awaited<ReturnType<typeof truth>>, b: Awaited<ReturnType<typeof truth>>) => JSON.stringify(a) === JSON.stringify(b)

  /** Warms both caching processes for `who`, so a stale kept answer would show. */
  const warm = async (who: TestClient) => {
    for (const app of [t().app, other]) {
      await answersOf(app, who)
      await answersOf(app, who)
    }
  }

  /** This process answers the truth at once; the other one within moments. */
  async function expectCurrent(who: TestClient, changedThrough: FastifyInstance = t().app) {
    const expected = await truth(who)
    expect(await answersOf(changedThrough, who)).toEqual(expected)
    const elsewhere = changedThrough === other ? t().app : other
    await eventually(async () => same(await answersOf(elsewhere, who), expected), 'the other process to hear the change')
    return expected
  }

  async function organization() {
    const admin = new TestClient(t().app)
    await admin.signup({ fullName: 'Ada Admin', email: email('ada') })
    const org = await admin.createOrganization('Keep Co', { linkedInCompanyName: 'Keep Co Inc.', industry: 'Robotics' })
    await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const invited = await ok(admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: email('mia'), role: 'MEMBER' }))
    const mia = new TestClient(t().app)
    await ok(mia.post<Session>('/join/accept', { token: new URL(invited.joinUrl).searchParams.get('token'), fullName: 'Mia Member', password: PASSWORD }))
    return { admin, org, mia, miaId: invited.member.id }
  }

  it('answers repeated GET /auth and GET /user from what it keeps, without a statement, exactly as the truth', async () => {
    const { mia } = await organization()
    await warm(mia)
    const auth = await t().statementsDuring(() => mia.get<Session>('/auth'))
    expect(auth.result.status).toBe(200)
    expect(auth.statements).toEqual([])
    const user = await t().statementsDuring(() => mia.get<User>('/user'))
    expect(user.result.status).toBe(200)
    expect(user.statements).toEqual([])
    expect(await answersOf(t().app, mia)).toEqual(await truth(mia))
    // The kept answer carries an ETag: a client holding it gets 304.
    const cookie = `${SESSION_COOKIE}=${mia.cookie}`
    const first = await t().app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
    expect(first.headers.etag).toMatch(/^W\/"/)
    const again = await t().app.inject({ method: 'GET', url: '/api/user', headers: { cookie, 'if-none-match': String(first.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('ends a session at sign-out in this process at once and in the other within moments', async () => {
    const { mia } = await organization()
    const twin = on(other, mia)
    await warm(mia)
    expect((await ok(mia.get<User>('/user'))).fullName).toBe('Mia Member')
    expect((await mia.get('/auth/logout')).status).toBe(200)
    mia.cookie = twin.cookie
    expect((await mia.get('/auth')).status).toBe(401)
    expect((await mia.get('/user')).status).toBe(401)
    await eventually(async () => (await twin.get('/auth')).status === 401 && (await twin.get('/user')).status === 401, 'the other process to end the session')
  })

  it('applies a role change to the member’s next request, in whichever process', async () => {
    const { admin, mia, miaId } = await organization()
    await warm(mia)
    expect((await mia.get('/members/outbox')).status).toBe(403)
    expect((await on(other, mia).get('/members/outbox')).status).toBe(403)
    await ok(admin.put<Member>('/members/update', { userId: miaId, role: 'ADMIN' }))
    expect((await mia.get('/members/outbox')).status).toBe(200)
    const now = await expectCurrent(mia)
    expect(now.user.body.userOrgSettings[0]!.role).toBe('ADMIN')
    await eventually(async () => (await on(other, mia).get('/members/outbox')).status === 200, 'the other process to see the new role')

    // And back, through the other process.
    await warm(mia)
    await ok(on(other, admin).put<Member>('/members/update', { userId: miaId, role: 'MEMBER' }))
    expect((await on(other, mia).get('/members/outbox')).status).toBe(403)
    await expectCurrent(mia, other)
    await eventually(async () => (await mia.get('/members/outbox')).status === 403, 'this process to see the role taken back')
  })

  it('takes the organization from a removed member’s session at once', async () => {
    const { admin, org, mia, miaId } = await organization()
    await warm(mia)
    expect((await ok(mia.get<Session>('/auth'))).organizationId).toBe(org.id)
    expect((await admin.request('DELETE', '/members/delete', { query: { userId: miaId } })).status).toBe(200)
    const now = await expectCurrent(mia)
    expect(now.auth.body).toMatchObject({ organizationId: null, needsOnboarding: true })
    expect(now.user.body.organizations).toEqual([])
    expect((await mia.get('/members/list')).status).not.toBe(200)
  })

  it('shows the member’s own changes and the organization’s new name', async () => {
    const { admin, org, mia } = await organization()
    await warm(mia)
    await ok(on(other, mia).put<User>('/user/update-user-details', { fullName: 'Mia Renamed' }))
    expect((await expectCurrent(mia, other)).user.body.fullName).toBe('Mia Renamed')

    await warm(mia)
    await ok(admin.put('/organization/settings/organization/update', { name: 'Keep Co Renamed' }))
    const renamed = await expectCurrent(mia)
    expect(renamed.user.body.organizations.find((o) => o.id === org.id)?.name).toBe('Keep Co Renamed')
  })

  it('hears changes written to the database by anyone, not only through its own requests', async () => {
    const { org, mia, miaId } = await organization()
    await warm(mia)
    await t().db.update(users).set({ fullName: 'Mia Written' }).where(eq(users.id, miaId))
    await eventually(async () => (await ok(mia.get<User>('/user'))).fullName === 'Mia Written', 'this process to hear the change')
    await eventually(async () => (await ok(on(other, mia).get<User>('/user'))).fullName === 'Mia Written', 'the other process to hear the change')

    await warm(mia)
    await t().db.update(memberships).set({ status: 'INVITED' }).where(and(eq(memberships.userId, miaId), eq(memberships.organizationId, org.id)))
    for (const app of [t().app, other]) {
      await eventually(async () => (await on(app, mia).get<Session>('/auth')).body.organizationId === null, 'the session to lose the organization')
    }
    await t().db.update(organizations).set({ name: 'Keep Co Written' }).where(eq(organizations.id, org.id))
    await t().db.update(memberships).set({ status: 'ACTIVE' }).where(and(eq(memberships.userId, miaId), eq(memberships.organizationId, org.id)))
    for (const app of [t().app, other]) {
      await eventually(async () => (await ok(on(app, mia).get<User>('/user'))).organizations.some((o) => o.name === 'Keep Co Written'), 'the organization back')
    }
  })

  it('keeps nothing while the change notices cannot be heard, and keeps again once they can', async () => {
    if (t().kind !== 'postgres') return // PGlite hears its own notices in-process: no connection to lose.
    const { mia, miaId } = await organization()
    await warm(mia)
    const kept = async () => (await t().statementsDuring(() => mia.get('/auth'))).statements.length === 0
    expect(await kept()).toBe(true)
    // Cut every listening connection: the processes must stop using what they kept at once they notice.
    await t().db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN pagecrew_changes' and datname = current_database() and pid <> pg_backend_pid()`)
    await eventually(async () => !(await kept()), 'the process to stop using kept sessions')
    // A change while nothing listens sends a notice nobody hears; it must show all the same.
    await t().db.update(users).set({ fullName: 'Mia Unheard' }).where(eq(users.id, miaId))
    expect((await ok(mia.get<User>('/user'))).fullName).toBe('Mia Unheard')
    // Listening again (after 1 s), it keeps again — what it kept before the loss is forgotten.
    await eventually(async () => (await kept()) && (await kept()), 'the process to keep sessions again', { timeoutMs: 10_000 })
    expect((await ok(mia.get<User>('/user'))).fullName).toBe('Mia Unheard')
    await eventually(async () => (await ok(on(other, mia).get<User>('/user'))).fullName === 'Mia Unheard', 'the other process to read anew', { timeoutMs: 10_000 })
  })
})
