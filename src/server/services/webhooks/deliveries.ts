import { createHash, randomUUID } from 'node:crypto'
import { and, desc, eq, lt, or } from 'drizzle-orm'
import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT, type WebhookDelivery, type WebhookDeliveryPage, type WebhookDeliveryStatus } from '../../../shared/domain/webhooks'
import type { EventActor } from '../../../shared/api/events'
import { webhookDeliveries } from '../../db/schema'
import { badRequest, notFound } from '../../errors'
import { requireUuid } from '../access'
import type { AuditActor } from '../audit'
import { findEndpoint } from './endpoints'
import { WEBHOOK_SENDER_JOB } from './sender'
import type { WebhookContext } from './types'

/* An endpoint's delivery log, Redeliver and the test event (docs/architecture.md, "Webhooks"). */

type DeliveryRow = typeof webhookDeliveries.$inferSelect

export const CURSOR_INVALID = 'That page of deliveries no longer exists. Start again from the first page.'

export const toDeliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhookId: row.webhookId,
  eventName: row.eventName,
  status: row.status,
  attempts: row.attempts,
  lastResponseCode: row.lastResponseCode,
  lastError: row.lastError,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: row.createdAt.toISOString()
})

/** The webhook-id of an event's delivery to an endpoint: the same however often it is written or tried. */
export const eventWebhookId = (endpointId: string, position: number): string =>
  `msg_${createHash('sha256').update(`${endpointId}:${position}`).digest('hex').slice(0, 32)}`

/** The event's actor as the payload tells it (an API key by id and name, never a person behind it). */
export const payloadActor = (actor: EventActor): Record<string, unknown> => ({ ...actor })

function decodeCursor(cursor: string): { at: Date; id: string } {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/.exec(cursor)
  const at = match ? new Date(match[1]!) : null
  if (!match || !at || Number.isNaN(at.getTime())) throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
  return { at, id: match[2]! }
}

export async function listDeliveries(
  ctx: WebhookContext,
  organizationId: string,
  endpointId: string,
  page: { cursor?: string; limit: number; status?: WebhookDeliveryStatus }
): Promise<WebhookDeliveryPage> {
  const { db } = ctx
  const endpoint = await findEndpoint(db, organizationId, endpointId)
  const after = page.cursor ? decodeCursor(page.cursor) : null
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        page.status ? eq(webhookDeliveries.status, page.status) : undefined,
        after
          ? or(lt(webhookDeliveries.createdAt, after.at), and(eq(webhookDeliveries.createdAt, after.at), lt(webhookDeliveries.id, after.id)))
          : undefined
      )
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit + 1)
  const shown = rows.slice(0, page.limit)
  const last = shown.at(-1)
  return {
    deliveries: shown.map(toDeliveryView),
    nextCursor: rows.length > page.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null
  }
}

/**
 * A new try now, with the same webhook-id. A delivery still being retried is moved up; a finished
 * one (delivered or failed) gets exactly one more try, whatever its outcome.
 */
export async function redeliver(ctx: WebhookContext, organizationId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const { db, clock } = ctx
  requireUuid(deliveryId, WEBHOOK_MESSAGES.deliveryNotFound)
  const row = await db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, organizationId, endpointId)
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
      .for('update')
    if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound)
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        nextAttemptAt: clock.now(),
        manual: true,
        leaseUntil: null,
        maxAttempts: delivery.status === 'pending' ? delivery.maxAttempts : delivery.attempts + 1
      })
      .where(eq(webhookDeliveries.id, delivery.id))
      .returning()
    return updated!
  })
  ctx.kick(WEBHOOK_SENDER_JOB)
  return toDeliveryView(row)
}

/** A `webhook.test` delivery to one endpoint, tried once now (the dialog's "Send test event"). */
export async function sendTestEvent(ctx: WebhookContext, organizationId: string, actor: AuditActor, endpointId: string): Promise<WebhookDelivery> {
  const { db, clock } = ctx
  const endpoint = await findEndpoint(db, organizationId, endpointId)
  const now = clock.now()
  const eventActor: EventActor =
    actor === 'system' ? { type: 'system' } : 'apiKey' in actor ? { type: 'apiKey', keyId: actor.apiKey.id, name: actor.apiKey.name } : { type: 'user', userId: actor.userId }
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      id: randomUUID(),
      endpointId: endpoint.id,
      organizationId,
      eventPosition: null,
      eventName: WEBHOOK_TEST_EVENT,
      webhookId: `msg_${randomUUID().replaceAll('-', '')}`,
      payload: { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { organizationId, actor: payloadActor(eventActor), test: true } },
      status: 'pending',
      attempts: 0,
      maxAttempts: 1,
      nextAttemptAt: now,
      manual: true,
      createdAt: now
    })
    .returning()
  ctx.kick(WEBHOOK_SENDER_JOB)
  return toDeliveryView(row!)
}
