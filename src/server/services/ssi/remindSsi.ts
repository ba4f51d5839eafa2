import { and, asc, eq, sql } from 'drizzle-orm'
import { memberships, users } from '../../db/schema'
import { DAY_MS, REMINDER_AFTER_DAYS, REMINDER_BATCH, SSI_REMINDER_LINK, SSI_REMINDER_MESSAGE, SSI_REMINDER_TITLE, utcMonthStart } from './records'
import type { SsiDeps } from './types'

/* One pass of the monthly reminder, locked per user so two processes send one (docs/architecture.md, "Social Selling Index"). */

export async function remindSsi(deps: SsiDeps): Promise<{ reminded: number; more: boolean }> {
  const { db, clock } = deps
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
}
