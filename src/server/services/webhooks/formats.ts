import { createHmac } from 'node:crypto'
import type { WebhookKind } from '../../../shared/domain/webhooks'
import type { FormattedRequest, OutgoingMessage, WebhookFormatter } from './types'

/*
 * The body and headers of a delivery, per endpoint kind (issue 28). 'standard' is the Standard
 * Webhooks specification (standardwebhooks.com): body `{ type, timestamp, data }`, headers
 * webhook-id, webhook-timestamp (seconds) and webhook-signature `v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">` keyed with the secret's bytes (base64 after `whsec_`). Chat channels
 * ('slack', 'teams') bring their own formatter (createWebhookService's `formatters`).
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_'
const USER_AGENT = 'Pagecrew-Webhooks/1.0'

/** The Standard Webhooks signature of a body: `v1,<base64>`. */
export function standardSignature(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64')}`
}

export const standardFormat: WebhookFormatter = (message: OutgoingMessage, { secret, now }): FormattedRequest => {
  const body = JSON.stringify({ type: message.type, timestamp: message.timestamp, data: message.data })
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': message.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': standardSignature(secret, message.webhookId, timestamp, body)
    }
  }
}

/** The built-in formatters; a kind without one fails its deliveries with a clear error. */
export const BUILTIN_FORMATTERS: Partial<Record<WebhookKind, WebhookFormatter>> = { standard: standardFormat }
