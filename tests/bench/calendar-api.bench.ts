/**
 * GET /schedule/calendar (issue 5) with 5,000 slots in range for 10 members (a topic tag on two
 * thirds, a business page on some), against the same request for the first 10 of them in the same
 * run and on the same database: the baseline. On PGlite, and on PostgreSQL when it answers.
 * The unit suite proves the statement count does not grow with the slots (schedule.test.ts); this
 * says what the time does. `npm run bench`, never `npm test`.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../src/shared/api/contract'
import type { BusinessPage, Calendar, Member, PostTag } from '../../src/shared/domain'
import { subscriptions } from '../../src/server/db/schema'
import { seedBusySchedule } from '../../src/server/testing/busySchedule'
import { createTestApp, TestClient, testDatabaseKinds, type TestApp } from '../../src/server/testing/harness'

const NOW = '2026-03-10T10:00:00.000Z'
const SLOTS = 5000
const RUNS = 5
const FEW = { from: '2026-03-11T00:00:00Z', to: '2026-03-11T01:00:00Z' }
const ALL = { from: '2026-03-11T00:00:00Z', to: '2026-06-18T00:00:00Z' }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe.each(await testDatabaseKinds())('GET /schedule/calendar benchmark [%s]', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ database: kind })
    t.clock.set(NOW)
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it(`${SLOTS.toLocaleString('en')} slots in range against 10`, { timeout: 300_000 }, async () => {
    const admin = new TestClient(t.app)
    await admin.signup({ fullName: 'Ada Admin' })
    const org = await admin.createOrganization('Busy Co')
    await t.db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const people = [(await admin.get<{ id: string }>('/user')).body.id]
    for (let i = 0; i < 9; i++) {
      const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `member-${i}-${randomUUID().slice(0, 6)}@bench.example`, role: 'MEMBER' })
      const token = new URL(invited.body.joinUrl).searchParams.get('token')!
      expect((await new TestClient(t.app).post<Session>('/join/accept', { token, fullName: `Member ${i}`, password: 'correct horse battery staple' })).status).toBe(200)
      people.push(invited.body.member.id)
    }
    const tag = (await admin.post<PostTag>('/postTag/create', { tagTitle: 'Busy', tagColor: '#AABBCC', assignedUsers: people })).body
    const page = (await admin.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Busy Labs' })).body
    for (const userId of people.slice(0, 3)) expect((await admin.put('/members/update', { userId, selectedBusinessPages: [page.id] })).status).toBe(200)

    await seedBusySchedule(t.db, { organizationId: org.id, people, tagId: tag.id, pageId: page.id, count: SLOTS, now: NOW })

    const timed = async (query: typeof FEW, expected: number) => {
      const began = performance.now()
      const res = await admin.get<Calendar>('/schedule/calendar', query)
      const ms = performance.now() - began
      expect(res.body.slots).toHaveLength(expected)
      return ms
    }
    // One warm-up of each, then the two take turns.
    await timed(FEW, 10)
    await timed(ALL, SLOTS)
    const few: number[] = []
    const all: number[] = []
    for (let run = 0; run < RUNS; run++) {
      few.push(await timed(FEW, 10))
      all.push(await timed(ALL, SLOTS))
    }
    const f = median(few)
    const a = median(all)
    console.log(
      [
        `GET /schedule/calendar [${kind}], median of ${RUNS} (ms):`,
        '| slots in range | ms | ratio |',
        '|---:|---:|---:|',
        `| 10 (baseline) | ${f.toFixed(0)} | 1.00 |`,
        `| ${SLOTS.toLocaleString('en')} | ${a.toFixed(0)} | ${(a / f).toFixed(1)} |`,
        `runs: 10 → ${few.map((ms) => ms.toFixed(0)).join(' / ')}; ${SLOTS} → ${all.map((ms) => ms.toFixed(0)).join(' / ')}`
      ].join('\n')
    )
  })
})
