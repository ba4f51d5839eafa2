import type { WebhookKind } from '../../../shared/domain/webhooks'
import type { HostResolver } from '../../adapters/outboundFetch'
import type { Clock, Timers } from '../../clock'
import type { Database, Executor } from '../../db/client'
import type { NotificationService } from '../notifications'
import type { createTokenCipher } from '../tokenCrypto'

/* What the webhook use cases take (docs/architecture.md, "Webhooks"). */

/** What a delivery sends, whatever the endpoint's kind: the Standard Webhooks message. */
export interface OutgoingMessage {
  /** webhook-id: the same on every try and redelivery. */
  webhookId: string
  /** The event's name ('post.published', 'webhook.test'). */
  type: string
  /** When the event happened (ISO 8601). */
  timestamp: string
  /** The event's payload (ids and facts) with its organizationId and actor. */
  data: Record<string, unknown>
}

/** The request a formatter makes of a message: body and headers (content-type included). */
export interface FormattedRequest {
  body: string
  headers: Record<string, string>
}

/**
 * Makes the request for one endpoint kind (formats.ts): 'standard' signs the Standard Webhooks
 * JSON; a chat channel ('slack', 'teams') builds its message. `secret` is the endpoint's
 * (`whsec_…`), `now` the attempt's time (webhook-timestamp).
 */
export type WebhookFormatter = (
  message: OutgoingMessage,
  context: { secret: string; now: Date; endpoint: { id: string; organizationId: string; url: string } }
) => FormattedRequest | Promise<FormattedRequest>

export interface WebhookConfig {
  /** PAGECREW_OUTBOUND_ALLOW_LOOPBACK: http and loopback endpoints (development and tests only). */
  outboundAllowLoopback: boolean
  tokenKey: string | null
  dataDir: string
  /** PAGECREW_WEBHOOK_RETRY_DELAYS_MS: the waits between a delivery's tries; default schedule.ts's. */
  webhookRetryDelaysMs?: readonly number[]
}

export interface WebhookDeps {
  db: Database
  clock: Clock
  config: WebhookConfig
  notifications: NotificationService
  /** The sender's timers (tests drive them by hand); default the real ones. */
  timers?: Timers
  /** DNS for deliveries (tests inject theirs); default node:dns. */
  resolveHost?: HostResolver
  /** Formatters by endpoint kind, over the built-in standard one (chat channels plug theirs in). */
  formatters?: Partial<Record<WebhookKind, WebhookFormatter>>
  /** Asks the runner to run a kind now (the sender after a delivery is written). */
  kick?: (kind: string) => void
  /** A try's timeout (default 5 s) and the largest answer read (default 64 KiB). */
  timeoutMs?: number
  maxAnswerBytes?: number
  /** Deliveries tried at once per run (default 8); the wait between runs (default 5 s). */
  concurrency?: number
  intervalMs?: number
  log?: (message: string) => void
}

export interface WebhookContext extends Required<Pick<WebhookDeps, 'db' | 'clock' | 'config' | 'notifications'>> {
  cipher: ReturnType<typeof createTokenCipher>
  /** The waits between a delivery's tries (config.webhookRetryDelaysMs or the default); a delivery has one try more. */
  retryDelaysMs: readonly number[]
  kick: (kind: string) => void
  log: (message: string) => void
}

export type { Executor }
