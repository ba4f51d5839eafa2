import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'
import { webhookDeliveries, webhookEndpoints } from './webhooks'

/*
 * Chat channels' own settings (issue 28; docs/architecture.md, "Slack and Microsoft Teams"). A
 * channel is a webhook endpoint of kind slack/teams; what only a channel has lives here, beside it.
 */

/** A channel's weekly messages: the nudge and the recommended-posts digest, each Monday from 09:00 in `timeZone`. */
export const chatChannelOptions = pgTable(
  'chat_channel_options',
  {
    endpointId: uuid('endpoint_id')
      .primaryKey()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    weeklyNudge: boolean('weekly_nudge').notNull().default(false),
    weeklyDigest: boolean('weekly_digest').notNull().default(false),
    /** IANA time zone of the channel's Monday. */
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: instant('updated_at').notNull()
  },
  // The weekly job's walk: only channels with a weekly message.
  (t) => [index('chat_channel_options_weekly_idx').on(t.endpointId).where(sql`${t.weeklyNudge} or ${t.weeklyDigest}`)]
)

/**
 * One row per channel, weekly message and week (the channel's local Monday, 'YYYY-MM-DD'): written
 * in the transaction that writes its delivery, so a week's message is written once whichever process
 * runs the job (the primary key). `deliveryId` is null when there was nothing to say that week.
 */
export const chatWeeklyMessages = pgTable(
  'chat_weekly_messages',
  {
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'nudge' | 'digest'>().notNull(),
    week: text('week').notNull(),
    deliveryId: uuid('delivery_id').references(() => webhookDeliveries.id, { onDelete: 'set null' }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.endpointId, t.kind, t.week] }),
    index('chat_weekly_messages_org_idx').on(t.organizationId),
    check('chat_weekly_messages_kind_check', sql`${t.kind} in ('nudge', 'digest')`)
  ]
)
