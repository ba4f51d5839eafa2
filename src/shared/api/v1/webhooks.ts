import { z } from 'zod'
import { webhookDescriptionSchema, webhookEndpointSchema, webhookEventsSchema, webhookUrlSchema } from '../../domain/webhooks'
import { createWebhookBodySchema } from '../endpoints/webhooks'
import { noInput, pathId, v1 } from './base'

/*
 * Signed webhooks (issue 28) through the public API: services.webhooks, as Settings → Organization
 * → Webhooks uses it, with the key as the actor ("API key <name>" in the audit log and as the
 * endpoint's creator). Every operation, reads included, needs `webhooks:write`: an endpoint's
 * address may carry a token of the receiver's. Only standard (Standard Webhooks) endpoints: chat
 * channels are managed in the app.
 */

const webhook = webhookEndpointSchema.meta({ id: 'Webhook' })
const webhookPath = z.object({ webhookId: pathId })

export const v1WebhookEndpoints = {
  listWebhooks: v1({
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/webhooks',
    scope: 'webhooks:write',
    tag: 'Webhooks',
    summary: "List the organization's webhooks",
    description: 'Oldest first; an organization has at most 20, so the list is one page.',
    params: noInput,
    query: noInput,
    body: noInput,
    response: z.object({ items: z.array(webhook) })
  }),
  getWebhook: v1({
    operationId: 'getWebhook',
    method: 'GET',
    path: '/webhooks/{webhookId}',
    scope: 'webhooks:write',
    tag: 'Webhooks',
    summary: 'Get a webhook',
    params: webhookPath,
    query: noInput,
    body: noInput,
    response: webhook
  }),
  createWebhook: v1({
    operationId: 'createWebhook',
    method: 'POST',
    path: '/webhooks',
    scope: 'webhooks:write',
    tag: 'Webhooks',
    summary: 'Add a webhook',
    description:
      'An https endpoint and the events it hears. Answers its signing secret (`whsec_…`): keep it to verify the `webhook-signature` of each delivery (Standard Webhooks); a replay with the same Idempotency-Key answers it as null (getWebhookSecret reads it again). An address that is plainly private, loopback or link-local is a 400 on `url`.',
    params: noInput,
    query: noInput,
    body: createWebhookBodySchema,
    response: z.object({ webhook, secret: z.string().nullable().describe('The signing secret; null on an Idempotency-Key replay.') }),
    oneTimeFields: ['secret']
  }),
  getWebhookSecret: v1({
    operationId: 'getWebhookSecret',
    method: 'GET',
    path: '/webhooks/{webhookId}/secret',
    scope: 'webhooks:write',
    tag: 'Webhooks',
    summary: "Read a webhook's signing secret",
    description: 'The `whsec_…` secret that signs its deliveries, as Settings → Organization → Webhooks shows it to admins.',
    params: webhookPath,
    query: noInput,
    body: noInput,
    response: z.object({ secret: z.string() })
  }),
  updateWebhook: v1({
    operationId: 'updateWebhook',
    method: 'PATCH',
    path: '/webhooks/{webhookId}',
    scope: 'webhooks:write',
    tag: 'Webhooks',
    summary: 'Change a webhook, or turn it off or on',
    description: 'Fields left out stay as they are. Turned on again, its failure count starts afresh.',
    params: webhookPath,
    query: noInput,
    body: z.object({
      url: webhookUrlSchema.optional(),
      description: webhookDescriptionSchema.optional(),
      events: webhookEventsSchema.optional(),
      enabled: z.boolean().optional()
    }),
    response: webhook
  }),
  deleteWebhook: v1({
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/webhooks/{webhookId}',
    scope: 'webhooks:write',
    tag: 'Webhooks',
    summary: 'Delete a webhook with its delivery log',
    params: webhookPath,
    query: noInput,
    body: noInput,
    response: z.object({ deleted: z.number().int().nonnegative() })
  })
} as const
