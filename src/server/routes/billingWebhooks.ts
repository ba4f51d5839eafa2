import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { API_BASE } from '../../shared/api/contract'
import { createStripeClient, loadStripe } from '../adapters/billing/stripe'
import type { Clock } from '../clock'
import type { StripeConfig } from '../config'
import type { Database } from '../db/client'
import { createStripeWebhookService } from '../services/billingWebhooks'

/** Under API_BASE: POST /api/billing/webhooks/stripe (the endpoint to enter in Stripe's dashboard). */
export const STRIPE_WEBHOOK_PATH = '/billing/webhooks/stripe'
/** Stripe's event payloads are a few kilobytes; a megabyte leaves room without inviting abuse. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024

const INVALID_SIGNATURE = { error: { code: 'bad_request', message: 'Invalid webhook signature.' } } as const
const INVALID_EVENT = { error: { code: 'bad_request', message: 'Invalid webhook event.' } } as const
const INTERNAL = { error: { code: 'internal', message: 'Something went wrong. Please try again later.' } } as const

const isEvent = (value: unknown): value is Stripe.Event => {
  const e = value as Partial<Stripe.Event> | null
  return (
    !!e &&
    typeof e.id === 'string' &&
    e.id.length > 0 &&
    typeof e.type === 'string' &&
    typeof e.created === 'number' &&
    !!e.data &&
    typeof e.data.object === 'object' &&
    e.data.object !== null
  )
}

/**
 * Stripe's webhook endpoint. Register it on the root Fastify instance (not inside the /api scope):
 * it lives in its own plugin with the /api prefix, so the API's CSRF client-header check does not
 * apply (Stripe cannot send X-Pagecrew-Client; the signature is its proof), there is no session,
 * and application/json bodies stay raw bytes (the signature is over the exact payload).
 *
 * Answers: 400 for a missing or wrong signature (nothing changes); 200 {received: true} once
 * handled, recorded or ignored; 200 {received: true, duplicate: true} for an event id seen
 * before; 500 only when the database or Stripe itself fails (Stripe retries for days).
 */
export function registerStripeWebhookRoute(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; config: StripeConfig; log?: (message: string) => void; stripe?: Stripe }
): void {
  // stripe-node is loaded by the first webhook, not at start (issue 16).
  let client: Promise<Stripe> | null = deps.stripe ? Promise.resolve(deps.stripe) : null
  const stripe = () => (client ??= createStripeClient(deps.config))
  const log = deps.log ?? ((message: string) => app.log.warn(message))
  const service = createStripeWebhookService({ db: deps.db, clock: deps.clock, stripe, log })

  app.register(
    async (scope) => {
      scope.removeContentTypeParser('application/json')
      scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body))

      scope.post(STRIPE_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const header = request.headers['stripe-signature']
        if (typeof header !== 'string' || header.trim() === '') return reply.status(400).send(INVALID_SIGNATURE)
        const client = await stripe()
        let event: unknown
        try {
          // Default tolerance: 300 seconds between the signature's timestamp and now.
          event = client.webhooks.constructEvent(raw, header, deps.config.webhookSecret)
        } catch (err) {
          if (err instanceof (await loadStripe()).errors.StripeSignatureVerificationError) return reply.status(400).send(INVALID_SIGNATURE)
          return reply.status(400).send(INVALID_EVENT)
        }
        if (!isEvent(event)) return reply.status(400).send(INVALID_EVENT)
        try {
          const result = await service.handle(event)
          return reply.send(result.duplicate ? { received: true, duplicate: true } : { received: true })
        } catch (err) {
          request.log.error({ err, eventId: event.id, type: event.type }, 'Stripe webhook failed')
          return reply.status(500).send(INTERNAL)
        }
      })
    },
    { prefix: API_BASE }
  )
}
