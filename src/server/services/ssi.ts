import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import { SSI_MESSAGES, type SsiRecord, type TeamSsiTrend } from '../../shared/domain/ssi'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { memberships, ssiRecords, teamMembers, teams, users } from '../db/schema'
import { forbidden } from '../errors'
import type { OrganizationSession } from './sessions'
import type { JobKind } from '../jobs/runner'
import { isAdminSession } from './access'
import type { NotificationService } from './notifications'
import type { AuthSession } from './sessions'
import { linkTo } from '../../shared/routes'

/**
 * The Social Selling Index (issue 15). LinkedIn publishes no SSI API and its API terms forbid
 * rating members from API data, so the user records what they read on LinkedIn's SSI page.
 *
 * Decisions:
 * - Recording needs a session only (no organization, no entitlement): the index is the user's own,
 *   whatever organization they are in. Scores are kept as whole numbers (LinkedIn shows decimals):
 *   the score and each pillar are rounded half up; every call adds one record at the clock's now.
 * - History: the user's latest HISTORY_LIMIT records, oldest first (a chart reads left to right).
 * - Team trend: months are UTC calendar months. A team's point for a month averages, over the
 *   team's current members who are ACTIVE in the session's organization, each one's latest record
 *   of that month (one voice per member however often they record); months without any record are
 *   left out. Admins (ADMIN, GHOST) see every team of the organization, a team leader the teams
 *   they lead; anyone else is refused (403). Another organization's members never count: the
 *   teams and memberships are the session organization's.
 * - Monthly reminder: a job kind of the one runner, daily. Users who are ACTIVE in an organization
 *   and whose latest record is older than REMINDER_AFTER_DAYS (or who have none) get one
 *   notification a UTC calendar month, in their first organization (the earliest ACTIVE
 *   membership). The notifications themselves are the memory of who was reminded this month (no
 *   table of its own): a user's row is locked while the check and the notification are made, so
 *   two server processes running the job at once send one.
 */
export interface SsiService {
  record(session: AuthSession, input: SsiInput): Promise<SsiRecord>
  history(session: AuthSession): Promise<SsiRecord[]>
  teamTrend(session: OrganizationSession, months: number): Promise<TeamSsiTrend>
  /** One pass of the monthly reminder: how many users were reminded. */
  remind(): Promise<{ reminded: number; more: boolean }>
  readonly reminderJob: JobKind
}

export interface SsiInput {
  score: number
  brand?: number | null
  people?: number | null
  insights?: number | null
  relationships?: number | null
}

export const HISTORY_LIMIT = 100
export const SSI_REMINDER_JOB = 'ssi-reminder'
export const SSI_REMINDER_TITLE = 'Update your Social Selling Index'
export const SSI_REMINDER_MESSAGE = 'Read your SSI on LinkedIn and record it in Pagecrew to follow your progress.'
/** Where the reminder leads: Settings opens the Record your SSI dialog. */
export const SSI_REMINDER_LINK = linkTo('settings', { ssi: 1 })
export const REMINDER_AFTER_DAYS = 30
const REMINDER_BATCH = 200
const DAY_MS = 24 * 60 * 60_000

type Row = typeof ssiRecords.$inferSelect

const whole = (value: number | null | undefined): number | null => (typeof value === 'number' ? Math.round(value) : null)

const toRecord = (row: Row): SsiRecord => ({
  id: row.id,
  score: row.score,
  brand: row.brand,
  people: row.people,
  insights: row.insights,
  relationships: row.relationships,
  recordedAt: row.recordedAt.toISOString()
})

/** The first instant of the UTC month `monthsBack` months before the one `now` is in. */
export function utcMonthStart(now: Date, monthsBack = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1))
}

export function createSsiService(deps: { db: Database; clock: Clock; notifications: NotificationService }): SsiService {
  const { db, clock } = deps

  const service: SsiService = {
    async record(session, input) {
      const [row] = await db
        .insert(ssiRecords)
        .values({
          id: randomUUID(),
          userId: session.userId,
          score: Math.round(input.score),
          brand: whole(input.brand),
          people: whole(input.people),
          insights: whole(input.insights),
          relationships: whole(input.relationships),
          recordedAt: clock.now()
        })
        .returning()
      return toRecord(row!)
    },

    async history(session) {
      const rows = await db
        .select()
        .from(ssiRecords)
        .where(eq(ssiRecords.userId, session.userId))
        .orderBy(desc(ssiRecords.recordedAt), desc(ssiRecords.id))
        .limit(HISTORY_LIMIT)
      return rows.reverse().map(toRecord)
    },

    async teamTrend(session, months) {
      const organizationId = session.organization.id
      const visible = await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(
          and(
            eq(teams.organizationId, organizationId),
            isAdminSession(session)
              ? undefined
              : inArray(
                  teams.id,
                  db
                    .select({ id: teamMembers.teamId })
                    .from(teamMembers)
                    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
                )
          )
        )
        .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
      if (!isAdminSession(session) && visible.length === 0) throw forbidden(SSI_MESSAGES.onlyLeaders)
      if (visible.length === 0) return { teams: [] }

      const from = utcMonthStart(clock.now(), months - 1)
      const month = sql<string>`to_char(${ssiRecords.recordedAt} at time zone 'UTC', 'YYYY-MM')`
      // Each member's latest record per month: one row per (member, month), read in one statement.
      const latest = await db
        .selectDistinctOn([teamMembers.userId, month], { teamId: teamMembers.teamId, userId: teamMembers.userId, month, score: ssiRecords.score })
        .from(ssiRecords)
        .innerJoin(teamMembers, and(eq(teamMembers.userId, ssiRecords.userId), eq(teamMembers.organizationId, organizationId)))
        .innerJoin(
          memberships,
          and(eq(memberships.userId, ssiRecords.userId), eq(memberships.organizationId, organizationId), eq(memberships.status, 'ACTIVE'))
        )
        .where(
          and(
            inArray(
              teamMembers.teamId,
              visible.map((team) => team.id)
            ),
            gte(ssiRecords.recordedAt, from)
          )
        )
        .orderBy(teamMembers.userId, month, desc(ssiRecords.recordedAt), desc(ssiRecords.id))

      const byTeam = new Map<string, Map<string, number[]>>()
      for (const row of latest) {
        const teamMonths = byTeam.get(row.teamId) ?? new Map<string, number[]>()
        byTeam.set(row.teamId, teamMonths)
        teamMonths.set(row.month, [...(teamMonths.get(row.month) ?? []), row.score])
      }
      return {
        teams: visible.map((team) => ({
          teamId: team.id,
          teamName: team.name,
          points: [...(byTeam.get(team.id) ?? new Map<string, number[]>()).entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([m, scores]) => ({
              month: m,
              // One decimal: an average of whole numbers.
              average: Math.round((scores.reduce((sum, s) => sum + s, 0) / scores.length) * 10) / 10,
              members: scores.length
            }))
        }))
      }
    },

    async remind() {
      const now = clock.now()
      const monthStart = utcMonthStart(now)
      const recentSince = new Date(now.getTime() - REMINDER_AFTER_DAYS * DAY_MS)
      // Spelled out with aliases: drizzle leaves columns unqualified in a one-table select, and an
      // unqualified "id" inside these subqueries would be the inner table's.
      const due = and(
        sql`exists (select 1 from "memberships" "m" where "m"."user_id" = "users"."id" and "m"."status" = 'ACTIVE')`,
        sql`not exists (select 1 from "ssi_records" "s" where "s"."user_id" = "users"."id" and "s"."recorded_at" > ${recentSince.toISOString()}::timestamptz)`,
        sql`not exists (select 1 from "notifications" "n" where "n"."user_id" = "users"."id" and "n"."title" = ${SSI_REMINDER_TITLE} and "n"."created_at" >= ${monthStart.toISOString()}::timestamptz)`
      )
      const candidates = await db.select({ id: users.id }).from(users).where(due).orderBy(asc(users.id)).limit(REMINDER_BATCH)
      let reminded = 0
      for (const candidate of candidates) {
        const sent = await db.transaction(async (tx) => {
          // The user's row lock makes the check and the notification one step across server
          // processes. The check is a statement of its own after the lock: in READ COMMITTED it then
          // sees a reminder another process committed while this one waited for the lock.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, candidate.id)).for('update')
          const [still] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, candidate.id), due))
          if (!still) return false
          const [first] = await tx
            .select({ organizationId: memberships.organizationId })
            .from(memberships)
            .where(and(eq(memberships.userId, candidate.id), eq(memberships.status, 'ACTIVE')))
            .orderBy(asc(memberships.createdAt), asc(memberships.organizationId))
            .limit(1)
          if (!first) return false
          await deps.notifications.notify(
            { organizationId: first.organizationId, userId: candidate.id, title: SSI_REMINDER_TITLE, message: SSI_REMINDER_MESSAGE, link: SSI_REMINDER_LINK },
            tx
          )
          return true
        })
        if (sent) reminded++
      }
      return { reminded, more: candidates.length === REMINDER_BATCH }
    },

    reminderJob: {
      name: SSI_REMINDER_JOB,
      intervalMs: DAY_MS,
      async run() {
        return (await service.remind()).more
      }
    }
  }
  return service
}
