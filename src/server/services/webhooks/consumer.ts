import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { DomainEvent } from '../../../shared/api/events'
import { WEBHOOK_EVENTS } from '../../../shared/domain/webhooks'
import type { Executor } from '../../db/client'
import { webhookDeliveries, webhookEndpoints } from '../../db/schema'
import type { EventConsumer } from '../../events/consumers'
import { eventWebhookId, payloadActor } from './deliveries'
import { WEBHOOK_MAX_ATTEMPTS } from './schedule'

/*
 * The event stream's 'webhooks' consumer (issue 28): one delivery per enabled endpoint of the
 * event's organization that hears the event, written in the consumer's transaction (exactly once,
 * whichever process reads the batch; the unique (endpoint, position) index says so too). The
 * sender (sender.ts) then tries them.
 */

export const WEBHOOKS_CONSUMER = 'webhooks'

/** The body's content for an event: its payload (ids and facts) with its organization and actor. */
export const eventMessage = (event: DomainEvent) => ({
  type: event.name,
  timestamp: event.occurredAt,
  data: { ...(event.payload as Record<string, unknown>), organizationId: event.organizationId, actor: payloadActor(event.actor) }
})

/** `maxAttempts`: a delivery's tries (one more than the configured waits); default the schedule's. */
export function webhooksConsumer(deps: { clock: { now(): Date }; maxAttempts?: number; written?: (count: number) => void }): EventConsumer {
  return {
    name: WEBHOOKS_CONSUMER,
    events: WEBHOOK_EVENTS,
    async handle(tx: Executor, events: DomainEvent[]) {
      const organizationIds = [...new Set(events.map((event) => event.organizationId))]
      const endpoints = await tx
        .select({ id: webhookEndpoints.id, organizationId: webhookEndpoints.organizationId, events: webhookEndpoints.events })
        .from(webhookEndpoints)
        .where(and(inArray(webhookEndpoints.organizationId, organizationIds), eq(webhookEndpoints.enabled, true)))
      if (endpoints.length === 0) return
      const now = deps.clock.now()
      const rows = events.flatMap((event) =>
        endpoints
          .filter((endpoint) => endpoint.organizationId === event.organizationId && endpoint.events.includes(event.name))
          .map((endpoint) => ({
            id: randomUUID(),
            endpointId: endpoint.id,
            organizationId: event.organizationId,
            eventPosition: event.position,
            eventName: event.name,
            webhookId: eventWebhookId(endpoint.id, event.position),
            payload: eventMessage(event),
            status: 'pending' as const,
            attempts: 0,
            maxAttempts: deps.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS,
            nextAttemptAt: now,
            createdAt: now
          }))
      )
      for (let i = 0; i < rows.length; i += 500) {
        await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500)).onConflictDoNothing()
      }
      if (rows.length > 0) deps.written?.(rows.length)
    }
  }
}
