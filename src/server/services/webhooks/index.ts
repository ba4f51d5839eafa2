import type { WebhookDelivery, WebhookDeliveryPage, WebhookDeliveryStatus, WebhookEndpoint } from '../../../shared/domain/webhooks'
import { createOutboundFetch } from '../../adapters/outboundFetch'
import { eventConsumerJob } from '../../events/consumers'
import type { JobKind } from '../../jobs/runner'
import type { AuditActor } from '../audit'
import { createTokenCipher, loadTokenKey } from '../tokenCrypto'
import { webhooksConsumer } from './consumer'
import { listDeliveries, redeliver, sendTestEvent } from './deliveries'
import {
  createEndpoint,
  getEndpoint,
  listEndpoints,
  removeEndpoint,
  revealSecret,
  rotateSecret,
  updateEndpoint,
  type CreateWebhookInput,
  type UpdateWebhookInput
} from './endpoints'
import { BUILTIN_FORMATTERS } from './formats'
import { WEBHOOK_RETRY_DELAYS_MS } from './schedule'
import { createWebhookSender, WEBHOOK_SENDER_JOB } from './sender'
import type { WebhookContext, WebhookDeps } from './types'

/*
 * Signed webhooks (issue 28). One use case per file; this facade makes the cipher and the
 * outbound-fetch policy once and delegates. Every method takes the organization and an AuditActor,
 * so the session endpoints and the /api/v1 layer share it. The rules are in docs/architecture.md,
 * "Webhooks", and docs/api.md, "Webhooks".
 */

export { WEBHOOK_SENDER_JOB } from './sender'
export { urlHint } from './endpoints'
export { CHAT_CHANNELS_SECTION_LINK, WEBHOOKS_SECTION_LINK } from './outcome'
export { WEBHOOKS_CONSUMER, webhooksConsumer } from './consumer'
export type { CreateWebhookInput, UpdateWebhookInput } from './endpoints'
export type { FormattedRequest, OutgoingMessage, WebhookDeps, WebhookFormatter } from './types'

export interface WebhookService {
  list(organizationId: string): Promise<WebhookEndpoint[]>
  get(organizationId: string, endpointId: string): Promise<WebhookEndpoint>
  /** The new endpoint and its signing secret (`whsec_…`). */
  create(organizationId: string, actor: AuditActor, input: CreateWebhookInput): Promise<{ endpoint: WebhookEndpoint; secret: string }>
  update(organizationId: string, actor: AuditActor, endpointId: string, input: UpdateWebhookInput): Promise<WebhookEndpoint>
  remove(organizationId: string, actor: AuditActor, endpointId: string): Promise<void>
  secret(organizationId: string, endpointId: string): Promise<{ secret: string }>
  rotateSecret(organizationId: string, actor: AuditActor, endpointId: string): Promise<{ secret: string }>
  /** The endpoint's deliveries, newest first. */
  deliveries(organizationId: string, endpointId: string, page: { cursor?: string; limit: number; status?: WebhookDeliveryStatus }): Promise<WebhookDeliveryPage>
  redeliver(organizationId: string, actor: AuditActor, endpointId: string, deliveryId: string): Promise<WebhookDelivery>
  sendTest(organizationId: string, actor: AuditActor, endpointId: string): Promise<WebhookDelivery>
  /** The job runner's kinds: the event consumer ('events:webhooks') and the sender ('webhooks:send'). */
  readonly consumerJob: JobKind
  readonly senderJob: JobKind
}

export function createWebhookService(deps: WebhookDeps): WebhookService {
  const { db, clock, config } = deps
  const kick = deps.kick ?? (() => undefined)
  const ctx: WebhookContext = {
    db,
    clock,
    config,
    notifications: deps.notifications,
    cipher: createTokenCipher(() => loadTokenKey(config)),
    retryDelaysMs: config.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
    kick: (kind) => kick(kind),
    log: deps.log ?? ((message) => console.error(message))
  }
  const fetch = createOutboundFetch({
    allowLoopback: config.outboundAllowLoopback,
    resolve: deps.resolveHost,
    timeoutMs: deps.timeoutMs ?? 5_000,
    maxBytes: deps.maxAnswerBytes ?? 64 * 1024
  })
  const senderJob = createWebhookSender({
    ctx,
    fetch,
    formatters: { ...BUILTIN_FORMATTERS, ...deps.formatters },
    concurrency: deps.concurrency ?? 8,
    intervalMs: deps.intervalMs ?? 5_000
  })
  // The consumer asks the sender to run as soon as a batch wrote deliveries (after its commit).
  let written = false
  const inner = eventConsumerJob({ db, clock, consumer: webhooksConsumer({ clock, maxAttempts: ctx.retryDelaysMs.length + 1, written: () => (written = true) }), intervalMs: deps.intervalMs ?? 5_000 })
  const consumerJob: JobKind = {
    name: inner.name,
    intervalMs: inner.intervalMs,
    async run() {
      written = false
      const more = await inner.run()
      if (written) ctx.kick(WEBHOOK_SENDER_JOB)
      return more
    }
  }
  return {
    list: (organizationId) => listEndpoints(ctx, organizationId),
    get: (organizationId, endpointId) => getEndpoint(ctx, organizationId, endpointId),
    create: (organizationId, actor, input) => createEndpoint(ctx, organizationId, actor, input),
    update: (organizationId, actor, endpointId, input) => updateEndpoint(ctx, organizationId, actor, endpointId, input),
    remove: (organizationId, actor, endpointId) => removeEndpoint(ctx, organizationId, actor, endpointId),
    secret: (organizationId, endpointId) => revealSecret(ctx, organizationId, endpointId),
    rotateSecret: (organizationId, actor, endpointId) => rotateSecret(ctx, organizationId, actor, endpointId),
    deliveries: (organizationId, endpointId, page) => listDeliveries(ctx, organizationId, endpointId, page),
    redeliver: (organizationId, _actor, endpointId, deliveryId) => redeliver(ctx, organizationId, endpointId, deliveryId),
    sendTest: (organizationId, actor, endpointId) => sendTestEvent(ctx, organizationId, actor, endpointId),
    consumerJob,
    senderJob
  }
}
