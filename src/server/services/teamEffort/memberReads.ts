import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { dayStart, type Period } from '../../../shared/rules'
import type { Database, Executor } from '../../db/client'
import { assignedSlots, notifications, posts, users } from '../../db/schema'
import { storedTimeZone } from '../analytics'
import { NUDGE_TITLE } from './messages'
import { slotIsDone, slotIsNotDone } from '../../db/slotDone'

/* Per member: next open slots, today's nudges, slot counts and weeks with posts (docs/architecture.md, "Team effort, nudges and the dashboard"). */

/** Each member's next open slot (time from now on, no published post linked): one statement. */
export async function nextOpenSlots(executor: Executor, organizationId: string, userIds: readonly string[], now: Date): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map()
  const rows = await executor
    .selectDistinctOn([assignedSlots.assigneeId], { assigneeId: assignedSlots.assigneeId, id: assignedSlots.id })
    .from(assignedSlots)
    .where(and(eq(assignedSlots.organizationId, organizationId), inArray(assignedSlots.assigneeId, [...userIds]), gte(assignedSlots.time, now), slotIsNotDone()))
    .orderBy(asc(assignedSlots.assigneeId), asc(assignedSlots.time), asc(assignedSlots.id))
  return new Map(rows.map((r) => [r.assigneeId, r.id]))
}

/** The longest a member's day can have lasted at `now`, whatever their time zone (UTC−12 to UTC+14, and a day). */
const LONGEST_DAY_MS = 50 * 60 * 60 * 1000

/**
 * The members nudged already today, each in their own time zone (at most one nudge a day): one
 * statement, for the effort table's buttons and for the nudge's own check.
 */
export async function nudgedToday(executor: Executor, organizationId: string, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await executor
    .select({ userId: notifications.userId, timezone: users.timezone, last: sql<Date>`max(${notifications.createdAt})`.mapWith(notifications.createdAt) })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        eq(notifications.organizationId, organizationId),
        eq(notifications.title, NUDGE_TITLE),
        inArray(notifications.userId, [...userIds]),
        gte(notifications.createdAt, new Date(now.getTime() - LONGEST_DAY_MS))
      )
    )
    .groupBy(notifications.userId, users.timezone)
  return new Set(rows.filter((r) => r.last >= dayStart(now, storedTimeZone(r.timezone))).map((r) => r.userId))
}

/** Slots assigned, done, missed and done on time per assignee in the period. */
export async function slotCounts(db: Database, organizationId: string, period: Period, now: Date, assignees: readonly string[] | null) {
  const done = slotIsDone()
  const onTime = sql`exists (select 1 from ${posts} where ${posts.slotId} = ${assignedSlots.id} and ${posts.status} = 'PUBLISHED' and ${posts.publishedAt} <= ${assignedSlots.time})`
  const rows = await db
    .select({
      assigneeId: assignedSlots.assigneeId,
      assigned: count(),
      done: sql<number>`(count(*) filter (where ${done}))::int`,
      missed: sql<number>`(count(*) filter (where not ${done} and ${assignedSlots.time} < ${now.toISOString()}::timestamptz))::int`,
      onTime: sql<number>`(count(*) filter (where ${onTime}))::int`
    })
    .from(assignedSlots)
    .where(
      and(
        eq(assignedSlots.organizationId, organizationId),
        assignees ? inArray(assignedSlots.assigneeId, [...assignees]) : undefined,
        gte(assignedSlots.time, period.from),
        lt(assignedSlots.time, period.to)
      )
    )
    .groupBy(assignedSlots.assigneeId)
  return new Map(rows.map((r) => [r.assigneeId, r]))
}

/** Per author (all: null), which of the weeks starting at `starts` (each to the next, the last to `end`) had a published post. */
export async function weeksWithPosts(
  db: Database,
  organizationId: string, authors: readonly string[] | null, starts: readonly Date[], end: Date): Promise<Map<string, Set<number>>> {
  const bounds = sql.join(
    [...starts, end].map((d) => sql`${d.toISOString()}::timestamptz`),
    sql`, `
  )
  const bucket = sql<number>`width_bucket(${posts.publishedAt}, array[${bounds}])`
  const rows = await db
    .select({ authorId: posts.authorUserId, bucket })
    .from(posts)
    .where(
      and(
        eq(posts.organizationId, organizationId),
        eq(posts.status, 'PUBLISHED'),
        authors ? inArray(posts.authorUserId, [...authors]) : undefined,
        gte(posts.publishedAt, starts[0]!),
        lt(posts.publishedAt, end)
      )
    )
    // By position: the bucket's expression carries parameters, which PostgreSQL would not match to the select's.
    .groupBy(sql`1, 2`)
  const byAuthor = new Map<string, Set<number>>()
  for (const r of rows) {
    const set = byAuthor.get(r.authorId) ?? new Set<number>()
    // width_bucket counts from 1 for the first week.
    set.add(Number(r.bucket) - 1)
    byAuthor.set(r.authorId, set)
  }
  return byAuthor
}
