import { createHash, randomUUID } from 'node:crypto'
import { TZDate } from '@date-fns/tz'
import { addDays, format } from 'date-fns'
import { and, count, eq, gt, gte, inArray, lt, or } from 'drizzle-orm'
import { CHAT_WEEKLY_HOUR } from '../../../shared/api/endpoints/chatChannels'
import { weekStart } from '../../../shared/rules/periods'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { assignedSlots, chatChannelOptions, chatWeeklyMessages, memberships, recommendations, webhookDeliveries, webhookEndpoints } from '../../db/schema'
import type { JobKind } from '../../jobs/runner'
import { isOpen } from '../recommended/addressing'
import { WEBHOOK_MAX_ATTEMPTS } from '../webhooks/schedule'
import { slotIsNotDone } from '../../db/slotDone'

/*
 * A chat channel's weekly messages (issue 28; docs/architecture.md, "Slack and Microsoft Teams"):
 * the nudge (this week's open slots per member, who has not written yet) and the digest (the posts
 * recommended to everyone for resharing in the week before). The job runner's 'chat-channels:weekly'
 * kind looks every few minutes; on a channel's Monday from 09:00 until that day ends, in the
 * channel's time zone, it writes each chosen message once as a delivery of the channel's webhook
 * endpoint (the sender then tries it like any event, with retries), and a row of
 * chat_weekly_messages keyed by (channel, message, week) in the same transaction: exactly once per
 * week whichever processes run the job. A Monday with no server running is skipped (a Monday
 * message on Thursday is not what was asked). The message is told from the database at the attempt
 * (weeklyMessages.ts).
 */

export const CHAT_WEEKLY_JOB = 'chat-channels:weekly'
export const WEEKLY_NUDGE_EVENT = 'chat.weekly_nudge'
export const WEEKLY_DIGEST_EVENT = 'chat.weekly_digest'
export type WeeklyKind = 'nudge' | 'digest'
const EVENT_OF: Record<WeeklyKind, string> = { nudge: WEEKLY_NUDGE_EVENT, digest: WEEKLY_DIGEST_EVENT }

/** What a weekly delivery's payload holds (`data`), read back by the formatter. */
export interface WeeklyData {
  organizationId: string
  /** The channel's Monday, 'YYYY-MM-DD'. */
  week: string
  timeZone: string
  /** The week: Monday 00:00 to the next Monday 00:00, local (ISO instants). */
  from: string
  to: string
  /** The digest's recommendations: made from a week before the message was due until it was due. */
  since: string
  until: string
}

export interface ChannelWeek {
  week: string
  from: Date
  to: Date
  /** Monday CHAT_WEEKLY_HOUR:00 local. */
  dueAt: Date
  /** Tuesday 00:00 local: after it, this week's messages are skipped. */
  dueUntil: Date
}

/** The channel's week at `now` in `timeZone` (DST-correct: local midnights and 09:00). */
export function channelWeek(now: Date, timeZone: string): ChannelWeek {
  const monday = new TZDate(weekStart(now, timeZone).getTime(), timeZone)
  const due = new TZDate(monday.getTime(), timeZone)
  due.setHours(CHAT_WEEKLY_HOUR, 0, 0, 0)
  return {
    week: format(monday, 'yyyy-MM-dd'),
    from: new Date(monday.getTime()),
    to: new Date(addDays(monday, 7).getTime()),
    dueAt: new Date(due.getTime()),
    dueUntil: new Date(addDays(monday, 1).getTime())
  }
}

/** The webhook-id of a week's message to a channel: the same on every try. */
export const weeklyWebhookId = (endpointId: string, kind: WeeklyKind, week: string): string =>
  `msg_${createHash('sha256').update(`${endpointId}:weekly:${kind}:${week}`).digest('hex').slice(0, 32)}`

/** Whether a week's message has something to say: an open slot left this week, a recommendation of the week. */
async function hasContent(tx: Executor, kind: WeeklyKind, data: WeeklyData, now: Date): Promise<boolean> {
  if (kind === 'nudge') {
    const [row] = await tx
      .select({ n: count() })
      .from(assignedSlots)
      .innerJoin(memberships, and(eq(memberships.userId, assignedSlots.assigneeId), eq(memberships.organizationId, assignedSlots.organizationId)))
      .where(
        and(
          eq(assignedSlots.organizationId, data.organizationId),
          eq(memberships.status, 'ACTIVE'),
          gt(assignedSlots.time, now),
          lt(assignedSlots.time, new Date(data.to)),
          slotIsNotDone()
        )
      )
    return (row?.n ?? 0) > 0
  }
  const [row] = await tx
    .select({ n: count() })
    .from(recommendations)
    .where(
      and(
        eq(recommendations.organizationId, data.organizationId),
        eq(recommendations.audience, 'everyone'),
        gte(recommendations.createdAt, new Date(data.since)),
        lt(recommendations.createdAt, new Date(data.until)),
        isOpen(now)
      )
    )
  return (row?.n ?? 0) > 0
}

export interface WeeklyDeps {
  db: Database
  clock: Clock
  /** Asks the runner to run the webhook sender now. */
  kickSender: () => void
  intervalMs?: number
}

/** One pass: every channel whose Monday morning it is gets each chosen message of its week, once. Answers how many deliveries it wrote. */
export async function sendWeeklyMessages(deps: Pick<WeeklyDeps, 'db' | 'clock'>): Promise<number> {
  const { db, clock } = deps
  const now = clock.now()
  const channels = await db
    .select({
      endpointId: webhookEndpoints.id,
      organizationId: webhookEndpoints.organizationId,
      weeklyNudge: chatChannelOptions.weeklyNudge,
      weeklyDigest: chatChannelOptions.weeklyDigest,
      timeZone: chatChannelOptions.timeZone
    })
    .from(chatChannelOptions)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, chatChannelOptions.endpointId))
    .where(
      and(
        or(eq(chatChannelOptions.weeklyNudge, true), eq(chatChannelOptions.weeklyDigest, true)),
        eq(webhookEndpoints.enabled, true),
        inArray(webhookEndpoints.kind, ['slack', 'teams'])
      )
    )
  let written = 0
  for (const channel of channels) {
    const week = channelWeek(now, channel.timeZone)
    if (now < week.dueAt || now >= week.dueUntil) continue
    const kinds: WeeklyKind[] = [...(channel.weeklyNudge ? (['nudge'] as const) : []), ...(channel.weeklyDigest ? (['digest'] as const) : [])]
    for (const kind of kinds) {
      const data: WeeklyData = {
        organizationId: channel.organizationId,
        week: week.week,
        timeZone: channel.timeZone,
        from: week.from.toISOString(),
        to: week.to.toISOString(),
        since: new Date(week.dueAt.getTime() - 7 * 86_400_000).toISOString(),
        until: week.dueAt.toISOString()
      }
      const wrote = await db.transaction(async (tx) => {
        // The week's row first: a second process (or run) waits on the key and then finds it taken.
        const [claimed] = await tx
          .insert(chatWeeklyMessages)
          .values({ endpointId: channel.endpointId, organizationId: channel.organizationId, kind, week: week.week, deliveryId: null, createdAt: now })
          .onConflictDoNothing()
          .returning({ endpointId: chatWeeklyMessages.endpointId })
        if (!claimed) return false
        if (!(await hasContent(tx, kind, data, now))) return false
        const deliveryId = randomUUID()
        await tx.insert(webhookDeliveries).values({
          id: deliveryId,
          endpointId: channel.endpointId,
          organizationId: channel.organizationId,
          eventPosition: null,
          eventName: EVENT_OF[kind],
          webhookId: weeklyWebhookId(channel.endpointId, kind, week.week),
          payload: { type: EVENT_OF[kind], timestamp: now.toISOString(), data: { ...data, actor: { type: 'system' } } },
          status: 'pending',
          attempts: 0,
          maxAttempts: WEBHOOK_MAX_ATTEMPTS,
          nextAttemptAt: now,
          createdAt: now
        })
        await tx
          .update(chatWeeklyMessages)
          .set({ deliveryId })
          .where(and(eq(chatWeeklyMessages.endpointId, channel.endpointId), eq(chatWeeklyMessages.kind, kind), eq(chatWeeklyMessages.week, week.week)))
        return true
      })
      if (wrote) written++
    }
  }
  return written
}

/** The job runner's kind: a pass every `intervalMs` (default 5 minutes); the sender is kicked after a pass that wrote. */
export function chatWeeklyJob(deps: WeeklyDeps): JobKind {
  return {
    name: CHAT_WEEKLY_JOB,
    intervalMs: deps.intervalMs ?? 5 * 60_000,
    async run() {
      if ((await sendWeeklyMessages(deps)) > 0) deps.kickSender()
      return false
    }
  }
}
