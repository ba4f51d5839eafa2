import { z } from 'zod'
import type { EventName } from '../api/events'
import { singleLineText } from './text'

/**
 * Outbound webhooks (issue 28): the events an endpoint may hear, what an endpoint and a delivery
 * look like to admins, and the messages of their screen and endpoints.
 */

/** The events offered to webhooks, in the order the dialog lists them. */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.failed',
  'approval.requested',
  'post.approved',
  'post.rejected',
  'slot.assigned',
  'slot.missed',
  'member.joined',
  'certificate.issued',
  'recommendation.created'
] as const satisfies readonly EventName[]
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS)

/** A delivery that is not a real event ("Send test event"): its type. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'A post was published',
  'post.failed': 'A post failed to publish',
  'approval.requested': 'A post needs approval',
  'post.approved': 'A post was approved',
  'post.rejected': 'A post was sent back with changes requested',
  'slot.assigned': 'A slot was assigned',
  'slot.missed': 'A slot passed without a post',
  'member.joined': 'A member joined',
  'certificate.issued': 'An Academy certificate was issued',
  'recommendation.created': 'A post was recommended to reshare'
}

/** How an endpoint's body is made: the Standard Webhooks JSON, or a chat channel's message. */
export const webhookKindSchema = z.enum(['standard', 'slack', 'teams'])
export type WebhookKind = z.infer<typeof webhookKindSchema>

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the full address of your endpoint, starting with https://.',
  urlNotHttps: 'Use an https:// address.',
  urlPrivate: 'This address points to a private, loopback or link-local network. Use a public https:// address.',
  urlTooLong: 'Use an address of at most 2,048 characters.',
  eventsMissing: 'Choose at least one event.',
  descriptionTooLong: 'Use at most 200 characters.',
  notFound: 'That webhook no longer exists.',
  deliveryNotFound: 'That delivery no longer exists.',
  limit: 'An organization can have at most 20 webhooks. Delete one to add another.',
  disabledTitle: 'A webhook was turned off',
  disabledMessage: (url: string) => `Every delivery to ${url} failed for a day, so Pagecrew stopped sending to it. Fix the endpoint, then turn it back on.`
} as const

/** The most endpoints an organization may have. */
export const WEBHOOK_ENDPOINTS_MAX = 20

export const webhookUrlSchema = singleLineText({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(2048, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    } catch {
      return false
    }
  }, WEBHOOK_MESSAGES.urlInvalid)

export const webhookEventsSchema = z.array(webhookEventSchema).min(1, WEBHOOK_MESSAGES.eventsMissing).max(WEBHOOK_EVENTS.length)
export const webhookDescriptionSchema = singleLineText().trim().max(200, WEBHOOK_MESSAGES.descriptionTooLong)

export const webhookEndpointSchema = z.object({
  id: z.string(),
  kind: webhookKindSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it is off: turned off by an admin, or by Pagecrew after a day of failures. */
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdByName: z.string()
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed'])
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventName: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string()
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable()
})
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>

/** The Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. */
export const webhookSecretSchema = z.object({ secret: z.string() })
