import { randomUUID } from 'node:crypto'
import { and, asc, eq, gte } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, toTeamFormFields } from '../../shared/api/contract'
import type { Team, User } from '../../shared/domain'
import { SSI_MESSAGES, type SsiRecord, type TeamSsiTrend } from '../../shared/domain/ssi'
import { memberships, notifications, ssiRecords } from '../db/schema'
import { createNotificationService } from '../services/notifications'
import { createSsiService, HISTORY_LIMIT, SSI_REMINDER_LINK, SSI_REMINDER_MESSAGE, SSI_REMINDER_TITLE } from '../services/ssi'
import { TestClient, type TestResponse } from '../testing/harness'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

const DAY_MS = 24 * 60 * 60_000
/** Wednesday 18 March 2026, noon UTC. */
const NOW = '2026-03-18T12:00:00.000Z'

describeEachDatabase(
  'the Social Selling Index (issue 15)',
  (t) => {
    const { newOrg, addMember } = postFixtures(t)
    // Each test starts at NOW (sessions are made then; records move the clock around it).
    beforeEach(() => t().clock.set(NOW))

    async function ok<T>(res: Promise<TestResponse<T>>): Promise<T> {
      const answer = await res
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body
    }
    const record = (person: TestPerson, body: unknown) => person.client.put<SsiRecord & ErrorBody>('/user/ssi', body)
    /** Records `score` at `at` (the clock is set there and left there). */
    const recordAt = async (person: TestPerson, at: string, score: number) => {
      t().clock.set(at)
      return ok(record(person, { score }))
    }
    const history = async (person: TestPerson) => (await ok(person.client.get<{ records: SsiRecord[] }>('/user/ssi/history'))).records
    const trend = (person: TestPerson, months?: number) => person.client.get<TeamSsiTrend & ErrorBody>('/team/ssi', months ? { months: String(months) } : undefined)
    const badge = async (person: TestPerson) => (await ok(person.client.get<User>('/user'))).socialSellingIndex

    async function team(admin: TestPerson, name: string, members: TestPerson[], leaders: TestPerson[]): Promise<string> {
      const res = await admin.client.multipart<Team>(
        'POST',
        '/team/create',
        toTeamFormFields({ name, members: members.map((m) => m.userId), teamLeaders: leaders.map((m) => m.userId), requireTag: false, aISettingTemplateId: null })
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.id
    }

    describe('recording', () => {
      it('refuses a score over 100, a pillar over 25, pillars that disagree with the score and strings, with field messages, and saves nothing', async () => {
        t().clock.set(NOW)
        const ann = await newOrg('Ann Invalid')
        expectError(await record(ann, { score: 101 }), 400, SSI_MESSAGES.scoreInvalid, 'score')
        expectError(await record(ann, { score: -1 }), 400, SSI_MESSAGES.scoreInvalid, 'score')
        expectError(await record(ann, { score: 52, brand: 26, people: 12, insights: 14, relationships: 0 }), 400, SSI_MESSAGES.pillarInvalid, 'brand')
        expectError(await record(ann, { score: 52, brand: 10, people: 10, insights: 10, relationships: 10 }), 400, SSI_MESSAGES.pillarsDisagree, 'score')
        expectError(await record(ann, { score: '52' }), 400, SSI_MESSAGES.scoreInvalid, 'score')
        expectError(await record(ann, { score: 52, people: '12' }), 400, SSI_MESSAGES.pillarInvalid, 'people')
        expectError(await record(ann, {}), 400, SSI_MESSAGES.scoreInvalid, 'score')
        expect(await history(ann)).toEqual([])
        expect(await badge(ann)).toBeNull()
      })

      it('keeps whole numbers (LinkedIn shows decimals), one record per call at the clock’s now, and answers 401 without a session', async () => {
        t().clock.set(NOW)
        const ann = await newOrg('Ann Rounding')
        const saved = await ok(record(ann, { score: 52.5, brand: 12.6, people: 12.4, insights: 14.49, relationships: 13 }))
        expect(saved).toMatchObject({ score: 53, brand: 13, people: 12, insights: 14, relationships: 13, recordedAt: NOW })
        // Pillars are optional: the score alone, or some of them.
        expect(await ok(record(ann, { score: 49.4, brand: null }))).toMatchObject({ score: 49, brand: null, people: null, insights: null, relationships: null })
        expect(await ok(record(ann, { score: 49, people: 12 }))).toMatchObject({ score: 49, people: 12, brand: null })
        expect(await history(ann)).toHaveLength(3)
        expect((await new TestClient(t().app).put('/user/ssi', { score: 50 })).status).toBe(401)
        // A retried submission (same Idempotency-Key) gets the first answer and adds nothing.
        const headers = { [IDEMPOTENCY_HEADER]: randomUUID() }
        const once = await ok(ann.client.put<SsiRecord>('/user/ssi', { score: 60 }, { headers }))
        expect(await ok(ann.client.put<SsiRecord>('/user/ssi', { score: 60 }, { headers }))).toEqual(once)
        expect(await history(ann)).toHaveLength(4)
      })

      it('works for a user without an organization yet (the index is their own)', async () => {
        const client = new TestClient(t().app)
        await client.signup({ fullName: 'Olga Onboarding' })
        expect((await client.put<SsiRecord>('/user/ssi', { score: 33 })).status).toBe(200)
        expect((await client.get<User>('/user')).body.socialSellingIndex).toBe(33)
      })
    })

    describe('history and the badge', () => {
      it('lists the user’s own records oldest first, and GET /user shows the latest', async () => {
        const ann = await newOrg('Ann History')
        const max = await addMember(ann, 'Max Other')
        await recordAt(ann, '2026-01-05T09:00:00.000Z', 40)
        await recordAt(ann, '2026-03-01T09:00:00.000Z', 61)
        await recordAt(ann, '2026-02-03T09:00:00.000Z', 52)
        await recordAt(max, '2026-03-10T09:00:00.000Z', 80)
        const records = await history(ann)
        expect(records.map((r) => [r.recordedAt, r.score])).toEqual([
          ['2026-01-05T09:00:00.000Z', 40],
          ['2026-02-03T09:00:00.000Z', 52],
          ['2026-03-01T09:00:00.000Z', 61]
        ])
        expect(await badge(ann)).toBe(61)
        expect(await badge(max)).toBe(80)
        // GET /user is polled every 30 s: the score rides in its users statement, no statement of its own.
        // (A repeat is the kept answer, no statement at all: a change to the user makes the server read again.)
        await ok(ann.client.put('/user/update-user-details', { fullName: 'Ann History' }))
        const { statements } = await t().statementsDuring(() => ann.client.get('/user'))
        const reading = statements.filter((q) => q.includes('ssi_records'))
        expect(reading).toHaveLength(1)
        expect(reading[0]).toMatch(/^select .* from "users" where/)
        expect((await history(max)).map((r) => r.score)).toEqual([80])
      })

      it(`keeps the latest ${HISTORY_LIMIT} records in the history`, async () => {
        const ann = await newOrg('Ann Many')
        const start = Date.parse('2025-01-01T00:00:00.000Z')
        for (let i = 0; i < HISTORY_LIMIT + 2; i++) {
          t().clock.set(new Date(start + i * DAY_MS))
          await ok(record(ann, { score: i % 101 }))
        }
        const records = await history(ann)
        expect(records).toHaveLength(HISTORY_LIMIT)
        expect(records[0]!.recordedAt).toBe(new Date(start + 2 * DAY_MS).toISOString())
        expect(records.at(-1)!.score).toBe((HISTORY_LIMIT + 1) % 101)
        expect(await badge(ann)).toBe((HISTORY_LIMIT + 1) % 101)
      })
    })

    describe('team trend', () => {
      it('averages each member’s latest record per month; leaders see their teams, admins all, members 403; other organizations never count', async () => {
        t().clock.set(NOW)
        const ada = await newOrg('Ada Admin')
        const lea = await addMember(ada, 'Lea Leader')
        const mo = await addMember(ada, 'Mo Member')
        const nia = await addMember(ada, 'Nia Member')
        const leo = await addMember(ada, 'Leo Leader')
        const pia = await addMember(ada, 'Pia Member')
        const gus = await addMember(ada, 'Gus Ghost', 'GHOST')
        const loner = await addMember(ada, 'Lou Loner')
        const alpha = await team(ada, 'Alpha', [lea, mo, nia], [lea])
        const beta = await team(ada, 'Beta', [leo, pia], [leo])

        // Another organization, its own team and records: never in Ada's answers.
        const zed = await newOrg('Zed Elsewhere')
        const zoe = await addMember(zed, 'Zoe Elsewhere')
        const zeta = await team(zed, 'Zeta', [zoe], [zoe])
        await recordAt(zoe, '2026-03-02T10:00:00.000Z', 99)

        await recordAt(mo, '2026-01-05T10:00:00.000Z', 40)
        await recordAt(mo, '2026-01-20T10:00:00.000Z', 50) // Mo's latest of January
        await recordAt(nia, '2026-01-25T10:00:00.000Z', 61)
        await recordAt(mo, '2026-02-10T10:00:00.000Z', 70)
        await recordAt(pia, '2026-03-03T10:00:00.000Z', 33)
        await recordAt(loner, '2026-03-03T10:00:00.000Z', 90) // in no team: in no average
        await recordAt(lea, '2025-01-10T10:00:00.000Z', 10) // 14 months ago: outside the default 12
        t().clock.set(NOW)

        const alphaPoints = [
          { month: '2026-01', average: 55.5, members: 2 },
          { month: '2026-02', average: 70, members: 1 }
        ]
        const betaPoints = [{ month: '2026-03', average: 33, members: 1 }]
        const everyTeam = { teams: [{ teamId: alpha, teamName: 'Alpha', points: alphaPoints }, { teamId: beta, teamName: 'Beta', points: betaPoints }] }
        expect(await ok(trend(ada))).toEqual(everyTeam)
        expect(await ok(trend(gus))).toEqual(everyTeam)
        expect(await ok(trend(lea))).toEqual({ teams: [{ teamId: alpha, teamName: 'Alpha', points: alphaPoints }] })
        expect(await ok(trend(leo))).toEqual({ teams: [{ teamId: beta, teamName: 'Beta', points: betaPoints }] })
        expect(await ok(trend(zoe))).toEqual({ teams: [{ teamId: zeta, teamName: 'Zeta', points: [{ month: '2026-03', average: 99, members: 1 }] }] })
        // The last 2 months: January is left out.
        expect((await ok(trend(lea, 2))).teams[0]!.points).toEqual([alphaPoints[1]])
        // 15 months reach Lea's record of January 2025.
        expect((await ok(trend(lea, 15))).teams[0]!.points[0]).toEqual({ month: '2025-01', average: 10, members: 1 })

        for (const member of [mo, pia, loner]) expectError(await trend(member), 403, SSI_MESSAGES.onlyLeaders)
        const tooMany = await trend(ada, 25)
        expect(tooMany.status).toBe(400)
        expect(tooMany.body.error.fields?.months).toBeTruthy()

        // A member no longer ACTIVE in the organization no longer counts.
        await t()
          .db.update(memberships)
          .set({ status: 'INVITED' })
          .where(and(eq(memberships.organizationId, ada.organizationId), eq(memberships.userId, nia.userId)))
        expect((await ok(trend(lea))).teams[0]!.points[0]).toEqual({ month: '2026-01', average: 50, members: 1 })
      })

      it('answers an admin without teams with no teams', async () => {
        const ann = await newOrg('Ann Teamless')
        expect(await ok(trend(ann))).toEqual({ teams: [] })
      })
    })

    describe('the monthly reminder', () => {
      // Read from the table: the sessions of March have expired by May.
      const remindersOf = async (person: TestPerson) =>
        (
          await t()
            .db.select()
            .from(notifications)
            .where(and(eq(notifications.userId, person.userId), eq(notifications.title, SSI_REMINDER_TITLE)))
            .orderBy(asc(notifications.createdAt))
        ).map((n) => ({ organizationId: n.organizationId, title: n.title, message: n.message, link: n.link, createdAt: n.createdAt.toISOString() }))

      it('reminds once a calendar month whoever has no record of the last 30 days, in their organization, on the job runner', async () => {
        t().clock.set('2026-02-26T08:00:00.000Z')
        const ann = await newOrg('Ann Reminded')
        const rita = await addMember(ann, 'Rita Recorded')
        await recordAt(rita, '2026-02-28T08:00:00.000Z', 45)
        const ivy = await ann.client.post<{ member: { id: string } }>('/members/invite', { email: `ivy-${Date.now()}@example.com`, role: 'MEMBER' })
        expect(ivy.status).toBe(200)

        // 10 March: Rita recorded 10 days ago, Ann never.
        t().clock.set('2026-03-10T08:00:00.000Z')
        expect(await t().timers!.advance(0)).toBeGreaterThanOrEqual(1)
        const first = await remindersOf(ann)
        expect(first).toEqual([
          { organizationId: ann.organizationId, title: SSI_REMINDER_TITLE, message: SSI_REMINDER_MESSAGE, link: SSI_REMINDER_LINK, createdAt: '2026-03-10T08:00:00.000Z' }
        ])
        // The bell shows it, linking to Settings' Record your SSI dialog.
        const bell = await ok(ann.client.notifications())
        const shown = bell.find((n) => n.title === SSI_REMINDER_TITLE)!
        expect(shown).toMatchObject({ link: SSI_REMINDER_LINK, read: false })
        expect(await remindersOf(rita)).toEqual([])
        // The invited user, not yet a member, is not reminded.
        expect(await t().db.$count(notifications, and(eq(notifications.userId, ivy.body.member.id), eq(notifications.title, SSI_REMINDER_TITLE)))).toBe(0)

        // The next days of March: nothing more, even when Ann reads the first one.
        await ok(ann.client.put('/notification/mark-as-read', { id: shown.id }))
        t().clock.set('2026-03-11T08:00:00.000Z')
        await t().timers!.advance(DAY_MS)
        t().clock.set('2026-03-25T23:00:00.000Z')
        await t().timers!.advance(DAY_MS)
        expect(await remindersOf(ann)).toHaveLength(1)
        expect(await remindersOf(rita)).toEqual([])

        // April: Ann again; Rita's record is now more than 30 days old.
        t().clock.set('2026-04-02T08:00:00.000Z')
        await t().timers!.advance(DAY_MS)
        expect(await remindersOf(ann)).toHaveLength(2)
        expect(await remindersOf(rita)).toHaveLength(1)
        t().clock.set('2026-04-03T08:00:00.000Z')
        await t().timers!.advance(DAY_MS)
        expect(await remindersOf(ann)).toHaveLength(2)

        // Recording stops the reminders: none in May for someone who recorded 10 days before.
        // (Straight into the table: Ann's session of March has expired by now.)
        await t().db.insert(ssiRecords).values({ id: randomUUID(), userId: ann.userId, score: 58, recordedAt: new Date('2026-04-25T08:00:00.000Z') })
        t().clock.set('2026-05-05T08:00:00.000Z')
        await t().timers!.advance(DAY_MS)
        expect(await remindersOf(ann)).toHaveLength(2)
        expect(await remindersOf(rita)).toHaveLength(2)
      })

      it('sends one reminder when five server processes run the job at the same moment', async () => {
        t().clock.set('2026-06-10T08:00:00.000Z')
        const bea = await newOrg('Bea Twice')
        const processes = [0, 1, 2, 3, 4].map(() => createSsiService({ db: t().db, clock: t().clock, notifications: createNotificationService(t().db, t().clock) }))
        const runs = await Promise.all(processes.map((p) => p.remind()))
        expect(await remindersOf(bea)).toHaveLength(1)
        // Between them they reminded each due user once.
        expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(await t().db.$count(notifications, and(eq(notifications.title, SSI_REMINDER_TITLE), gte(notifications.createdAt, new Date('2026-06-01T00:00:00.000Z')))))
      })
    })
  },
  {
    // The job runner starts with the server; its lanes run only when a test advances the timers.
    manualTimers: true,
    config: { publisherIntervalMs: DAY_MS, metricsIntervalMs: DAY_MS },
    // The webhooks' consumer and sender look every 5 s by default: a day of manual timers would run them 17,280 times each.
    webhooks: { intervalMs: DAY_MS }
  }
)
