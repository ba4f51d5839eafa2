import { randomBytes, randomUUID } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { API_BASE, SESSION_COOKIE, toTeamFormFields, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { AssignedSlot, Member, Team } from '../../shared/domain'
import {
  ACADEMY_MESSAGES,
  type AcademyHome,
  type Certificate,
  type CertificateValidation,
  type CourseDetail,
  type CourseSummary,
  type OrganizationLesson,
  type QuizResult
} from '../../shared/domain/academy'
import { assignedSlots, auditLog, domainEvents, postMetrics, posts, subscriptions, users } from '../db/schema'
import { certificateDate } from '../services/certificates'
import { newPostValues } from '../services/posts'
import { TestClient, type TestResponse } from '../testing/harness'
import { expectError, PASSWORD, type ErrorBody } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'
import { QUIZ_RATE_LIMIT, VALIDATE_RATE_LIMIT } from './academy'

/**
 * The Academy's content in these tests: a course of three lessons with a final quiz of ten questions
 * (q1–q9 one right option 'b'; q10 "choose all that apply": a and b), a course without a quiz and an
 * article. The shipped content has its own test (academy/content.test.ts).
 */
const FIXTURE = vi.hoisted(() => {
  const single = (n: number) => `  - id: q${n}\n    prompt: "Question ${n}?"\n    options:\n      - { id: a, text: "A" }\n      - { id: b, text: "B", correct: true }\n      - { id: c, text: "C" }\n`
  const questions = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(single).join('')
  const multiple = `  - id: q10\n    prompt: "Which apply? (choose all that apply)"\n    options:\n      - { id: a, text: "A", correct: true }\n      - { id: b, text: "B", correct: true }\n      - { id: c, text: "C" }\n`
  const lesson = (title: string) => `---\ntitle: ${title}\n---\nRead this lesson about ${title.toLowerCase()}.\n`
  return {
    'courses/writing/course.md': '---\ntitle: Writing posts people read\nsummary: Hooks and endings.\norder: 1\n---\n',
    'courses/writing/lessons/01-one.md': lesson('One'),
    'courses/writing/lessons/02-two.md': lesson('Two'),
    'courses/writing/lessons/03-three.md': lesson('Three'),
    'courses/writing/quiz.md': `---\ntitle: Final quiz\nquestions:\n${questions}${multiple}---\n`,
    'courses/profile/course.md': '---\ntitle: A profile that earns trust\nsummary: Photo and headline.\norder: 2\n---\n',
    'courses/profile/lessons/01-photo.md': lesson('Photo'),
    'articles/timing.md': '---\ntitle: When to post\nsummary: Mornings.\norder: 1\n---\nTuesday mornings work.\n'
  }
})

vi.mock('../academy/content', async (importOriginal) => {
  const original = await importOriginal<typeof import('../academy/content')>()
  const { parseAcademyContent } = await import('../academy/parse')
  const content = parseAcademyContent(FIXTURE)
  return { ...original, academyContent: () => content }
})

const NOW = '2026-11-20T10:00:00.000Z'

type Answers = Record<string, string[]>
/** The first `right` questions answered right, the rest wrongly (q10 wrongly: only c). */
function answersWith(right: number, q10: string[] = right >= 10 ? ['a', 'b'] : ['c']): Answers {
  const answers: Answers = {}
  for (let n = 1; n <= 9; n++) answers[`q${n}`] = [n <= right ? 'b' : 'a']
  answers.q10 = q10
  return answers
}

/** The lines of text a PDF made by pdfkit shows (its content streams inflated, each TJ's hex strings joined). */
function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = []
  const text = pdf.toString('latin1')
  // Each stream's bytes by its dictionary's /Length: compressed bytes may end in a CR, which a
  // search for the line break before `endstream` would cut off.
  for (const stream of text.matchAll(/\/Length (\d+)\b[^>]*>>\s*stream\r?\n/g)) {
    const start = stream.index + stream[0].length
    let content: string
    try {
      content = inflateSync(Buffer.from(text.slice(start, start + Number(stream[1])), 'latin1')).toString('latin1')
    } catch {
      continue // not a compressed content stream
    }
    for (const shown of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      lines.push([...shown[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''))
    }
  }
  return lines
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into)
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key)
      keysOf(inner, into)
    }
  }
  return into
}

describeEachDatabase('academy (issue 15)', (t) => {
  interface Person {
    client: TestClient
    userId: string
    fullName: string
  }
  type Name = 'ADMIN' | 'GHOST' | 'leader' | 'learner' | 'member' | 'passer' | 'limited'
  const people = {} as Record<Name, Person>
  let organizationId = ''
  let organizationName = ''
  let crewId = ''
  /** Another Professional organization, with a certificate and a lesson of its own. */
  const other = {} as { admin: Person; organizationId: string; certificate: Certificate; lesson: OrganizationLesson }
  let trialAdmin: TestClient
  let entryAdmin: TestClient

  async function ok<T>(res: Promise<TestResponse<T>>): Promise<T> {
    const answer = await res
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    t().clock.advance(1000)
    return answer.body
  }

  async function organization(name: string): Promise<{ client: TestClient; userId: string; organizationId: string }> {
    const client = new TestClient(t().app)
    await client.signup({ fullName: `${name} Admin` })
    const org = await client.createOrganization(name)
    await t().db.update(subscriptions).set({ availableSeats: 50 }).where(eq(subscriptions.organizationId, org.id))
    return { client, userId: (await client.get<Session>('/auth')).body.userId, organizationId: org.id }
  }

  const setPlan = (id: string, productId: 'professional' | 'entry') =>
    t().db.update(subscriptions).set({ status: 'active', productId }).where(eq(subscriptions.organizationId, id))

  async function join(admin: TestClient, fullName: string, role: 'MEMBER' | 'GHOST' = 'MEMBER'): Promise<Person> {
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `m-${randomUUID().slice(0, 8)}@example.com`, role })
    expect(invited.status, JSON.stringify(invited.body)).toBe(200)
    const client = new TestClient(t().app)
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    expect((await client.post<Session>('/join/accept', { token, fullName, password: PASSWORD })).status).toBe(200)
    return { client, userId: invited.body.member.id, fullName }
  }

  const submit = (person: Person, answers: Answers, courseSlug = 'writing') => person.client.post<QuizResult>('/academy/quiz/submit', { courseSlug, answers })
  const course = (person: Person, slug = 'writing') => person.client.get<CourseDetail>('/academy/course', { slug })
  const home = (person: Person) => ok(person.client.get<AcademyHome>('/academy/courses'))
  const anonymous = () => new TestClient(t().app)
  /** The certificate's PDF as bytes (TestClient reads answers as text). */
  const pdfOf = async (person: Person, certificateId: string) =>
    (
      await t().app.inject({
        method: 'GET',
        url: `${API_BASE}/academy/certificates/pdf`,
        query: { certificateId },
        headers: { cookie: `${SESSION_COOKIE}=${person.client.cookie}` }
      })
    ).rawPayload
  const validate = (certificateId: string) => anonymous().get<CertificateValidation>('/academy/certificates/validate', { certificateId })

  beforeAll(async () => {
    t().clock.set(NOW)
    const academy = await organization('Academy Inc')
    organizationId = academy.organizationId
    organizationName = 'Academy Inc'
    people.ADMIN = { client: academy.client, userId: academy.userId, fullName: 'Academy Inc Admin' }
    // Invited during the trial (GHOST_ROLE), then the organization buys Professional.
    people.GHOST = await join(academy.client, 'Gus Ghost', 'GHOST')
    people.leader = await join(academy.client, 'Leo Leader')
    people.learner = await join(academy.client, 'Lia Learner')
    people.member = await join(academy.client, 'Mo Member')
    people.passer = await join(academy.client, 'Pat Passer')
    people.limited = await join(academy.client, 'Rita Retry')
    const crew = await people.ADMIN.client.multipart<Team>(
      'POST',
      '/team/create',
      toTeamFormFields({ name: 'Crew', members: [people.leader.userId, people.learner.userId], teamLeaders: [people.leader.userId], requireTag: false, aISettingTemplateId: null })
    )
    expect(crew.status, JSON.stringify(crew.body)).toBe(200)
    crewId = crew.body.id
    const ops = await people.ADMIN.client.multipart<Team>(
      'POST',
      '/team/create',
      toTeamFormFields({ name: 'Ops', members: [people.GHOST.userId], teamLeaders: [people.GHOST.userId], requireTag: false, aISettingTemplateId: null })
    )
    expect(ops.status, JSON.stringify(ops.body)).toBe(200)
    await setPlan(organizationId, 'professional')

    const elsewhere = await organization('Elsewhere Ltd')
    await setPlan(elsewhere.organizationId, 'professional')
    other.admin = { client: elsewhere.client, userId: elsewhere.userId, fullName: 'Elsewhere Ltd Admin' }
    other.organizationId = elsewhere.organizationId
    other.certificate = (await ok(submit(other.admin, answersWith(10)))).certificate!
    other.lesson = await ok(elsewhere.client.post<OrganizationLesson>('/academy/lessons/create', { title: 'Our voice', body: 'Be kind.' }))

    trialAdmin = (await organization('Trial Co')).client
    const entry = await organization('Entry Co')
    await setPlan(entry.organizationId, 'entry')
    entryAdmin = entry.client
  })

  describe('the ACADEMY entitlement', () => {
    it('shows a trial the catalogue without progress, and refuses it the courses (402)', async () => {
      const res = await trialAdmin.get<AcademyHome>('/academy/courses')
      expect(res.status).toBe(200)
      expect(res.body.entitled).toBe(false)
      expect(res.body.courses.map((c) => [c.slug, c.title, c.lessons.map((l) => l.title)])).toEqual([
        ['writing', 'Writing posts people read', ['One', 'Two', 'Three']],
        ['profile', 'A profile that earns trust', ['Photo']]
      ])
      for (const c of res.body.courses) expect(c).toMatchObject({ completedLessons: 0, passed: false, certificate: null, source: 'pagecrew' })
      expect(res.body).toMatchObject({ insights: null, teamProgress: [], articles: [] })
      expectError(await trialAdmin.get('/academy/course', { slug: 'writing' }), 402, ACADEMY_MESSAGES.notInPlan)
    })

    it('answers 402 on every Academy endpoint but the catalogue and validation for an Entry organization', async () => {
      const calls = [
        entryAdmin.get('/academy/course', { slug: 'writing' }),
        entryAdmin.put('/academy/progress', { courseSlug: 'writing', lessonSlug: 'one' }),
        entryAdmin.post('/academy/quiz/submit', { courseSlug: 'writing', answers: answersWith(10) }),
        entryAdmin.get('/academy/certificates'),
        entryAdmin.get('/academy/certificates/pdf', { certificateId: other.certificate.certificateId }),
        entryAdmin.post('/academy/certificates/revoke', { certificateId: other.certificate.certificateId }),
        entryAdmin.get('/academy/lessons'),
        entryAdmin.post('/academy/lessons/create', { title: 'Guide', body: 'Text' }),
        entryAdmin.put('/academy/lessons/update', { lessonId: other.lesson.id, title: 'Guide', body: 'Text' }),
        entryAdmin.delete('/academy/lessons/delete', { lessonId: other.lesson.id })
      ]
      for (const res of calls) expectError(await res, 402, ACADEMY_MESSAGES.notInPlan)
      expect((await ok(entryAdmin.get<AcademyHome>('/academy/courses'))).entitled).toBe(false)
      // Validation is public: no plan involved.
      expect((await validate(other.certificate.certificateId)).status).toBe(200)
    })

    it('opens everything on Professional', async () => {
      const answer = await home(people.member)
      expect(answer.entitled).toBe(true)
      expect(answer.articles).toEqual([{ slug: 'timing', title: 'When to post', summary: 'Mornings.', markdown: 'Tuesday mornings work.', minutes: 1 }])
      expect(answer.insights).not.toBeNull()
      expect((await ok(course(people.member))).lessons.map((l) => l.markdown)).toEqual([
        'Read this lesson about one.',
        'Read this lesson about two.',
        'Read this lesson about three.'
      ])
    })

    it('needs a session', async () => {
      for (const res of [anonymous().get('/academy/courses'), anonymous().get('/academy/course', { slug: 'writing' }), anonymous().post('/academy/quiz/submit', {})]) {
        expect((await res).status).toBe(401)
      }
    })
  })

  describe('the quiz', () => {
    it('never sends which options are right', async () => {
      const fresh = await ok(course(people.member))
      expect(keysOf(fresh).has('correct')).toBe(false)
      expect(fresh.quiz?.questions.map((q) => [q.id, q.multiple, q.options.map((o) => o.id)])).toEqual([
        ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`q${n}`, false, ['a', 'b', 'c']]),
        ['q10', true, ['a', 'b', 'c']]
      ])
      // After attempts, only the attempts carry a count of right answers, and the quiz still nothing.
      await ok(submit(people.member, answersWith(3)))
      const after = await ok(course(people.member))
      expect(after.attempts).toHaveLength(1)
      expect(Object.keys(after.attempts[0]!).sort()).toEqual(['correct', 'passed', 'submittedAt', 'total'])
      expect(keysOf({ ...after, attempts: [] }).has('correct')).toBe(false)
      // The result says which questions were wrong, not what was right.
      const result = await ok(submit(people.member, answersWith(3)))
      expect(keysOf(result.questions)).toEqual(new Set(['id', 'correct']))
      expect(JSON.stringify(result)).not.toMatch(/"b"|options/)
    })

    it('fails 7 of 10 and passes 8 of 10, the multiple-choice question right only with exactly its set', async () => {
      const learner = people.learner
      const seven = await ok(submit(learner, answersWith(7)))
      expect(seven).toMatchObject({ correct: 7, total: 10, passMark: 0.8, passed: false, certificate: null })
      expect(seven.questions.filter((q) => !q.correct).map((q) => q.id)).toEqual(['q8', 'q9', 'q10'])

      for (const q10 of [['a'], ['b'], ['a', 'b', 'c'], ['c']]) {
        const result = await ok(submit(learner, answersWith(7, q10)))
        expect(result.questions.find((q) => q.id === 'q10')?.correct, q10.join()).toBe(false)
        expect(result.passed).toBe(false)
      }
      // Order and repeats of the chosen options do not matter: the set does.
      const eight = await ok(submit(learner, answersWith(7, ['b', 'a', 'b'])))
      expect(eight).toMatchObject({ correct: 8, total: 10, passed: true })
      expect(eight.questions.find((q) => q.id === 'q10')?.correct).toBe(true)
      const certificate = eight.certificate!
      expect(certificate).toMatchObject({ holderName: 'Lia Learner', courseSlug: 'writing', courseTitle: 'Writing posts people read', organizationName, revokedAt: null })
      expect(certificate.validationUrl).toBe(`http://localhost/validate-certification?id=${certificate.certificateId}`)

      // Every attempt is recorded, newest first.
      const detail = await ok(course(learner))
      expect(detail.attempts.map((a) => [a.correct, a.passed])).toEqual([[8, true], [7, false], [7, false], [7, false], [7, false], [7, false]])
      expect(detail.course).toMatchObject({ passed: true, certificate })

      // Passing again returns the live certificate; the user is told once.
      const again = await ok(submit(learner, answersWith(10)))
      expect(again.certificate?.certificateId).toBe(certificate.certificateId)
      const notifications = await ok(learner.client.notifications())
      expect(notifications.filter((n) => n.title === 'Certificate earned')).toHaveLength(1)
      expect(notifications.find((n) => n.title === 'Certificate earned')?.link).toBe('/academy/insights')
    })

    it('refuses incomplete answers and ids that are not the quiz’s (400), and courses without a quiz (404)', async () => {
      const p = people.member
      const incomplete = answersWith(10)
      delete incomplete.q4
      expectError(await submit(p, incomplete), 400, ACADEMY_MESSAGES.quizIncomplete, 'answers.q4')
      expectError(await submit(p, { ...answersWith(10), q4: [] }), 400, ACADEMY_MESSAGES.quizIncomplete)
      expectError(await submit(p, { ...answersWith(10), q11: ['a'] }), 400, ACADEMY_MESSAGES.quizUnknownAnswer)
      expectError(await submit(p, { ...answersWith(10), q2: ['z'] }), 400, ACADEMY_MESSAGES.quizUnknownAnswer)
      expectError(await submit(p, answersWith(10), 'profile'), 404, ACADEMY_MESSAGES.quizNotFound)
      expectError(await submit(p, answersWith(10), 'no-such-course'), 404, ACADEMY_MESSAGES.courseNotFound)
      expect((await submit(p, answersWith(10), 'Not A Slug')).status).toBe(400)
    })

    it('gives the same answer to a repeated submission (Idempotency-Key)', async () => {
      const key = randomUUID()
      const send = () =>
        people.member.client.post<QuizResult>('/academy/quiz/submit', { courseSlug: 'writing', answers: answersWith(2) }, { headers: { 'Idempotency-Key': key } })
      const first = await send()
      const second = await send()
      expect(second.headers['idempotent-replayed']).toBe('true')
      expect(second.body).toEqual(first.body)
    })

    it(`limits a user to ${QUIZ_RATE_LIMIT.max} submissions an hour (429), whatever the session, and not others`, async () => {
      const p = people.limited
      for (let i = 0; i < QUIZ_RATE_LIMIT.max; i++) expect((await submit(p, { q1: ['a'] })).status).toBe(400)
      expect((await submit(p, answersWith(10))).status).toBe(429)
      // A second session of the same user is the same user.
      const second = new TestClient(t().app)
      const me = await t().db.select({ email: users.email }).from(users).where(eq(users.id, p.userId))
      expect((await second.post('/auth/login', { email: me[0]!.email, password: PASSWORD })).status).toBe(200)
      const limited = await second.post<ErrorBody>('/academy/quiz/submit', { courseSlug: 'writing', answers: answersWith(10) })
      expect(limited.status).toBe(429)
      expect(limited.body.error.code).toBe('rate_limited')
      expect((await submit(people.member, { q1: ['a'] })).status).toBe(400)
    })
  })

  describe('certificates', () => {
    it('have 128-bit base64url ids with nothing in common', async () => {
      const a = (await ok(submit(people.passer, answersWith(9)))).certificate!
      const b = other.certificate
      for (const c of [a, b]) expect(c.certificateId).toMatch(/^[A-Za-z0-9_-]{22,}$/)
      const bytesA = Buffer.from(a.certificateId, 'base64url')
      const bytesB = Buffer.from(b.certificateId, 'base64url')
      expect(bytesA).toHaveLength(16)
      expect(bytesB).toHaveLength(16)
      // Random ids: about 15 of 16 bytes differ; sequential or derived ids would share most of them.
      const same = [...bytesA].filter((byte, i) => byte === bytesB[i]).length
      expect(same).toBeLessThan(6)
    })

    it('validate publicly as valid, then revoked after an admin revokes them', async () => {
      const mine = (await ok(submit(people.GHOST, answersWith(10)))).certificate!
      const valid = await validate(mine.certificateId)
      expect(valid.status).toBe(200)
      expect(valid.body).toEqual({
        status: 'valid',
        certificateId: mine.certificateId,
        holderName: 'Gus Ghost',
        courseTitle: 'Writing posts people read',
        organizationName,
        issuedAt: mine.issuedAt,
        revokedAt: null
      })
      const revoked = await ok(people.ADMIN.client.post<Certificate>('/academy/certificates/revoke', { certificateId: mine.certificateId, reason: 'Shared answers' }))
      expect(revoked.revokedAt).not.toBeNull()
      const after = await validate(mine.certificateId)
      expect(after.body).toMatchObject({ status: 'revoked', revokedAt: revoked.revokedAt, holderName: 'Gus Ghost' })
      // The holder is told, the log keeps it, and the course is no longer passed (passing again issues a new one).
      const told = await ok(people.GHOST.client.notifications())
      expect(told.find((n) => n.title === 'Certificate revoked')?.message).toContain('Shared answers')
      const logged = await t()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'certificate.revoked'), eq(auditLog.targetId, mine.certificateId)))
      expect(logged).toHaveLength(1)
      expect(logged[0]!.actorUserId).toBe(people.ADMIN.userId)
      expect((await ok(course(people.GHOST))).course).toMatchObject({ passed: false, certificate: null })
      const renewed = (await ok(submit(people.GHOST, answersWith(10)))).certificate!
      expect(renewed.certificateId).not.toBe(mine.certificateId)
      expectError(await people.ADMIN.client.post('/academy/certificates/revoke', { certificateId: mine.certificateId }), 409, ACADEMY_MESSAGES.certificateAlreadyRevoked)
    })

    it('answer one 404 body for every unknown id, whatever it looks like', async () => {
      const ids = [randomBytes(16).toString('base64url'), 'abc', randomUUID(), 'x'.repeat(100), "' OR '1'='1", other.certificate.certificateId.slice(0, 21)]
      const bodies = new Set<string>()
      for (const id of ids) {
        const res = await validate(id)
        expect(res.status, id).toBe(404)
        bodies.add(JSON.stringify(res.body))
      }
      expect([...bodies]).toEqual([JSON.stringify({ error: { code: 'not_found', message: ACADEMY_MESSAGES.certificateNotFound } })])
      expectError(await anonymous().get('/academy/certificates/validate', { certificateId: ' ' }), 400, ACADEMY_MESSAGES.certificateIdMissing)
    })

    it(`limit validation to ${VALIDATE_RATE_LIMIT.max} a minute per address (429)`, async () => {
      const from = async (remoteAddress: string) =>
        t().app.inject({ method: 'GET', url: `${API_BASE}/academy/certificates/validate`, query: { certificateId: randomBytes(16).toString('base64url') }, remoteAddress })
      for (let i = 0; i < VALIDATE_RATE_LIMIT.max; i++) expect((await from('203.0.113.7')).statusCode).toBe(404)
      const limited = await from('203.0.113.7')
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
      expect((await from('203.0.113.8')).statusCode).toBe(404)
    })

    it('revoke: admins and ghosts of the organization only', async () => {
      const issued = async (person: Person) => {
        const res = await ok(submit(person, answersWith(10), 'writing'))
        return res.certificate!
      }
      const target = await issued(people.passer)
      // Issued once, told once to the event outbox.
      const told = await t().db.select().from(domainEvents).where(and(eq(domainEvents.name, 'certificate.issued'), sql`${domainEvents.payload}->>'certificateId' = ${target.certificateId}`))
      expect(told.map((e) => ({ payload: e.payload, actor: e.actor }))).toEqual([
        { payload: { certificateId: target.certificateId, userId: people.passer.userId, course: 'writing' }, actor: { type: 'user', userId: people.passer.userId } }
      ])
      expectError(await people.member.client.post('/academy/certificates/revoke', { certificateId: target.certificateId }), 403, ACADEMY_MESSAGES.onlyAdminsRevoke)
      expectError(await people.leader.client.post('/academy/certificates/revoke', { certificateId: target.certificateId }), 403, ACADEMY_MESSAGES.onlyAdminsRevoke)
      expectError(await people.passer.client.post('/academy/certificates/revoke', { certificateId: target.certificateId }), 403, ACADEMY_MESSAGES.onlyAdminsRevoke)
      // Another organization's admin: not found, as is an id nobody holds.
      expectError(await other.admin.client.post('/academy/certificates/revoke', { certificateId: target.certificateId }), 404, ACADEMY_MESSAGES.certificateNotFound)
      expectError(await people.ADMIN.client.post('/academy/certificates/revoke', { certificateId: other.certificate.certificateId }), 404, ACADEMY_MESSAGES.certificateNotFound)
      const revoked = await ok(people.GHOST.client.post<Certificate>('/academy/certificates/revoke', { certificateId: target.certificateId }))
      expect(revoked.revokedAt).not.toBeNull()
      // Its printout says so.
      expect(pdfLines(await pdfOf(people.passer, target.certificateId))).toContain(`Revoked on ${certificateDate(new Date(revoked.revokedAt!))}`)
      expect((await validate(other.certificate.certificateId)).body.status).toBe('valid')
    })

    it('print as a PDF for the holder and the organization’s admins; everyone else gets 404', async () => {
      const mine = (await ok(submit(people.learner, answersWith(10)))).certificate!
      for (const person of [people.learner, people.ADMIN, people.GHOST]) {
        const res = await person.client.get<string>('/academy/certificates/pdf', { certificateId: mine.certificateId })
        expect(res.status).toBe(200)
        expect(res.headers['content-type']).toBe('application/pdf')
        expect(String(res.headers['content-disposition'])).toBe('attachment; filename="pagecrew-certificate-writing.pdf"')
        expect(res.body.startsWith('%PDF-')).toBe(true)
      }
      const pdf = await pdfOf(people.learner, mine.certificateId)
      expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1)
      expect(pdfLines(pdf)).toEqual([
        'PAGECREW ACADEMY',
        'Certificate of completion',
        'This certifies that',
        'Lia Learner',
        'has completed the course',
        'Writing posts people read',
        `with ${organizationName}`,
        `Issued on ${certificateDate(new Date(mine.issuedAt))}`,
        `Certificate ID: ${mine.certificateId}`,
        `Check it at ${mine.validationUrl}`
      ])
      for (const client of [people.leader.client, people.member.client, other.admin.client]) {
        expectError(await client.get('/academy/certificates/pdf', { certificateId: mine.certificateId }), 404, ACADEMY_MESSAGES.certificateNotFound)
      }
      expectError(await people.ADMIN.client.get('/academy/certificates/pdf', { certificateId: other.certificate.certificateId }), 404, ACADEMY_MESSAGES.certificateNotFound)
    })

    it('list the user’s own, and the organization’s for admins only', async () => {
      const mine = await ok(people.learner.client.get<Certificate[]>('/academy/certificates'))
      expect(mine.length).toBeGreaterThan(0)
      expect(new Set(mine.map((c) => c.holderName))).toEqual(new Set(['Lia Learner']))
      expectError(await people.learner.client.get('/academy/certificates', { scope: 'organization' }), 403, MESSAGES.onlyAdmins)
      expectError(await people.leader.client.get('/academy/certificates', { scope: 'organization' }), 403, MESSAGES.onlyAdmins)
      for (const admin of [people.ADMIN, people.GHOST]) {
        const all = await ok(admin.client.get<Certificate[]>('/academy/certificates', { scope: 'organization' }))
        expect(new Set(all.map((c) => c.holderName))).toEqual(new Set(['Lia Learner', 'Gus Ghost', 'Pat Passer']))
        expect(all.map((c) => c.certificateId)).not.toContain(other.certificate.certificateId)
        // Revoked ones are listed as revoked.
        expect(all.some((c) => c.revokedAt !== null)).toBe(true)
      }
      const theirs = await ok(other.admin.client.get<Certificate[]>('/academy/certificates', { scope: 'organization' }))
      expect(theirs.map((c) => c.certificateId)).toEqual([other.certificate.certificateId])
    })
  })

  describe('progress', () => {
    it('records lessons opened and completed, and resumes at the last one opened', async () => {
      const p = people.leader
      const start = (await ok(course(p))).course
      expect(start).toMatchObject({ completedLessons: 0, resumeLessonSlug: 'one', passed: false })
      const put = (lessonSlug: string, completed?: boolean) =>
        ok(p.client.put<CourseSummary>('/academy/progress', { courseSlug: 'writing', lessonSlug, ...(completed === undefined ? {} : { completed }) }))
      expect(await put('two')).toMatchObject({ completedLessons: 0, resumeLessonSlug: 'two' })
      expect(await put('one', true)).toMatchObject({ completedLessons: 1, resumeLessonSlug: 'one' })
      expect(await put('three')).toMatchObject({ completedLessons: 1, resumeLessonSlug: 'three' })
      expect(await put('two', true)).toMatchObject({ completedLessons: 2, resumeLessonSlug: 'two' })
      // Opening a completed lesson keeps it completed; marking it not completed clears it.
      expect(await put('one')).toMatchObject({ completedLessons: 2, resumeLessonSlug: 'one' })
      const cleared = await put('two', false)
      expect(cleared.lessons.map((l) => [l.slug, l.completed])).toEqual([['one', true], ['two', false], ['three', false]])
      // The home shows the same; another user's progress is their own.
      const mine = (await home(p)).courses.find((c) => c.slug === 'writing')!
      expect(mine).toMatchObject({ completedLessons: 1, resumeLessonSlug: 'two' })
      expect((await home(people.member)).courses.find((c) => c.slug === 'writing')).toMatchObject({ completedLessons: 0, resumeLessonSlug: 'one' })

      expectError(await p.client.put('/academy/progress', { courseSlug: 'writing', lessonSlug: 'four' }), 404, ACADEMY_MESSAGES.lessonNotFound)
      expectError(await p.client.put('/academy/progress', { courseSlug: 'nope', lessonSlug: 'one' }), 404, ACADEMY_MESSAGES.courseNotFound)
      expect((await p.client.put('/academy/progress', { courseSlug: 'writing', lessonSlug: 'One!' })).status).toBe(400)
      expectError(await p.client.get('/academy/course', { slug: 'nope' }), 404, ACADEMY_MESSAGES.courseNotFound)
    })

    it('shows team progress to team leaders (their teams) and admins (every team), nobody else', async () => {
      await ok(people.learner.client.put('/academy/progress', { courseSlug: 'writing', lessonSlug: 'three', completed: true }))
      const leader = (await home(people.leader)).teamProgress
      expect(leader.map((team) => team.teamName)).toEqual(['Crew'])
      const lia = leader[0]!.members.find((m) => m.userId === people.learner.userId)!
      expect(lia.fullName).toBe('Lia Learner')
      expect(lia.courses.find((c) => c.slug === 'writing')).toMatchObject({ completedLessons: 1, lessonCount: 3, passed: true })
      expect(leader[0]!.members.map((m) => m.fullName)).toEqual(['Leo Leader', 'Lia Learner'])
      for (const admin of [people.ADMIN, people.GHOST]) {
        expect((await home(admin)).teamProgress.map((team) => team.teamName)).toEqual(['Crew', 'Ops'])
      }
      // A team's members who lead nothing, and members in no team, see none.
      for (const person of [people.learner, people.passer, people.member]) expect((await home(person)).teamProgress).toEqual([])
      expect(leader[0]!.teamId).toBe(crewId)
      // Another organization's admin sees their (teamless) organization only.
      expect((await home(other.admin)).teamProgress).toEqual([])
    })
  })

  describe('organization lessons', () => {
    it('admins and ghosts write them, everyone reads them as the organization’s course, audited', async () => {
      const created = await ok(people.ADMIN.client.post<OrganizationLesson>('/academy/lessons/create', { title: 'Posting guideline', summary: 'How we post.', body: 'Tag the company page.' }))
      const second = await ok(people.GHOST.client.post<OrganizationLesson>('/academy/lessons/create', { title: 'Tone', body: 'Warm and plain.' }))
      expect([created.position, second.position]).toEqual([0, 1])
      const updated = await ok(
        people.GHOST.client.put<OrganizationLesson>('/academy/lessons/update', { lessonId: created.id, title: 'Posting guideline v2', body: 'Tag the company page first.' })
      )
      expect(updated).toMatchObject({ title: 'Posting guideline v2', summary: '', body: 'Tag the company page first.' })

      const listed = await ok(people.member.client.get<OrganizationLesson[]>('/academy/lessons'))
      expect(listed.map((l) => l.title)).toEqual(['Posting guideline v2', 'Tone'])
      const own = (await home(people.member)).courses[0]!
      expect(own).toMatchObject({ slug: 'organization', source: 'organization', title: 'Academy Inc guidelines', quiz: null })
      expect(own.lessons.map((l) => l.slug)).toEqual([created.id, second.id])
      const detail = await ok(course(people.member, 'organization'))
      expect(detail.lessons.map((l) => l.markdown)).toEqual(['Tag the company page first.', 'Warm and plain.'])
      expect(detail.quiz).toBeNull()
      expect(await ok(people.member.client.put<CourseSummary>('/academy/progress', { courseSlug: 'organization', lessonSlug: second.id, completed: true }))).toMatchObject({
        completedLessons: 1,
        resumeLessonSlug: second.id
      })

      // Another organization never sees them, nor reaches them.
      expect((await home(other.admin)).courses.find((c) => c.slug === 'organization')?.lessons.map((l) => l.slug)).toEqual([other.lesson.id])
      expect((await ok(other.admin.client.get<OrganizationLesson[]>('/academy/lessons'))).map((l) => l.id)).toEqual([other.lesson.id])
      expectError(await other.admin.client.put('/academy/progress', { courseSlug: 'organization', lessonSlug: created.id }), 404, ACADEMY_MESSAGES.lessonNotFound)
      expectError(await other.admin.client.put('/academy/lessons/update', { lessonId: created.id, title: 'Mine', body: 'x' }), 404, ACADEMY_MESSAGES.lessonNotFound)
      expectError(await other.admin.client.delete('/academy/lessons/delete', { lessonId: created.id }), 404, ACADEMY_MESSAGES.lessonNotFound)
      expectError(await people.ADMIN.client.delete('/academy/lessons/delete', { lessonId: other.lesson.id }), 404, ACADEMY_MESSAGES.lessonNotFound)

      await ok(people.ADMIN.client.delete('/academy/lessons/delete', { lessonId: second.id }))
      await ok(people.ADMIN.client.delete('/academy/lessons/delete', { lessonId: created.id }))
      expect((await home(people.member)).courses.map((c) => c.slug)).toEqual(['writing', 'profile'])
      expectError(await people.member.client.get('/academy/course', { slug: 'organization' }), 404, ACADEMY_MESSAGES.courseNotFound)

      const logged = await t().db.select({ action: auditLog.action, targetId: auditLog.targetId, actor: auditLog.actorUserId }).from(auditLog).where(eq(auditLog.organizationId, organizationId))
      const lessonEntries = logged.filter((e) => e.action.startsWith('academy.'))
      expect(lessonEntries.map((e) => [e.action, e.targetId, e.actor]).sort()).toEqual(
        [
          ['academy.lesson_created', created.id, people.ADMIN.userId],
          ['academy.lesson_created', second.id, people.GHOST.userId],
          ['academy.lesson_updated', created.id, people.GHOST.userId],
          ['academy.lesson_deleted', second.id, people.ADMIN.userId],
          ['academy.lesson_deleted', created.id, people.ADMIN.userId]
        ].sort()
      )
    })

    it('members and team leaders may read but not write them (403)', async () => {
      const lesson = await ok(people.ADMIN.client.post<OrganizationLesson>('/academy/lessons/create', { title: 'Rules', body: 'Be brief.' }))
      for (const person of [people.member, people.leader]) {
        expectError(await person.client.post('/academy/lessons/create', { title: 'Mine', body: 'x' }), 403, ACADEMY_MESSAGES.onlyAdminsLessons)
        expectError(await person.client.put('/academy/lessons/update', { lessonId: lesson.id, title: 'Mine', body: 'x' }), 403, ACADEMY_MESSAGES.onlyAdminsLessons)
        expectError(await person.client.delete('/academy/lessons/delete', { lessonId: lesson.id }), 403, ACADEMY_MESSAGES.onlyAdminsLessons)
        expect((await ok(person.client.get<OrganizationLesson[]>('/academy/lessons'))).map((l) => l.id)).toContain(lesson.id)
      }
      expectError(await people.ADMIN.client.post('/academy/lessons/create', { title: ' ', body: 'x' }), 400, ACADEMY_MESSAGES.lessonTitleMissing, 'title')
      expectError(await people.ADMIN.client.post('/academy/lessons/create', { title: 'T', body: '' }), 400, ACADEMY_MESSAGES.lessonBodyMissing, 'body')
      expectError(await people.ADMIN.client.delete('/academy/lessons/delete', { lessonId: 'not-a-uuid' }), 404, ACADEMY_MESSAGES.lessonNotFound)
      await ok(people.ADMIN.client.delete('/academy/lessons/delete', { lessonId: lesson.id }))
    })
  })

  describe('insights', () => {
    it('are drawn from the organization’s published posts of the last 180 days, in the user’s time zone', async () => {
      await t().db.update(users).set({ timezone: 'Europe/Paris' }).where(eq(users.id, people.ADMIN.userId))
      const tag = await ok(people.ADMIN.client.post<{ id: string }>('/postTag/create', { tagTitle: 'Robots', tagColor: '#aabbcc', assignedUsers: [people.learner.userId] }))
      const slot = (
        await ok(
          people.ADMIN.client.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', { assignedUserId: [people.learner.userId], time: '2026-11-25T09:00:00.000Z', postType: 'textOnly' })
        )
      ).slots[0]!
      await t().db.update(assignedSlots).set({ tagId: tag.id }).where(eq(assignedSlots.id, slot.id))

      type Metrics = { impressions: number; reactions: number; comments?: number; reshares?: number; clicks?: number | null }
      const publish = async (at: string, metrics: Metrics | null, options: { text?: string; status?: 'PUBLISHED' | 'DRAFT'; slotId?: string; organization?: string; author?: string } = {}) => {
        const values = newPostValues(
          {
            organizationId: options.organization ?? organizationId,
            authorUserId: options.author ?? people.learner.userId,
            text: options.text ?? 'Short and sweet.',
            slotId: options.slotId ?? null,
            scheduledAt: new Date(at)
          },
          t().clock.now()
        )
        values.status = options.status ?? 'PUBLISHED'
        values.publishedAt = values.status === 'PUBLISHED' ? new Date(at) : null
        await t().db.insert(posts).values(values)
        if (metrics) {
          await t()
            .db.insert(postMetrics)
            .values({ postId: values.id, organizationId: values.organizationId, comments: 0, reshares: 0, ...metrics, updatedAt: new Date(NOW) })
        }
      }
      // Tuesdays 09:00 in Paris (08:00 UTC): 10 % engagement (reactions + comments + reshares + clicks).
      await publish('2026-11-10T08:00:00Z', { impressions: 1000, reactions: 80, comments: 10, reshares: 5, clicks: 5 }, { slotId: slot.id })
      await publish('2026-11-03T08:00:00Z', { impressions: 1000, reactions: 100, clicks: null })
      // Monday 23:30 UTC is Tuesday 00:30 in Paris.
      await publish('2026-11-16T23:30:00Z', { impressions: 500, reactions: 50 }, { text: `${'word '.repeat(60)}` })
      // Fridays 17:00 in Paris: 1 %.
      await publish('2026-11-13T16:00:00Z', { impressions: 1000, reactions: 10 })
      // Not counted: a draft, a post of 200 days ago, another organization's post.
      await publish('2026-11-12T08:00:00Z', { impressions: 1000, reactions: 900 }, { status: 'DRAFT' })
      await publish('2026-05-04T08:00:00Z', { impressions: 1000, reactions: 900 })
      await publish('2026-11-12T08:00:00Z', { impressions: 1000, reactions: 900 }, { organization: other.organizationId, author: other.admin.userId })

      const few = (await home(people.ADMIN)).insights!
      expect(few).toEqual({ postCount: 4, minimumPosts: 5, bestDays: [], bestHours: [], postTypes: [], lengths: [], topics: [], timeZone: 'Europe/Paris' })

      await publish('2026-11-06T16:00:00Z', { impressions: 1000, reactions: 10 }, { text: 'Friday again.' })
      const insights = (await home(people.ADMIN)).insights!
      expect(insights.postCount).toBe(5)
      expect(insights.bestDays.map((d) => [d.weekday, d.posts])).toEqual([
        [1, 3],
        [4, 2]
      ])
      expect(insights.bestDays[0]!.engagementRate).toBeCloseTo(250 / 2500)
      expect(insights.bestDays[1]!.engagementRate).toBeCloseTo(20 / 2000)
      expect(insights.bestHours.map((h) => [h.hour, h.posts])).toEqual([
        [9, 2],
        [0, 1],
        [17, 2]
      ])
      expect(insights.postTypes).toEqual([{ type: 'textOnly', posts: 5, engagementRate: 270 / 4500 }])
      expect(insights.lengths.map((l) => [l.label, l.minWords, l.maxWords, l.posts])).toEqual([
        ['Under 50 words', 0, 49, 4],
        ['50–149 words', 50, 149, 1],
        ['150–299 words', 150, 299, 0],
        ['300 words or more', 300, null, 0]
      ])
      expect(insights.topics).toEqual([{ tagId: tag.id, title: 'Robots', color: '#aabbcc', posts: 1, engagementRate: 0.1 }])

      // Another user's zone moves the days: in UTC the 23:30 post is a Monday.
      const utc = (await home(people.member)).insights!
      expect(utc.timeZone).toBe('UTC')
      expect(utc.bestDays.map((d) => [d.weekday, d.posts])).toEqual([
        [1, 2],
        [0, 1],
        [4, 2]
      ])
      // The other organization has one post: counts only.
      expect((await home(other.admin)).insights).toMatchObject({ postCount: 1, bestDays: [] })
      // The insights are the organization's, whoever looks.
      expect((await home(people.passer)).insights?.postCount).toBe(5)
    })
  })
})
