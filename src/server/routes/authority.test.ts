import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { Member, User } from '../../shared/domain'
import { memberships, subscriptions, users } from '../db/schema'
import { TestClient } from '../testing/harness'
import { openSecondProcess, type SecondProcess } from '../testing/secondProcess'
import { describeEachDatabase } from '../testing/suite'

/**
 * Authority across server processes (docs/decisions/0001-authority-from-the-database.md): two
 * servers on one database — on PostgreSQL `other` has a connection pool of its own, as a second
 * process would. A change made through one process and answered holds in the other on the very next
 * request: a removed member cannot act, a demoted admin cannot act as one, GET /user shows the new
 * role. Nothing is kept between requests, so there is no listening connection whose loss could
 * matter, and a refused or anonymous write costs no statement.
 */
const PASSWORD = 'correct horse battery staple'
const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`
/** Immediate tries of each kind, ten people in parallel (fewer on PGlite, whose one connection serializes them anyway). */
const tries = (kind: string) => (kind === 'postgres' ? 1_000 : 50)
const PARALLEL = 10

describeEachDatabase('authority across server processes', (t) => {
  let second: SecondProcess
  let other: FastifyInstance

  beforeAll(async () => {
    second = await openSecondProcess(t())
    other = second.app
    await t().app.ready()
  })
  afterAll(async () => {
    await second?.close()
  })

  async function ok<T>(request: Promise<{ status: number; body: T }>): Promise<T> {
    const res = await request
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  /** An organization with `count` members who joined through their invitations. */
  async function organization(count: number) {
    const admin = new TestClient(t().app)
    await admin.signup({ fullName: 'Ada Admin', email: email('ada') })
    const org = await admin.createOrganization('Authority Co', { linkedInCompanyName: 'Authority Co Inc.', industry: 'Robotics' })
    await t().db.update(subscriptions).set({ availableSeats: count + 5 }).where(eq(subscriptions.organizationId, org.id))
    const people: { client: TestClient; userId: string }[] = []
    for (let i = 0; i < count; i++) {
      const invited = await ok(admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: email(`m${i}`), role: 'MEMBER' }))
      const client = new TestClient(t().app)
      await ok(client.post<Session>('/join/accept', { token: new URL(invited.joinUrl).searchParams.get('token'), fullName: `Member ${i}`, password: PASSWORD }))
      people.push({ client, userId: invited.member.id })
    }
    return { admin, org, people }
  }

  /** Runs `rounds` rounds for each person at once; each round returns what it saw. */
  async function inParallel<T>(people: { client: TestClient; userId: string }[], rounds: number, round: (person: { client: TestClient; userId: string }, i: number) => Promise<T>) {
    const seen: T[] = []
    await Promise.all(
      people.map(async (person) => {
        for (let i = 0; i < rounds; i++) seen.push(await round(person, i))
      })
    )
    return seen
  }

  it('refuses a removed member through the other process on the very next request, every time', async () => {
    const { admin, org, people } = await organization(PARALLEL)
    const total = tries(t().kind)
    const statuses = await inParallel(people, total / PARALLEL, async ({ client, userId }) => {
      const [membership] = await t().db.select().from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.organizationId, org.id)))
      if (!membership) {
        throw new Error('the member is missing before the round')
      }
      const elsewhere = client.on(other)
      // A member, acting through the other process…
      await ok(elsewhere.post('/posts/create', { text: 'Before' }))
      // …removed through this one…
      expect((await admin.request('DELETE', '/members/delete', { query: { userId } })).status).toBe(200)
      // …acts again at once through the other.
      const after = await elsewhere.post('/posts/create', { text: 'After' })
      // Back for the next round: the same membership row, the session switched to it again.
      await t().db.insert(memberships).values(membership)
      await ok(elsewhere.post('/auth/switch-organization', { organizationWorkOSId: org.organizationWorkOSId }))
      return after.status
    })
    expect(statuses).toHaveLength(total)
    expect(statuses.filter((status) => status === 200)).toEqual([])
  }, 180_000)

  it('refuses a demoted admin through the other process, and GET /user there shows each new role at once', async () => {
    const { admin, people } = await organization(PARALLEL)
    const total = tries(t().kind)
    const seen = await inParallel(people, total / PARALLEL, async ({ client, userId }, i) => {
      const elsewhere = client.on(other)
      await ok(admin.put<Member>('/members/update', { userId, role: 'ADMIN' }))
      const promoted = (await ok(elsewhere.get<User>('/user'))).userOrgSettings[0]!.role
      await ok(admin.put<Member>('/members/update', { userId, role: 'MEMBER' }))
      const demoted = (await ok(elsewhere.get<User>('/user'))).userOrgSettings[0]!.role
      const after = await elsewhere.post('/postTag/create', { tagTitle: `Late ${userId.slice(0, 8)} ${i}`, tagColor: '#112233', assignedUsers: [] })
      return { promoted, demoted, after: after.status }
    })
    expect(seen).toHaveLength(total)
    expect(seen.filter((s) => s.promoted !== 'ADMIN' || s.demoted !== 'MEMBER')).toEqual([])
    expect(seen.filter((s) => s.after !== 403)).toEqual([])
  }, 180_000)

  it('shows a change written straight to the database on the next request of either process', async () => {
    const { people } = await organization(1)
    const { client, userId } = people[0]!
    for (const app of [t().app, other]) expect((await ok(client.on(app).get<User>('/user'))).fullName).toBe('Member 0')
    await t().db.update(users).set({ fullName: 'Member Renamed' }).where(eq(users.id, userId))
    for (const app of [t().app, other]) expect((await ok(client.on(app).get<User>('/user'))).fullName).toBe('Member Renamed')
    await t().db.update(memberships).set({ status: 'INVITED' }).where(eq(memberships.userId, userId))
    for (const app of [t().app, other]) expect((await ok(client.on(app).get<Session>('/auth'))).organizationId).toBeNull()
  })

  it('spends no statement on writes refused before any work: anonymous, unknown paths, a malformed cookie', async () => {
    const anonymous = new TestClient(t().app)
    const refused = await t().statementsDuring(async () => [
      (await anonymous.post('/posts/create', { text: 'x' })).status,
      (await anonymous.post('/does-not-exist', {})).status,
      (await anonymous.request('DELETE', '/members/delete', { query: { userId: randomUUID() } })).status,
      (await t().app.inject({ method: 'POST', url: '/api/posts/create', headers: { cookie: 'pagecrew_session=short', 'x-pagecrew-client': '1' }, payload: {} })).statusCode
    ])
    expect(refused.result.every((status) => status >= 400 && status < 500)).toBe(true)
    expect(refused.statements).toEqual([])
    // Refused before its body is read: a signed-out write with a body that is not even JSON is a 401, not a 400.
    const unread = await t().app.inject({ method: 'POST', url: '/api/posts/create', headers: { 'content-type': 'application/json', 'x-pagecrew-client': '1' }, payload: '{not json' })
    expect(unread.statusCode).toBe(401)
  })
})
