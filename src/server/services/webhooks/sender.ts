import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import type { WebhookKind } from '../../../shared/domain/webhooks'
import { OutboundRefused, type OutboundFetch } from '../../adapters/outboundFetch'
import { webhookDeliveries, webhookEndpoints } from '../../db/schema'
import type { JobKind } from '../../jobs/runner'
import { secretContext } from './endpoints'
import { settleAttempt, type Claimed } from './outcome'
import { WEBHOOK_LEASE_MS } from './schedule'
import type { OutgoingMessage, WebhookContext, WebhookFormatter } from './types'

/*
 * The sender (issue 28): a job-runner kind that tries due deliveries on whichever process runs it.
 * A run claims a batch (FOR UPDATE SKIP LOCKED, then a lease: another process passes them over),
 * tries a few at once through the outbound-fetch policy (adapters/outboundFetch.ts: DNS resolved
 * and checked on every try, redirects never followed, a short timeout, a capped answer), and
 * records each try: 2xx delivered; anything else tried again after the schedule's wait
 * (schedule.ts), failed after the last; an endpoint whose every try failed for a day is turned off
 * and its admins told. At least once: a process that dies between sending and recording lets the
 * lease run out and the delivery is sent again with the same webhook-id.
 */

export const WEBHOOK_SENDER_JOB = 'webhooks:send'

interface SenderDeps {
  ctx: WebhookContext
  fetch: OutboundFetch
  formatters: Partial<Record<WebhookKind, WebhookFormatter>>
  concurrency: number
  intervalMs: number
}

const ERROR_MAX = 500
const clip = (text: string) => (text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text)

export function createWebhookSender(deps: SenderDeps): JobKind {
  const { ctx, concurrency } = deps
  const { db, clock } = ctx
  const batch = concurrency * 4

  async function claim(): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const now = clock.now()
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
            or(eq(webhookEndpoints.enabled, true), eq(webhookDeliveries.manual, true))
          )
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(batch)
        .for('update', { of: webhookDeliveries, skipLocked: true })
      if (due.length === 0) return []
      const ids = due.map((row) => row.id)
      await tx
        .update(webhookDeliveries)
        .set({ leaseUntil: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
        .where(inArray(webhookDeliveries.id, ids))
      const rows = await tx
        .select()
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(inArray(webhookDeliveries.id, ids))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
      return rows.map((row) => ({ delivery: row.webhook_deliveries, endpoint: row.webhook_endpoints }))
    })
  }

  async function attempt({ delivery, endpoint }: Claimed): Promise<void> {
    const attemptedAt = clock.now()
    const started = performance.now()
    let responseCode: number | null = null
    let error: string | null = null
    try {
      const formatter = deps.formatters[endpoint.kind]
      if (!formatter) throw new Error(`Endpoints of kind ${endpoint.kind} cannot be sent to yet.`)
      const secret = ctx.cipher.decrypt(endpoint.secretEncrypted, secretContext(endpoint.id))
      const message: OutgoingMessage = { webhookId: delivery.webhookId, ...delivery.payload }
      const request = await formatter(message, { secret, now: attemptedAt, endpoint: { id: endpoint.id, organizationId: endpoint.organizationId, url: endpoint.url } })
      const answer = await deps.fetch(endpoint.url, { method: 'POST', headers: request.headers, body: request.body })
      responseCode = answer.status
      if (answer.status >= 300 && answer.status < 400) error = 'Redirects are not followed.'
      else if (answer.status < 200 || answer.status >= 300) error = `The endpoint answered ${answer.status}.`
    } catch (err) {
      error = clip(err instanceof OutboundRefused ? `Refused: ${err.message}` : err instanceof Error ? err.message : String(err))
    }
    const durationMs = Math.round(performance.now() - started)
    await settleAttempt(ctx, { delivery, endpoint }, { attemptedAt, responseCode, error, durationMs })
  }

  return {
    name: WEBHOOK_SENDER_JOB,
    intervalMs: deps.intervalMs,
    async run() {
      const claimed = await claim()
      let next = 0
      const worker = async () => {
        while (next < claimed.length) {
          const one = claimed[next++]!
          try {
            await attempt(one)
          } catch (err) {
            ctx.log(`webhook delivery ${one.delivery.id}: ${err instanceof Error ? err.message : String(err)}`)
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker))
      return claimed.length === batch
    }
  }
}
