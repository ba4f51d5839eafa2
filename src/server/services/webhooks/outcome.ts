import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { CHAT_CHANNEL_MESSAGES } from '../../../shared/api/endpoints/chatChannels'
import { WEBHOOK_MESSAGES } from '../../../shared/domain/webhooks'
import { linkTo } from '../../../shared/routes'
import type { Transaction } from '../../db/client'
import { memberships, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema'
import { record } from '../audit'
import { auditUrl } from './endpoints'
import { retryDelayMs, WEBHOOK_DISABLE_AFTER_MS } from './schedule'
import type { WebhookContext } from './types'

/* What a try's outcome changes (sender.ts): the delivery, its log, the endpoint's failing time, and turning it off after a day of failures. */

/** The link of the admins' notice: the organization's Webhooks section. */
export const WEBHOOKS_SECTION_LINK = linkTo('organizationSettings', { section: 'webhooks' })
/** A chat channel's (kind slack/teams): the Chat channels section, naming the channel rather than its secret address. */
export const CHAT_CHANNELS_SECTION_LINK = linkTo('organizationSettings', { section: 'chat' })

export interface Claimed {
  delivery: typeof webhookDeliveries.$inferSelect
  endpoint: typeof webhookEndpoints.$inferSelect
}

export interface AttemptOutcome {
  attemptedAt: Date
  responseCode: number | null
  /** null: a 2xx answer. */
  error: string | null
  durationMs: number
}

export async function settleAttempt(ctx: WebhookContext, { delivery, endpoint }: Claimed, outcome: AttemptOutcome): Promise<void> {
  const ok = outcome.error === null
  const attempts = delivery.attempts + 1
  const { db, clock } = ctx
  const now = clock.now()
  await db.transaction(async (tx) => {
    const status = ok ? 'delivered' : attempts >= delivery.maxAttempts ? 'failed' : 'pending'
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts,
        nextAttemptAt: status === 'pending' ? new Date(now.getTime() + retryDelayMs(attempts, ctx.retryDelaysMs)) : null,
        leaseUntil: null,
        manual: false,
        lastAttemptAt: outcome.attemptedAt,
        lastResponseCode: outcome.responseCode,
        lastError: outcome.error
      })
      // Still this sender's: not deleted with its endpoint, not taken over after the lease ran out.
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts)))
      .returning({ id: webhookDeliveries.id })
    if (!updated) return
    await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, ...outcome })
    if (ok) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, endpoint.id), isNotNull(webhookEndpoints.failingSince)))
      return
    }
    // A try an admin asked for does not count toward turning the endpoint off.
    if (delivery.manual) return
    const [failing] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${outcome.attemptedAt.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled })
    if (!failing?.enabled || !failing.failingSince || now.getTime() - failing.failingSince.getTime() < WEBHOOK_DISABLE_AFTER_MS) return
    await disable(ctx, tx, endpoint, now)
  })
}

/** Turns a failing endpoint off once (whichever try gets there first), fails what waits for it and tells the admins. */
async function disable(ctx: WebhookContext, tx: Transaction, endpoint: Claimed['endpoint'], now: Date) {
  const [off] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ url: webhookEndpoints.url, kind: webhookEndpoints.kind })
  if (!off) return
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastError: 'The endpoint was turned off after a day of failures.' })
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.manual, false)))
  await record(tx, {
    organizationId: endpoint.organizationId,
    at: now,
    actor: 'system',
    action: 'webhook.disabled',
    target: { type: 'webhook', id: endpoint.id, label: auditUrl(off) },
    before: { enabled: true },
    after: { enabled: false }
  })
  const admins = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, endpoint.organizationId), eq(memberships.role, 'ADMIN'), eq(memberships.status, 'ACTIVE')))
  for (const admin of admins) {
    await ctx.notifications.notify(
      {
        organizationId: endpoint.organizationId,
        userId: admin.userId,
        ...(endpoint.kind === 'standard'
          ? { title: WEBHOOK_MESSAGES.disabledTitle, message: WEBHOOK_MESSAGES.disabledMessage(off.url), link: WEBHOOKS_SECTION_LINK }
          : { title: CHAT_CHANNEL_MESSAGES.disabledTitle, message: CHAT_CHANNEL_MESSAGES.disabledMessage(endpoint.description, endpoint.kind), link: CHAT_CHANNELS_SECTION_LINK })
      },
      tx
    )
  }
}

