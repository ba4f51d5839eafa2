import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_BASE } from '../../shared/api/contract'
import { TestClient } from '../testing/harness'
import { openSecondProcess, type SecondProcess } from '../testing/secondProcess'
import { describeEachDatabase } from '../testing/suite'
import { QUIZ_RATE_LIMIT, VALIDATE_RATE_LIMIT } from './academy'

/**
 * Request limits hold across server processes: two servers on one database (on PostgreSQL the
 * second with a connection pool of its own, as another process would have) share one count. With
 * counters per process, 60 certificate look-ups a minute and 39 quiz submissions an hour were
 * accepted instead of 30 and 20.
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

  it(`quiz submissions: ${QUIZ_RATE_LIMIT.max} an hour per user across both servers and sessions`, async () => {
    const person = new TestClient(t().app)
    const email = `quiz-${randomUUID().slice(0, 8)}@example.com`
    await person.signup({ fullName: 'Quinn Quiz', email })
    await person.createOrganization('Limits Co')
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
    await someoneElse.createOrganization('Else Co')
    expect((await someoneElse.post('/academy/quiz/submit', { courseSlug: 'writing', answers: { q1: ['a'] } })).status).not.toBe(429)
  })
})
