import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OrganizationSession } from '../services/sessions'
import { createScheduleService } from '../services/schedule'
import { createTestDatabase } from '../testing/harness'
import { postFixtures } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'
import { checkDerivedData, DERIVED_DATA, PLAN_USER_COLUMNS, PLAN_VERSION, tablesNamedIn, TRIGGER_EVENTS } from './derivedData'
import { assignedSlots, organizations, teamMembers, teams } from './schema'

describe('the derived data declaration', () => {
  it('names each table once per data, with events and a prefixed function for each trigger', () => {
    for (const data of DERIVED_DATA) {
      const tables = data.tables.map((t) => t.table)
      expect(new Set(tables).size, data.name).toBe(tables.length)
      for (const table of data.tables) {
        expect(table.triggers.length, `${data.name}: ${table.table}`).toBeGreaterThan(0)
        for (const trigger of table.triggers) {
          expect(trigger.events.length).toBeGreaterThan(0)
          expect(trigger.events.every((e) => TRIGGER_EVENTS.includes(e))).toBe(true)
          expect(trigger.function.startsWith(data.functionPrefix)).toBe(true)
        }
      }
    }
  })
})

describeEachDatabase('derived data triggers', (t) => {
  it('every declared table has its triggers and no other table calls their functions', async () => {
    expect(await checkDerivedData(t().db)).toEqual([])
  })

  it('the calendar reads exactly the tables declared for the Plan version, and of users only the columns whose change bumps it', async () => {
    const { newOrg, addMember } = postFixtures(t, { now: '2026-03-10T09:00:00Z' })
    const admin = await newOrg('Ada Admin')
    const member = await addMember(admin, 'Lee Leader')
    const [org] = await t().db.select({ workOSId: organizations.organizationWorkOSId }).from(organizations).where(eq(organizations.id, admin.organizationId))
    const now = new Date('2026-03-10T09:00:00Z')
    const teamId = randomUUID()
    await t().db.insert(teams).values({ id: teamId, organizationId: admin.organizationId, name: 'Leaders', createdAt: now, updatedAt: now })
    await t().db.insert(teamMembers).values({ teamId, organizationId: admin.organizationId, userId: member.userId, isLeader: true, createdAt: now })
    await t().db.insert(assignedSlots).values({
      id: randomUUID(),
      organizationId: admin.organizationId,
      seriesId: randomUUID(),
      assigneeId: member.userId,
      time: new Date('2026-03-12T10:00:00Z'),
      timezone: 'UTC',
      createdById: admin.userId,
      createdAt: now,
      updatedAt: now
    })
    const session = (userId: string, role: 'ADMIN' | 'MEMBER'): OrganizationSession => ({
      tokenHash: 'not a real session',
      userId,
      email: `${userId}@example.com`,
      expiresAt: new Date('2026-04-01T00:00:00Z'),
      organization: { id: admin.organizationId, organizationWorkOSId: org!.workOSId, role }
    })
    const schedule = createScheduleService({ db: t().db, clock: t().clock })
    const range = { from: '2026-03-09T00:00:00Z', to: '2026-03-16T00:00:00Z' }

    // Every path of the calendar's read: a slot (so its people, tags and pages are looked up), a
    // viewer who leads a team, each filter, and an account that is no member (a page is looked for).
    const { result: answers, statements } = await t().statementsDuring(async () => {
      const reads = [
          () => schedule.calendar(session(member.userId, 'MEMBER'), range),
          () => schedule.calendar(session(admin.userId, 'ADMIN'), { ...range, accountId: member.userId }),
          () => schedule.calendar(session(admin.userId, 'ADMIN'), { ...range, teamId }),
          () => schedule.calendar(session(admin.userId, 'ADMIN'), { ...range, status: 'SCHEDULED' }),
        () => schedule.calendar(session(admin.userId, 'ADMIN'), { ...range, accountId: randomUUID() }).catch((error: Error) => error)
      ]
      const done = []
      for (const read of reads) done.push(await read())
      return done
    })
    expect(answers.slice(0, 3).map((a) => ('slots' in a ? a.slots.length : a))).toEqual([1, 1, 1])
    expect(answers[4]).toBeInstanceOf(Error)

    const declared = PLAN_VERSION.tables.map((d) => d.table).sort()
    expect(await tablesNamedIn(t().db, statements)).toEqual(declared)
    const userColumns = new Set(statements.flatMap((s) => [...s.matchAll(/"users"\."([^"]+)"/g)].map((m) => m[1]!)))
    expect([...userColumns]).toEqual(expect.arrayContaining(['full_name', 'image']))
    expect([...userColumns].filter((c) => !PLAN_USER_COLUMNS.includes(c))).toEqual([])
  })

  it('reports a declared trigger missing and a trigger of the functions on a table not declared', async () => {
    const fresh = await createTestDatabase(t().kind)
    try {
      expect(await checkDerivedData(fresh.db)).toEqual([])
      await fresh.db.execute(sql`drop trigger "business_post_tags_plan_update" on "business_post_tags"`)
      await fresh.db.execute(sql`drop trigger "teams_plan_flush" on "teams"`)
      await fresh.db.execute(sql`alter table "notifications" disable trigger "notifications_unread_delete"`)
      await fresh.db.execute(
        sql`create trigger "organizations_plan_update" after update on "organizations" referencing old table as "old_rows" new table as "new_rows" for each statement execute function "plan_versions_bump"()`
      )
      await fresh.db.execute(
        sql`create trigger "users_plan_delete" after delete on "users" referencing old table as "old_rows" for each statement execute function "plan_versions_bump_people"()`
      )
      const problems = await checkDerivedData(fresh.db)
      expect(problems).toEqual([
        expect.stringMatching(/^the organization's Plan version: teams has no deferred AFTER INSERT trigger FOR EACH ROW calling plan_versions_flush$/),
        expect.stringMatching(/: teams has no deferred AFTER UPDATE trigger FOR EACH ROW calling plan_versions_flush$/),
        expect.stringMatching(/: teams has no deferred AFTER DELETE trigger FOR EACH ROW calling plan_versions_flush$/),
        expect.stringMatching(/: business_post_tags has no AFTER UPDATE trigger FOR EACH STATEMENT calling plan_versions_bump$/),
        expect.stringMatching(/: trigger organizations_plan_update .* on organizations, a table not declared$/),
        expect.stringMatching(/: trigger users_plan_delete .* on users fires on DELETE, not declared$/),
        expect.stringMatching(/^the unread notification counts: notifications has no AFTER DELETE trigger FOR EACH STATEMENT calling notification_unread_counts_apply; found notifications_unread_delete .*DISABLED/)
      ])
    } finally {
      await fresh.close()
    }
  })
})
