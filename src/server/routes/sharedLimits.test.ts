import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER } from '../../shared/api/contract'
import { subscriptions } from '../db/schema'
import { TestClient } from '../testing/harness'
import { openSecondProcess, type SecondProcess } from '../testing/secondProcess'
import { describeEachDatabase } from '../testing/suite'
import { QUIZ_RATE_LIMIT, VALIDATE_RATE_LIMIT } from './academy'
import { SIGNUP_RATE_LIMIT } from './auth'
import { JOIN_RATE_LIMIT } from './members'

/**
 * Request limits hold across server processes: two servers on one database (on PostgreSQL the
 * second with a connection pool of its own, as another process would have) share one count. With
 * counters per process, 60 certificate look-ups a minute and 39 quiz submissions an hour were
 * accepted instead of 30 and 20; so were 60 sign-ups a minute instead of 30 and 20 tries at one
 * join link instead of 10.
 */
describeEachDatabase('request limits shared by every server process', (t) => {
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

  it(`certificate look-ups: ${VALIDATE_RATE_LIMIT.max} a minute per address across both servers, at once`, async () => {
    const servers = [t().app, other]
    const lookUp = (server: FastifyInstance, remoteAddress: string) =>
      server.inject({ method: 'GET', url: `${API_BASE}/academy/certificates/validate`, query: { certificateId: randomBytes(16).toString('base64url') }, remoteAddress })
    const address = '198.51.100.77'
    const answers = await Promise.all(Array.from({ length: 2 * VALIDATE_RATE_LIMIT.max }, (_, i) => lookUp(servers[i % 2]!, address)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 404)).toHaveLength(VALIDATE_RATE_LIMIT.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(VALIDATE_RATE_LIMIT.max)
    const limited = answers.find((a) => a.statusCode === 429)!
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is counted apart; after the window the address may look up again.
    expect((await lookUp(other, '198.51.100.78')).statusCode).toBe(404)
    t().clock.advance(VALIDATE_RATE_LIMIT.windowMs + 1000)
    expect((await lookUp(t().app, address)).statusCode).toBe(404)
  })

  it(`sign-ups: ${SIGNUP_RATE_LIMIT.max} a minute per address across both servers, at once`, async () => {
    const servers = [t().app, other]
    const run = randomUUID().slice(0, 8)
    let n = 0
    const signUp = (server: FastifyInstance, remoteAddress: string) =>
      server.inject({
        method: 'POST',
        url: `${API_BASE}/auth/signup`,
        headers: { [CLIENT_HEADER]: 'test', 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `signup-${run}-${++n}@example.com`, password: 'correct horse battery staple', fullName: 'Sid Signup' }),
        remoteAddress
      })
    const address = '198.51.100.91'
    const answers = await Promise.all(Array.from({ length: 2 * SIGNUP_RATE_LIMIT.max }, (_, i) => signUp(servers[i % 2]!, address)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGNUP_RATE_LIMIT.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(SIGNUP_RATE_LIMIT.max)
    const limited = answers.find((a) => a.statusCode === 429)!
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is counted apart; after the window the address may sign up again.
    expect((await signUp(other, '198.51.100.92')).statusCode).toBe(200)
    t().clock.advance(SIGNUP_RATE_LIMIT.windowMs + 1000)
    expect((await signUp(t().app, address)).statusCode).toBe(200)
  })

  it(`join links: ${JOIN_RATE_LIMIT.max} tries a minute per address and link across both servers`, async () => {
    const admin = new TestClient(t().app)
    await admin.signup({ fullName: 'Ada Admin', email: `join-admin-${randomUUID().slice(0, 8)}@example.com` })
    await admin.createOrganization('Join Limits Co')
    const inviteToken = async () => {
      const invited = await admin.post<{ joinUrl: string }>('/members/invite', { email: `joiner-${randomUUID().slice(0, 8)}@example.com`, role: 'MEMBER' })
      expect(invited.status).toBe(200)
      return new URL(invited.body.joinUrl).searchParams.get('token')!
    }
    const [token, otherToken] = [await inviteToken(), await inviteToken()]
    // A password too short: refused (400) after it was counted, and the link stays open.
    const tryJoin = (server: FastifyInstance, remoteAddress: string, joinToken: string) =>
      server.inject({
        method: 'POST',
        url: `${API_BASE}/join/accept`,
        headers: { [CLIENT_HEADER]: 'test', 'content-type': 'application/json' },
        payload: JSON.stringify({ token: joinToken, fullName: 'Jo Joiner', password: 'short' }),
        remoteAddress
      })
    const address = '198.51.100.93'
    const servers = [t().app, other]
    const answers = await Promise.all(Array.from({ length: 2 * JOIN_RATE_LIMIT.max }, (_, i) => tryJoin(servers[i % 2]!, address, token)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 400)).toHaveLength(JOIN_RATE_LIMIT.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(JOIN_RATE_LIMIT.max)
    const limited = answers.find((a) => a.statusCode === 429)!
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another link from the address, and the link from another address, are counted apart.
    expect((await tryJoin(other, address, otherToken)).statusCode).toBe(400)
    expect((await tryJoin(t().app, '198.51.100.94', token)).statusCode).toBe(400)
    t().clock.advance(JOIN_RATE_LIMIT.windowMs + 1000)
    expect((await tryJoin(other, address, token)).statusCode).toBe(400)
  })

  const onAcademyPlan = (organizationId: string) =>
    t().db.update(subscriptions).set({ status: 'active', productId: 'professional' }).where(eq(subscriptions.organizationId, organizationId))

  it(`quiz submissions: ${QUIZ_RATE_LIMIT.max} an hour per user across both servers and sessions`, async () => {
    const person = new TestClient(t().app)
    const email = `quiz-${randomUUID().slice(0, 8)}@example.com`
    await person.signup({ fullName: 'Quinn Quiz', email })
    // A plan with the Academy: without it every submission is refused for the plan before it is counted.
    await onAcademyPlan((await person.createOrganization('Limits Co')).id)
    // The same user signed in on the other server too.
    const elsewhere = new TestClient(other)
    expect((await elsewhere.post('/auth/login', { email, password: 'correct horse battery staple' })).status).toBe(200)
    const clients = [person, elsewhere]
    const answers = await Promise.all(
      Array.from({ length: 2 * QUIZ_RATE_LIMIT.max }, (_, i) => clients[i % 2]!.post('/academy/quiz/submit', { courseSlug: 'writing', answers: { q1: ['a'] } }))
    )
    const limited = answers.filter((a) => a.status === 429)
    expect(limited).toHaveLength(QUIZ_RATE_LIMIT.max)
    expect(limited[0]!.headers['retry-after']).toBeDefined()
    // Someone else is not limited by it.
    const someoneElse = new TestClient(other)
    await someoneElse.signup({ fullName: 'Sam Else' })
    await onAcademyPlan((await someoneElse.createOrganization('Else Co')).id)
    expect((await someoneElse.post('/academy/quiz/submit', { courseSlug: 'writing', answers: { q1: ['a'] } })).status).not.toBe(429)
  })
})
