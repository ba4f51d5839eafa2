import { z } from 'zod'
import {
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookDeliveryStatusSchema,
  webhookDescriptionSchema,
  webhookEndpointSchema,
  webhookEventsSchema,
  webhookSecretSchema,
  webhookUrlSchema
} from '../../domain/webhooks'
import { singleLineText } from '../../domain/text'
import { endpoint, none, ok } from './base'
import { idSchema } from './common'

// Signed webhooks (issue 28): an organization's endpoints, their secrets and delivery logs; admins, API plan feature.
const admin = { role: 'admin', entitlement: 'API' } as const

export const WEBHOOK_DELIVERIES_PAGE_MAX = 100
const CURSOR_MESSAGE = 'Start again from the first page.'

export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  description: webhookDescriptionSchema.default(''),
  events: webhookEventsSchema
})
export const updateWebhookBodySchema = z.object({
  id: idSchema,
  url: webhookUrlSchema.optional(),
  description: webhookDescriptionSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional()
})
export const webhookDeliveriesQuerySchema = z.object({
  id: idSchema,
  status: webhookDeliveryStatusSchema.optional(),
  cursor: singleLineText().trim().max(100, CURSOR_MESSAGE).optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(20)
})

export const webhookApiEndpoints = {
  /** The organization's webhook endpoints, oldest first. */
  listWebhooks: endpoint({ ...admin, method: 'GET', path: '/organization/webhooks', query: none, body: none, response: z.array(webhookEndpointSchema) }),
  /**
   * Adds an endpoint: https (http and loopback only with the development setting); an address
   * that is plainly private, loopback, link-local or a metadata service is a 400 on `url` (each
   * delivery resolves and checks it again). Answers the signing secret too.
   */
  createWebhook: endpoint({
    ...admin,
    method: 'POST',
    path: '/organization/webhooks',
    query: none,
    body: createWebhookBodySchema,
    response: z.object({ endpoint: webhookEndpointSchema, secret: z.string().nullable() }),
    idempotent: true,
    /** A replay answers `secret` null: the idempotency table never holds it (getWebhookSecret shows it again). */
    oneTimeFields: ['secret']
  }),
  /** Changes the address, events, description, or turns it on or off (on again: its failure count starts afresh). */
  updateWebhook: endpoint({ ...admin, method: 'PUT', path: '/organization/webhooks', query: none, body: updateWebhookBodySchema, response: webhookEndpointSchema }),
  /** Deletes an endpoint with its delivery log. */
  deleteWebhook: endpoint({ ...admin, method: 'DELETE', path: '/organization/webhooks', query: z.object({ id: idSchema }), body: none, response: ok }),
  /** The signing secret (`whsec_…`), shown on request. */
  getWebhookSecret: endpoint({ ...admin, method: 'GET', path: '/organization/webhooks/secret', query: z.object({ id: idSchema }), body: none, response: webhookSecretSchema }),
  /** A new signing secret, used from the next try on. */
  rotateWebhookSecret: endpoint({
    ...admin,
    method: 'POST',
    path: '/organization/webhooks/rotate-secret',
    query: none,
    body: z.object({ id: idSchema }),
    response: webhookSecretSchema,
    idempotent: true
  }),
  /** The endpoint's deliveries, newest first (keyset paging). */
  listWebhookDeliveries: endpoint({ ...admin, method: 'GET', path: '/organization/webhooks/deliveries', query: webhookDeliveriesQuerySchema, body: none, response: webhookDeliveryPageSchema }),
  /** Tries a delivery again now, with the same webhook-id. */
  redeliverWebhook: endpoint({
    ...admin,
    method: 'POST',
    path: '/organization/webhooks/redeliver',
    query: none,
    body: z.object({ id: idSchema, deliveryId: idSchema }),
    response: webhookDeliverySchema,
    idempotent: true
  }),
  /** Sends a `webhook.test` event to the endpoint now (one try). */
  testWebhook: endpoint({ ...admin, method: 'POST', path: '/organization/webhooks/test', query: none, body: z.object({ id: idSchema }), response: webhookDeliverySchema, idempotent: true })
} as const
